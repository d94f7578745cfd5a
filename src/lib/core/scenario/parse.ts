import type { z } from 'zod';
import { kindOf } from '../text/value-kind';
import { formatPath, type ScenarioProblem } from './problems';
import { scenarioSchema, type Scenario } from './schema';

// Re-exported: the parser's callers (the editor, the lab checks, tests) find them here as before.
export { describeProblems, formatPath, type ScenarioProblem } from './problems';

export type ParseResult =
	{ ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

function problemsOf(issues: readonly z.core.$ZodIssue[]): ScenarioProblem[] {
	return issues.flatMap((issue) => {
		// A value of the right kind for one of a union's forms only (an object where a boolean
		// or an object goes): that form's problems, where they are, not the union's bare
		// "Invalid input" at its path.
		const inner = issue.code === 'invalid_union' ? issue.errors.filter(deeper) : [];
		if (inner.length === 1)
			return problemsOf(inner[0].map((i) => ({ ...i, path: [...issue.path, ...i.path] })));
		return {
			path: formatPath(issue.path),
			message: issue.message,
			...(issue.code === 'unrecognized_keys'
				? { unknownKeys: { keys: issue.keys, at: issue.path } }
				: {})
		};
	});
}

/** A union form the value got past the kind of: its problems are inside it. */
const deeper = (form: readonly z.core.$ZodIssue[]) =>
	!form.every((i) => i.code === 'invalid_type' && i.path.length === 0);

/**
 * `error`: the validator's words for its own messages (the editor passes zod's Chinese ones on a
 * Chinese page); the lab's own sentences in the schema stay as written.
 */
export function parseScenario(
	input: unknown,
	{ error }: { error?: z.core.$ZodErrorMap } = {}
): ParseResult {
	// Unknown keys are kept (schema.ts), so a config pasted from Claude Desktop or Cursor would
	// open as an empty world without a word: the one misspelling everyone makes is named.
	if (isRecord(input) && 'mcpServers' in input && !('mcp_servers' in input))
		return {
			ok: false,
			problems: [
				{
					path: 'mcpServers',
					message:
						"This format's key is mcp_servers (OpenHarness's settings), not mcpServers (Claude Desktop's and Cursor's)."
				}
			]
		};
	const result = scenarioSchema.safeParse(withTransportAliases(input), {
		error: typeSafe(error)
	});
	return result.success
		? { ok: true, scenario: result.data }
		: { ok: false, problems: problemsOf(result.error.issues) };
}

/**
 * zod names a wrong value's type by its constructor's name, and formatting that name throws when
 * the value is an object whose `constructor.name` is not a string (a crafted object with no
 * prototype, found by the property test): parseScenario must never throw. Such a value is named
 * `object`; every other issue goes to `inner`, or zod's own words.
 */
function typeSafe(inner?: z.core.$ZodErrorMap): z.core.$ZodErrorMap {
	return (issue) => {
		if (issue.code === 'invalid_type' && oddConstructor(issue.input))
			return `Invalid input: expected ${String(issue.expected)}, received object`;
		return inner?.(issue) ?? unionWords(issue);
	};
}

/**
 * A value none of a union's forms takes even in kind (a number where a boolean or an object
 * goes): zod says only "Invalid input"; this says which kinds would do.
 */
function unionWords(issue: z.core.$ZodRawIssue): string | undefined {
	if (issue.code !== 'invalid_union' || issue.errors.length === 0) return undefined;
	const kinds = issue.errors.flat().map((i) => (i.code === 'invalid_type' ? i.expected : ''));
	if (kinds.includes('') || issue.errors.some(deeper)) return undefined;
	return `Invalid input: expected ${kinds.join(' or ')}, received ${kindOf(issue.input)}`;
}

function oddConstructor(value: unknown): boolean {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	try {
		if (Object.getPrototypeOf(value) === Object.prototype || !('constructor' in value))
			return false;
		const made = (value as { constructor?: { name?: unknown } }).constructor;
		return !!made && typeof made.name !== 'string';
	} catch {
		return true;
	}
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/**
 * MiniHarness names its HTTP transport `streamable_http` and takes `http` as an alias
 * (harness-behaviors.md §3): under that profile a server written either way is the lab's `http`
 * server. Other profiles' configs know only `stdio`, `http` and `ws`.
 */
export function withTransportAliases(input: unknown): unknown {
	if (!isRecord(input) || input.profile !== 'miniharness' || !isRecord(input.mcp_servers))
		return input;
	const servers = Object.entries(input.mcp_servers).map(([name, config]) => [
		name,
		isRecord(config) && config.type === 'streamable_http' ? { ...config, type: 'http' } : config
	]);
	return { ...input, mcp_servers: Object.fromEntries(servers) };
}
