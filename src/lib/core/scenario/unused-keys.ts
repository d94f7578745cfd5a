import { closestWord, oneTypoApart } from '../text/closest-word';
import { formatPath } from './problems';
import { scenarioSchema } from './schema';
import { keysAt } from './schema-keys';

/**
 * A key of a valid world that changes nothing in it, with "Valid" shown: not what its author
 * wrote. Said as a note beside "Valid" (and as a warning in the JSON), not refused: such worlds
 * were accepted before, in share links too, and a real settings key must still paste as is.
 * - `meant`: a key MCP Lab does not read, one typo from a key the same object lacks
 *   (`mcp_server` beside no `mcp_servers`, a stdio server's `comand`). The settings block keeps
 *   keys it does not know (schema.ts: a real settings file carries fields the lab does not model).
 * - `inside`: a server config's key that MCP Lab reads only inside its `sim` block (`tools`
 *   written beside `sim`, not in it): far from every config key, so no typo of one.
 * - `answers`: a simulated tool's `result` or `crash` that its other keys always win over
 *   (sim-server.ts answers with `error` first, then crashes, then sends `result`), a tool that a
 *   step's `changeTools` adds included.
 */
export type UnusedKey = { path: string; key: string } & (
	{ meant: string } | { inside: 'sim' } | { answers: 'error' | 'crash' }
);

type Found = Array<[PropertyKey[], Record<string, unknown>]>;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const entries = (value: unknown) => (isObject(value) ? Object.entries(value) : []);

/** Each server's config, as `[path, config]`, of a `mcp_servers` block at `at`. */
const serversIn = (at: PropertyKey[], block: unknown): Found =>
	entries(block).flatMap(([name, config]) => (isObject(config) ? [[[...at, name], config]] : []));

/** The objects whose unknown keys are kept: the root, each plugin, each server's config. */
function keptObjects(input: Record<string, unknown>): Found {
	const plugins = entries(input.plugins).flatMap(([name, plugin]): Found =>
		isObject(plugin)
			? [
					[['plugins', name], plugin],
					...serversIn(['plugins', name, 'mcp_servers'], plugin.mcp_servers)
				]
			: []
	);
	return [[[], input], ...serversIn(['mcp_servers'], input.mcp_servers), ...plugins];
}

/** A kept key one typo from a key its object lacks; a server config's key that only `sim` reads. */
function unread([at, object]: Found[number]): UnusedKey[] {
	const known = keysAt(scenarioSchema, at);
	// Only a server config has a `sim` (the root's and a plugin's own keys are not under one).
	const inSim = at.at(-2) === 'mcp_servers' ? keysAt(scenarioSchema, [...at, 'sim']) : [];
	return Object.keys(object).flatMap((key): UnusedKey[] => {
		if (known.includes(key)) return [];
		const path = formatPath([...at, key]);
		const meant = closestWord(key, known);
		// Said of a key the world keeps as valid: only a real typo's guess is worth saying.
		if (meant && oneTypoApart(key, meant))
			return Object.hasOwn(object, meant) ? [] : [{ path, key, meant }];
		return inSim.includes(key) ? [{ path, key, inside: 'sim' }] : [];
	});
}

/** A simulated tool's keys that another of its keys always wins over (`at`: the tool's path). */
function outrankedIn(at: PropertyKey[], tool: Record<string, unknown>): UnusedKey[] {
	const path = (key: string) => formatPath([...at, key]);
	const crashes = tool.crash === true;
	const answers: 'error' | 'crash' | null =
		tool.error !== undefined ? 'error' : crashes ? 'crash' : null;
	if (!answers) return [];
	return [
		...(answers === 'error' && crashes ? [{ path: path('crash'), key: 'crash', answers }] : []),
		...(tool.result !== undefined ? [{ path: path('result'), key: 'result', answers }] : [])
	];
}

const itemsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * A server's simulated tools' outranked keys: each tool's, then those of the tools its steps'
 * `changeTools` add (the same tool shape, answered by the same code).
 */
function outranked([at, config]: Found[number]): UnusedKey[] {
	const tools = isObject(config.sim) ? itemsOf(config.sim.tools) : [];
	return tools.flatMap((tool, index) => {
		if (!isObject(tool)) return [];
		const toolAt = [...at, 'sim', 'tools', index];
		const added = itemsOf(tool.steps).flatMap((step, s) =>
			isObject(step) && step.do === 'changeTools'
				? itemsOf(step.add).flatMap((one, a) =>
						isObject(one) ? outrankedIn([...toolAt, 'steps', s, 'add', a], one) : []
					)
				: []
		);
		return [...outrankedIn(toolAt, tool), ...added];
	});
}

/** Every such key of a valid world's input (the text as parsed), misspelt and misplaced first. */
export function unusedKeys(input: unknown): UnusedKey[] {
	if (!isObject(input)) return [];
	const found = keptObjects(input);
	return [...found.flatMap(unread), ...found.slice(1).flatMap(outranked)];
}

/** A key that changes nothing, as the embed's `setScenario` answer gives it (`notes`). */
export interface UnusedNote {
	path: string;
	message: string;
}

/**
 * A world's keys that change nothing, said in English: the host page gets them as it gets the
 * embed's errors; the world editor says them in the page's language.
 */
export function unusedNotes(keys: UnusedKey[]): UnusedNote[] {
	return keys.map((key) => ({
		path: key.path,
		message:
			'meant' in key
				? `MCP Lab does not know this key (it keeps it, as a setting it does not model): did you mean ${key.meant}?`
				: 'inside' in key
					? `MCP Lab reads this key only inside ${key.inside}: here it changes nothing.`
					: key.answers === 'error'
						? 'Never used: this tool answers with its error.'
						: 'Never sent: the process crashes first.'
	}));
}
