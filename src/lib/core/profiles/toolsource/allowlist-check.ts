/**
 * The lab's note on ToolSource allowlist keys (not the harness's: it shows the model only what
 * the list names, and says nothing of a key that names no tool). A key is matched exactly against
 * `mcp.<server>.<tool>`; one that no connected server lists shows the model nothing. Nothing is
 * said of a key under a server that has not connected (its tools are not known yet), nor before
 * any server has connected.
 */
import { adaptToolSource } from '../../naming/toolsource';

export interface ListedServer {
	name: string;
	connected: boolean;
	/** The tools it listed (raw names); empty when not connected. */
	tools: readonly string[];
}

/**
 * Each allowlist key no connected server lists → the listed names it likely meant: the tools
 * called as the key is, or as its last part after `mcp.<server>.` is.
 */
export function unlistedAllowlistKeys(
	keys: readonly string[],
	servers: readonly ListedServer[]
): Map<string, string[]> {
	const unlisted = new Map<string, string[]>();
	const connected = servers.filter((s) => s.connected);
	if (connected.length === 0) return unlisted;
	const listed = connected.flatMap((s) =>
		s.tools.map((tool) => ({ tool, name: adaptToolSource(s.name, tool) }))
	);
	const names = new Set(listed.map((t) => t.name));
	const pending = servers.filter((s) => !s.connected).map((s) => adaptToolSource(s.name, ''));
	for (const key of keys) {
		if (names.has(key) || pending.some((prefix) => key.startsWith(prefix))) continue;
		unlisted.set(
			key,
			listed.filter((t) => key === t.tool || key.endsWith(`.${t.tool}`)).map((t) => t.name)
		);
	}
	return unlisted;
}
