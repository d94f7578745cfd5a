import type { ToolRef } from './types';

/**
 * ToolSource harness: `mcp.<server>.<tool>`, raw; dots are the separator, so the name breaks
 * the common provider limit by design (the harness regenerates the schema the model sees).
 * The reference says nothing on collisions: in the lab's illustration the harness registers
 * neither of two tools that share a name (a call to it could reach either server), and keeps the rest.
 */
export function adaptToolSource(server: string, tool: string): string {
	return `mcp.${server}.${tool}`;
}

/** Why a shared name is not registered, in the lab's words: every (server, tool) that produced it. */
export function toolSourceDuplicateReason(offered: readonly ToolRef[]): string {
	const from = offered.map((t) => `server '${t.server}' tool '${t.tool}'`).join(', ');
	return `more than one tool has this name (${from})`;
}
