import type { ToolRef } from './types';

/** MiniHarness: tool names are raw, not namespaced. */
export function adaptMiniHarness(_server: string, tool: string): string {
	return tool;
}

/**
 * Discovery runs servers by priority, high first; a name offered by several servers goes to the
 * highest-priority one, with no failover to the next if that one later fails. Servers missing
 * from `priority` rank below the listed ones, in input order (then a server's tools in listing
 * order): with no list, input order is the priority.
 */
export function miniHarnessDiscoveryOrder(
	tools: readonly ToolRef[],
	priority: readonly string[] = []
): number[] {
	const firstSeen = new Map<string, number>();
	tools.forEach((t, i) => {
		if (!firstSeen.has(t.server)) firstSeen.set(t.server, i);
	});
	const rank = (server: string) => {
		const i = priority.indexOf(server);
		return i === -1 ? priority.length + firstSeen.get(server)! : i;
	};
	return tools
		.map((_, index) => index)
		.sort((a, b) => rank(tools[a].server) - rank(tools[b].server) || a - b);
}
