import { closestWord } from '../text/closest-word';
import { formatPath } from './problems';
import { scenarioSchema } from './schema';
import { keysAt } from './schema-keys';

/**
 * A key MCP Lab does not read, one typo away from a key it does, which the same object lacks:
 * `mcp_server` beside no `mcp_servers`, `comand` in a stdio server. The settings block keeps keys
 * it does not know (schema.ts: a real settings file carries fields the lab does not model), so
 * such a world is valid; it is also not what its author wrote (no servers at all, a server with
 * no command), with "Valid" shown. Said as a note beside "Valid", not refused: a real settings
 * key that happens to look like one of ours must still paste as is.
 */
export interface UnreadKey {
	/** The key's path (`mcp_servers.fs.comand`). */
	path: string;
	key: string;
	/** The key this world's object lacks and most likely meant. */
	meant: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects whose unknown keys are kept: the root, each server's config, each plugin. */
function keptObjects(input: unknown): Array<[PropertyKey[], Record<string, unknown>]> {
	if (!isObject(input)) return [];
	const servers = (at: PropertyKey[], block: unknown) =>
		isObject(block)
			? Object.entries(block).flatMap(([name, config]) =>
					isObject(config)
						? [[[...at, name], config] as [PropertyKey[], Record<string, unknown>]]
						: []
				)
			: [];
	const plugins = isObject(input.plugins) ? Object.entries(input.plugins) : [];
	return [
		[[], input],
		...servers(['mcp_servers'], input.mcp_servers),
		...plugins.flatMap(([name, plugin]) =>
			isObject(plugin)
				? [
						[['plugins', name], plugin] as [PropertyKey[], Record<string, unknown>],
						...servers(['plugins', name, 'mcp_servers'], plugin.mcp_servers)
					]
				: []
		)
	];
}

/** Every such key of a valid world's input (the text as parsed), in the text's order. */
export function unreadKeys(input: unknown): UnreadKey[] {
	return keptObjects(input).flatMap(([at, object]) => {
		const known = keysAt(scenarioSchema, at);
		return Object.keys(object).flatMap((key) => {
			if (known.includes(key)) return [];
			const meant = closestWord(key, known);
			return meant && !Object.hasOwn(object, meant)
				? [{ path: formatPath([...at, key]), key, meant }]
				: [];
		});
	});
}
