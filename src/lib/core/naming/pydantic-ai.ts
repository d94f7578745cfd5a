import { pyRepr } from './python-str';
import type { ToolRef } from './types';

/**
 * pydantic-ai: raw names, or `<prefix>_<tool>` when the server has a `tool_prefix`
 * (`f'{self.tool_prefix}_{name}' if self.tool_prefix else name`: an empty prefix is none). Nothing
 * is sanitised. The lab uses the server name as the prefix.
 */
export function adaptPydanticAI(server: string, tool: string, prefix: boolean): string {
	return prefix && server ? `${server}_${tool}` : tool;
}

/**
 * `CombinedToolset.get_tools`: servers in order, and the first name already taken by another
 * server raises UserError, failing the run's tool load. The sentence is pydantic-ai's; the hint is
 * `MCPServer.tool_name_conflict_hint` (its wording differs between versions). How the two servers
 * are named in it is the lab's illustration: pydantic-ai prints each server's `label` (its repr,
 * or its class and `id`).
 */
export function pydanticConflictMessage(server: string, existing: string, name: string): string {
	return (
		`MCP server ${pyRepr(server)} defines a tool whose name conflicts with existing tool from ` +
		`MCP server ${pyRepr(existing)}: ${pyRepr(name)}. ` +
		'Set the `tool_prefix` attribute to avoid name conflicts.'
	);
}

/**
 * The tool load over servers in the order given. One server's own list is a dict built by name,
 * so a name it lists twice keeps the later tool silently; only a clash between servers raises.
 */
export function resolvePydanticAI(
	tools: readonly ToolRef[],
	names: readonly string[]
): { error: string | null } {
	const owner = new Map<string, string>();
	const servers = [...new Set(tools.map((t) => t.server))];
	for (const server of servers) {
		const own = new Set(names.filter((_, i) => tools[i].server === server));
		for (const name of own) {
			const existing = owner.get(name);
			if (existing !== undefined) return { error: pydanticConflictMessage(server, existing, name) };
		}
		for (const name of own) owner.set(name, server);
	}
	return { error: null };
}
