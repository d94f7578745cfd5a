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

/** Why a shared link or a log file of a world with live servers is not opened. */
export function liveReplayRefused(names: readonly string[]): string {
	return `This world has live servers (${names.join(', ')}): a real server cannot be replayed, so MCP Lab does not open share links or logs of such worlds. Connect to the server with "Connect a live server" instead.`;
}
