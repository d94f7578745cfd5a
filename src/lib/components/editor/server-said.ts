import { isolatedName } from '$lib/core/text/bound';
import { i18n } from '$lib/i18n/locale.svelte';
import { m } from '$lib/paraglide/messages';
import { joinSentences } from '$lib/state/announcer.svelte';
import type { ServerChange, ServerFields } from './server-change';

/*
 * The sentences a server's Save says (fetched with its Change editor, not with the page).
 */

const isolated = (text: string) => isolatedName(text, 120);
/** The paths, each once, in the order found. */
const where = (paths: string[]) => paths.filter((p, i) => paths.indexOf(p) === i).join(', ');

/**
 * What a Save of server `old` did, as `changeServer` reports it: its new name and the fields the
 * text now holds differently, the keys its old type took with it, the settings renamed with it,
 * then how many entries still name the old server (with where they are, to edit in the JSON).
 */
export function serverChangeSaid(
	old: string,
	{ name, type }: Pick<ServerFields, 'name' | 'type'>,
	{ changed, removed, moved, stale, takes, frees }: ServerChange
): string {
	const names = { old: isolated(old), server: isolated(name) };
	const said = {
		type: () => m.editor_form_changed_type({ type }),
		command: () => m.editor_form_changed_command(),
		args: () => m.editor_form_changed_args(),
		url: () => m.editor_form_changed_url()
	};
	const changes = changed.map((key) => said[key]()).join(m.editor_form_notes_separator());
	const main =
		name === old
			? changes
				? m.editor_form_server_changed({ server: names.server, changes })
				: m.editor_form_server_unchanged({ server: names.server })
			: changes
				? m.editor_form_server_renamed_changed({ ...names, changes })
				: m.editor_form_server_renamed(names);
	const parts = [main];
	// What the old type had and the new one has not is gone from the text: said, as it may be a
	// credential (`env`, `headers`) the learner typed.
	if (removed.length) parts.push(m.editor_form_server_removed_keys({ keys: removed.join(', ') }));
	if (moved.length) parts.push(m.editor_form_server_moved({ where: where(moved) }));
	if (stale.length)
		parts.push(
			m.editor_form_server_stale({ old: names.old, count: stale.length, where: where(stale) })
		);
	// OpenHarness's merge: a settings server's key wins over a plugin's server of the same key.
	const plugin = ({ plugin, name }: { plugin: string; name: string }) => ({
		plugin: isolated(plugin),
		name: isolated(name)
	});
	if (takes) parts.push(m.editor_form_server_takes_plugin_key(plugin(takes)));
	if (frees)
		parts.push(m.editor_form_server_frees_plugin_key({ old: names.old, ...plugin(frees) }));
	return joinSentences(parts, i18n.locale);
}
