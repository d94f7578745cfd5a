import { unreadKeys, type UnreadKey } from '$lib/core/scenario/unread-keys';
import { boundText } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';

// Fetched by the world editor when a world checks valid, not with the page: most worlds have no
// such key, and the sandbox's start-up already loads the editor.
export { unreadKeys };
export { default as UnreadNotes } from './UnreadNotes.svelte';

/** What the live region adds after "Valid" or "Validation passed": how many, and the first. */
export function unreadSaid(keys: UnreadKey[]): string {
	const { path, meant } = keys[0];
	const heading = m.editor_unread_heading({ count: keys.length });
	return `${heading} ${boundText(path, 120).text}: ${m.editor_unread_meant({ meant })}`;
}
