import { clipped } from '../text/bound';
import type { Scenario } from './schema';

/**
 * What is wrong with a scenario, apart from the zod schemas that find most of it (parse.ts): a
 * problem's path and sentence, and the problems this build has with valid scenarios. Time
 * travel and share links name paths and refuse unsupported worlds without loading the schemas.
 * One module for all of it: time travel, setProfile's check and the parser each import some, and
 * every module they share this way becomes a file of its own that each route's start-up lists
 * (two more files here cost every route, the home page too, ~20 B gz; measured).
 */
/**
 * How much of a problem's path and message a sentence shows. A path holds the world's own names
 * (a pasted world or a share link may carry a name of megabytes), and zod quotes an unknown key
 * in its message; the path itself stays whole, as the editor goes to it.
 */
export const PATH_SHOWN = 200;
export const MESSAGE_SHOWN = 500;

export interface ScenarioProblem {
	/** JSON path of the offending value, e.g. `mcp_servers.filesystem.args[0]`; `` for the root. */
	path: string;
	message: string;
	/** Keys a strict object does not know, and zod's path of that object (for "did you mean"). */
	unknownKeys?: { keys: readonly string[]; at: readonly PropertyKey[] };
}

/** `['mcp_servers', 'a.b', 'args', 0]` → `mcp_servers["a.b"].args[0]`: keys that are not plain identifiers are quoted so the path stays unambiguous. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
	let out = '';
	for (const key of path) {
		if (typeof key === 'number') out += `[${key}]`;
		else if (/^[A-Za-z_$][\w$-]*$/.test(String(key))) out += out ? `.${String(key)}` : String(key);
		else out += `[${JSON.stringify(String(key))}]`;
	}
	return out;
}

/** One sentence for the embed API's `error` field: the first problem with its path. */
export function describeProblems(problems: ScenarioProblem[], lead = 'Invalid scenario'): string {
	const first = problems[0];
	if (!first) return `${lead}.`;
	const where = clipped(first.path || '(root)', PATH_SHOWN);
	const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
	return `${lead} at ${where}: ${clipped(first.message, MESSAGE_SHOWN)}${more}`;
}

/** Profiles this build carries out; the contract names more (embed-api.md). */
export const RUNNABLE: readonly string[] = [
	'openharness',
	'toolsource',
	'trust',
	'miniharness',
	'contextual'
];

/**
 * Valid scenarios this build cannot run faithfully yet. Running them anyway would show one
 * harness while claiming another, so they are refused with the path of what is missing. Live
 * servers (`live: true`) run: they are connected for real (live-io.ts).
 */
export function unsupported(
	scenario: Scenario,
	runnable: readonly string[] = RUNNABLE
): ScenarioProblem[] {
	const problems: ScenarioProblem[] = [];
	if (!runnable.includes(scenario.profile))
		problems.push({
			path: 'profile',
			message: `The ${scenario.profile} profile is not available in this version yet (only ${runnable.join(', ')}).`
		});
	return problems;
}
