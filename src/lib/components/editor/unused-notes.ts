import { unusedKeys, type UnusedKey } from '$lib/core/scenario/unused-keys';
import { boundText } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';

// Fetched by the world editor when a world checks valid, not with the page: most worlds have no
// such key, and the sandbox's start-up already loads the editor.
export { unusedKeys };
export { default as UnusedNotes } from './UnusedNotes.svelte';

/** Why a key changes nothing, after its path (the list's, the JSON warning's, the live region's). */
export function unusedSaid(key: UnusedKey): string {
	if ('meant' in key) return m.editor_unused_meant({ meant: key.meant });
	if ('inside' in key) return m.editor_unused_inside({ block: key.inside });
	return key.answers === 'error' ? m.editor_unused_error() : m.editor_unused_crash();
}

/** What the live region adds after "Valid" or "Validation passed": how many, and the first. */
export function unusedSpoken(keys: UnusedKey[]): string {
	const heading = m.editor_unused_heading({ count: keys.length });
	return `${heading} ${boundText(keys[0].path, 120).text}: ${unusedSaid(keys[0])}`;
}
