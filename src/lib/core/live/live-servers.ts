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

type Servers = Scenario['mcp_servers'];

/**
 * The scenario with one live server's entry changed by `edit`, where it is: among the settings'
 * servers, or a plugin's (`<plugin>:<name>`). Only a live server: a simulated one is the lab's,
 * edited in the world editor.
 */
function editLiveServer(
	scenario: Scenario,
	name: string,
	edit: (servers: Servers, key: string) => Servers
): Scenario {
	const server = mergeServers(scenario).servers.find((s) => s.name === name);
	if (!server || !isLiveServer(server.config))
		throw new Error(`This world has no live server named '${name}'.`);
	if (server.plugin === null) return { ...scenario, mcp_servers: edit(scenario.mcp_servers, name) };
	const plugin = scenario.plugins![server.plugin];
	const key = name.slice(server.plugin.length + 1);
	return {
		...scenario,
		plugins: {
			...scenario.plugins,
			[server.plugin]: { ...plugin, mcp_servers: edit(plugin.mcp_servers ?? {}, key) }
		}
	};
}

/** The scenario without one live server, so one that never connects can leave and its name be used again. */
export function withoutLiveServer(scenario: Scenario, name: string): Scenario {
	return editLiveServer(scenario, name, (servers, key) =>
		Object.fromEntries(Object.entries(servers).filter(([k]) => k !== key))
	);
}

/**
 * The scenario with one live server at another URL (a port taken on the learner's computer):
 * its place in the config order and its headers stay. `url` is one `urlProblem` accepted.
 */
export function withLiveUrl(scenario: Scenario, name: string, url: string): Scenario {
	return editLiveServer(scenario, name, (servers, key) => ({
		...servers,
		[key]: { ...servers[key], url: url.trim() }
	}));
}
