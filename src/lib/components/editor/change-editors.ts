/*
 * What only the form's Change editors (a tool's, a server's) need, fetched together when a
 * learner first presses a Change (not with the page: the sandbox loads the form at start-up,
 * within its size budget). One module, so the form holds one dynamic import and one entry in the
 * page's preload map.
 */
import { isolatedName } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';

export { default as ToolChange } from './ToolChange.svelte';
export { default as ServerChange } from './ServerChange.svelte';
export { changeGone, readToolFields } from './tool-change';

/** Why a tool's Save was refused when the text moved the tool: only that Save is refused so. */
export const toolGone = ({ server, name }: { server: string; name: string }) =>
	m.editor_form_tool_gone({ tool: isolatedName(name, 120), server: isolatedName(server, 120) });

/** Why a tool's Save was refused when its input schema is neither blank nor a JSON object. */
export const schemaInvalid = () => m.editor_form_schema_invalid();

/** Why a server's open Change fields closed: the text, readable, has no server by that name. */
export const serverGone = (server: string) =>
	m.editor_form_server_change_closed({ server: isolatedName(server, 120) });
