import { mergeServers, type MergedServer } from '../scenario/plugins';
import type { Scenario, ServerConfig } from '../scenario/schema';

/** Wall-clock ms before a live request fails, unless the world is given another. */
export const DEFAULT_LIVE_TIMEOUT_MS = 30_000;

/** An http server marked `live: true`: the lab connects to its URL for real (live mode). */
export function isLiveServer(config: ServerConfig): config is ServerConfig & { type: 'http' } {
	return config.type === 'http' && config.live === true;
}

/**
 * Whether this world talks to a real server. Such a world cannot be replayed byte for byte (the
 * server answers what it answers, when it does), so time travel and share links must say so.
 */
export function hasLiveServers(scenario: Scenario): boolean {
	return mergeServers(scenario).servers.some((s) => isLiveServer(s.config));
}

export interface LiveServer {
	url: string;
	/** The scenario's own `headers` for this server. */
	headers: Record<string, string>;
}

/** The live servers among a world's merged servers, by name. */
export function liveServers(servers: readonly MergedServer[]): Map<string, LiveServer> {
	const live = new Map<string, LiveServer>();
	for (const { name, config } of servers)
		if (isLiveServer(config)) live.set(name, { url: config.url, headers: config.headers });
	return live;
}

/**
 * The scenario without one live server (a settings server, or a plugin's `<plugin>:<name>`), so
 * a server that never connects can leave the world and its name be used again. Only a live
 * server: a simulated one is the lab's, edited in the world editor.
 */
export function withoutLiveServer(scenario: Scenario, name: string): Scenario {
	const server = mergeServers(scenario).servers.find((s) => s.name === name);
	if (!server || !isLiveServer(server.config))
		throw new Error(`This world has no live server named '${name}'.`);
	const without = (servers: Scenario['mcp_servers'], key: string) =>
		Object.fromEntries(Object.entries(servers).filter(([k]) => k !== key));
	if (server.plugin === null)
		return { ...scenario, mcp_servers: without(scenario.mcp_servers, name) };
	const plugin = scenario.plugins![server.plugin];
	const key = name.slice(server.plugin.length + 1);
	return {
		...scenario,
		plugins: {
			...scenario.plugins,
			[server.plugin]: { ...plugin, mcp_servers: without(plugin.mcp_servers ?? {}, key) }
		}
	};
}
