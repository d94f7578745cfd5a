import type { ToolInfo } from '../../machines/types';
import type { MiniHarnessConfig } from './config';
import { unknownTransport } from './strings';

export type MiniTransport = 'stdio' | 'streamable_http';

/** MiniHarness's transport for a config `type`: `http` is an alias of `streamable_http`. */
export function transportOf(
	type: string
): { ok: true; transport: MiniTransport } | { ok: false; error: string } {
	if (type === 'stdio') return { ok: true, transport: 'stdio' };
	if (type === 'streamable_http' || type === 'http')
		return { ok: true, transport: 'streamable_http' };
	return { ok: false, error: unknownTransport(type) };
}

export function priorityOf(config: MiniHarnessConfig, server: string): number {
	const priorities = config.priority ?? {};
	return Object.hasOwn(priorities, server) ? priorities[server] : 0;
}

/** Discovery order: highest priority first; equal priorities keep config order. */
export function byPriority(servers: readonly string[], config: MiniHarnessConfig): string[] {
	return servers
		.map((server, index) => ({ server, index, priority: priorityOf(config, server) }))
		.sort((a, b) => b.priority - a.priority || a.index - b.index)
		.map((s) => s.server);
}

/** Where a raw tool name goes, and who else offers it (never used: no failover). */
export interface Route {
	name: string;
	server: string;
	/** Lower-priority servers offering the same name. */
	shadowed: string[];
}

/**
 * The routing table from the servers that discovered their tools, in discovery order: names are
 * raw, and a name offered by several servers belongs to the first (highest-priority) one.
 */
export function routeTools(
	discovered: ReadonlyArray<{ server: string; tools: ToolInfo[] }>
): Route[] {
	const routes = new Map<string, Route>();
	for (const { server, tools } of discovered)
		for (const tool of tools) {
			const route = routes.get(tool.name);
			if (!route) routes.set(tool.name, { name: tool.name, server, shadowed: [] });
			else if (route.server !== server && !route.shadowed.includes(server))
				route.shadowed.push(server);
		}
	return [...routes.values()];
}
