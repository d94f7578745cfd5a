import type { ToolRef } from './types';

/**
 * ToolSource harness: `mcp.<server>.<tool>`, raw; dots are the separator, so the name breaks
 * the common provider limit by design (the harness regenerates the schema the model sees).
 * The reference says nothing on collisions: the lab's illustration refuses a duplicate name.
 */
export function adaptToolSource(server: string, tool: string): string {
	return `mcp.${server}.${tool}`;
}

/** The lab's wording (an illustration): the name, then every (server, tool) that produced it. */
export function toolSourceDuplicateMessage(name: string, offered: readonly ToolRef[]): string {
	const from = offered.map((t) => `server '${t.server}' tool '${t.tool}'`).join(', ');
	return `Duplicate tool name '${name}': ${from}`;
}
