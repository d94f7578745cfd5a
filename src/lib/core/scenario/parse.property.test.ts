/**
 * Robustness of scenario parsing, property-based: arbitrary values, JSON shaped like a scenario
 * with random contents, and targeted mutations of a valid scenario (wrong types at random paths,
 * missing required keys, unknown transport types, bad sim tools; and mutations that keep it valid).
 *
 * A failure prints fast-check's seed and path and the shrunk counterexample. Replay it with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/lib/core/scenario/parse.property.test.ts`;
 * run longer with `FC_RUNS_SCALE=10`.
 */
import fc from 'fast-check';
import { fcParams } from '$lib/test-support/property';
import { describe, expect, it } from 'vitest';
import { describeProblems, formatPath, parseScenario, type ScenarioProblem } from './parse';
import { profileIds } from './schema';
import { unusedKeys, unusedNotes } from './unused-keys';

const params = fcParams;

const PROPERTY_TIMEOUT_MS = 60_000;

// ---- paths ----------------------------------------------------------------------------------------

type Segment = string | number;

/**
 * Reads back a path in `formatPath`'s notation: `a.b`, `[0]`, `["any key"]`. Throws on anything
 * else, so a malformed path fails the property.
 */
function parsePath(path: string): Segment[] {
	const segments: Segment[] = [];
	let i = 0;
	while (i < path.length) {
		const rest = path.slice(i);
		if (rest.startsWith('["')) {
			let j = i + 2;
			while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
			if (path[j + 1] !== ']')
				throw new Error(`unterminated quoted key in ${JSON.stringify(path)}`);
			segments.push(JSON.parse(path.slice(i + 1, j + 1)) as string);
			i = j + 2;
			continue;
		}
		const index = /^\[(\d+)\]/.exec(rest);
		if (index) {
			segments.push(Number(index[1]));
			i += index[0].length;
			continue;
		}
		const identifier = (
			segments.length === 0 ? /^([A-Za-z_$][\w$-]*)/ : /^\.([A-Za-z_$][\w$-]*)/
		).exec(rest);
		if (!identifier) throw new Error(`cannot read ${JSON.stringify(path)} at ${i}`);
		segments.push(identifier[1]);
		i += identifier[0].length;
	}
	return segments;
}

const isObjectLike = (value: unknown): value is Record<PropertyKey, unknown> =>
	typeof value === 'object' && value !== null;

/**
 * Where a problem's path leads in the input: an existing value, or a missing key of an existing
 * object (a required key left out), or nowhere.
 */
function resolve(input: unknown, segments: Segment[]): 'value' | 'missing-key' | 'nowhere' {
	let node: unknown = input;
	for (let k = 0; k < segments.length; k++) {
		const segment = segments[k];
		const last = k === segments.length - 1;
		if (typeof segment === 'number') {
			// A hole in a sparse array still is a slot of that array.
			if (!Array.isArray(node) || segment >= node.length) return 'nowhere';
			node = node[segment];
			continue;
		}
		if (!isObjectLike(node) || Array.isArray(node)) return 'nowhere';
		if (Object.prototype.hasOwnProperty.call(node, segment)) {
			node = node[segment];
			continue;
		}
		return last ? 'missing-key' : 'nowhere';
	}
	return 'value';
}

/** The properties every failed parse must have, whatever the input. */
function checkProblems(input: unknown, problems: ScenarioProblem[]): void {
	expect(problems.length).toBeGreaterThan(0);
	for (const problem of problems) {
		expect(typeof problem.message).toBe('string');
		expect(problem.message.trim(), `message at ${problem.path}`).not.toBe('');
		const segments = parsePath(problem.path);
		// The notation is unambiguous: reading it back and writing it again gives the same text.
		expect(formatPath(segments)).toBe(problem.path);
		if (resolve(input, segments) === 'nowhere')
			expect.fail(`problem path ${problem.path} does not point into ${show(input)}`);
	}
	const first = problems[0];
	const where = first.path || '(root)';
	for (const lead of ['Invalid scenario', 'Cannot load this lab']) {
		const sentence = describeProblems(problems, lead);
		expect(sentence.startsWith(`${lead} at ${where}: ${first.message}`), sentence).toBe(true);
		expect(sentence).not.toMatch(/[\r\n]/);
		if (problems.length > 1)
			expect(sentence.endsWith(` (and ${problems.length - 1} more)`), sentence).toBe(true);
	}
}

function parseChecked(input: unknown) {
	let result: ReturnType<typeof parseScenario>;
	try {
		result = parseScenario(input);
	} catch (error) {
		throw new Error(`parseScenario threw for ${show(input)}`, { cause: error });
	}
	if (!result.ok) checkProblems(input, result.problems);
	// A valid world's notes (the embed's setScenario answer, the editor's list) never throw.
	else {
		let notes: ReturnType<typeof unusedNotes>;
		try {
			notes = unusedNotes(unusedKeys(input));
		} catch (error) {
			throw new Error(`unusedNotes threw for ${show(input)}`, { cause: error });
		}
		for (const note of notes) expect(note.path && note.message, show(input)).toBeTruthy();
	}
	return result;
}

/** Any value as text (BigInt, null prototypes, Maps… included). */
const show = (value: unknown): string => fc.stringify(value);

// ---- a valid scenario and its paths -----------------------------------------------------------

/** Every key the scenario format knows, to build random values that look like scenarios. */
const vocabulary = [
	'profile',
	'mcp_servers',
	'plugins',
	'permissions',
	'hooks',
	'type',
	'command',
	'args',
	'env',
	'cwd',
	'url',
	'headers',
	'live',
	'sim',
	'tools',
	'resources',
	'resourcesError',
	'instructions',
	'serverInfo',
	'latencyMs',
	'name',
	'title',
	'description',
	'inputSchema',
	'annotations',
	'result',
	'error',
	'code',
	'message',
	'content',
	'structuredContent',
	'isError',
	'uri',
	'mimeType',
	'text',
	'version',
	'enabled',
	'mode',
	'pre_tool_use',
	'post_tool_use',
	'matcher'
];

function validScenario(): Record<string, unknown> {
	return {
		profile: 'openharness',
		mcp_servers: {
			filesystem: {
				type: 'stdio',
				command: 'npx',
				args: ['-y', '@modelcontextprotocol/server-filesystem', '/data'],
				env: { TOKEN: 'x' },
				cwd: '/srv'
			},
			'internal.api': {
				type: 'http',
				url: 'https://mcp.internal.example.com/mcp',
				headers: { Authorization: 'Bearer x' },
				live: false,
				sim: {
					latencyMs: 40,
					instructions: 'Search orders.',
					serverInfo: { name: 'api', version: '1.0.0' },
					tools: [
						{
							name: 'search.orders',
							title: 'Search',
							description: 'Find orders',
							inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
							annotations: { readOnlyHint: true },
							result: {
								content: [{ type: 'text', text: '3 orders match' }],
								structuredContent: { n: 3 },
								isError: false
							},
							latencyMs: 5
						},
						{ name: 'fail', error: { code: -32603, message: 'boom' } }
					],
					resources: [
						{ uri: 'file:///a', name: 'a', description: 'A', mimeType: 'text/plain', text: 'x' }
					],
					resourcesError: { code: -32603, message: 'disk on fire' }
				}
			},
			realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp', headers: {} }
		},
		plugins: {
			github: {
				enabled: true,
				mcp_servers: { gh: { type: 'http', url: 'https://gh.example.com/mcp' } }
			}
		},
		permissions: { mode: 'full_auto' }
	};
}

/** What a path accepts, by its pattern (`*`: any record key, `#`: any array index). */
type Kind =
	| 'string'
	| 'boolean'
	| 'object'
	| 'array'
	| 'int'
	| 'latency'
	| 'profile'
	| 'transport'
	| 'mode'
	/** A result content part's kind: one of MCP's. */
	| 'content'
	/** A server's url: any text, but an http(s) address once the server is live. */
	| 'url'
	| 'any';

const CONTENT_KINDS = ['text', 'image', 'audio', 'resource_link', 'resource'] as const;

const SERVER_KINDS: Record<string, Kind> = {
	'': 'object',
	type: 'transport',
	command: 'string',
	url: 'url',
	cwd: 'string',
	args: 'array',
	'args.#': 'string',
	env: 'object',
	'env.*': 'string',
	headers: 'object',
	'headers.*': 'string',
	live: 'boolean',
	sim: 'object',
	'sim.latencyMs': 'latency',
	'sim.instructions': 'string',
	'sim.serverInfo': 'object',
	'sim.serverInfo.name': 'string',
	'sim.serverInfo.version': 'string',
	'sim.tools': 'array',
	'sim.tools.#': 'object',
	'sim.tools.#.name': 'string',
	'sim.tools.#.title': 'string',
	'sim.tools.#.description': 'string',
	'sim.tools.#.inputSchema': 'object',
	'sim.tools.#.annotations': 'object',
	'sim.tools.#.result': 'object',
	'sim.tools.#.result.content': 'array',
	'sim.tools.#.result.content.#': 'object',
	'sim.tools.#.result.content.#.type': 'content',
	'sim.tools.#.result.structuredContent': 'object',
	'sim.tools.#.result.isError': 'boolean',
	'sim.tools.#.error': 'object',
	'sim.tools.#.error.code': 'int',
	'sim.tools.#.error.message': 'string',
	'sim.tools.#.latencyMs': 'latency',
	'sim.resources': 'array',
	'sim.resources.#': 'object',
	'sim.resources.#.uri': 'string',
	'sim.resources.#.name': 'string',
	'sim.resources.#.description': 'string',
	'sim.resources.#.mimeType': 'string',
	'sim.resources.#.text': 'string',
	'sim.resourcesError': 'object',
	'sim.resourcesError.code': 'int',
	'sim.resourcesError.message': 'string'
};

/** Keys a scenario must have where their parent is present. */
const REQUIRED = new Set([
	'sim.serverInfo.name',
	'sim.serverInfo.version',
	'sim.tools.#.name',
	'sim.tools.#.result.content.#.type',
	'sim.tools.#.error.code',
	'sim.tools.#.error.message',
	'sim.resources.#.uri',
	'sim.resources.#.name',
	'sim.resourcesError.code',
	'sim.resourcesError.message'
]);

/** The pattern of a path inside one server config, e.g. `sim.tools.#.name`, or null outside one. */
function serverPattern(segments: Segment[]): string | null {
	let rest: Segment[];
	if (segments[0] === 'mcp_servers' && segments.length >= 2) rest = segments.slice(2);
	else if (segments[0] === 'plugins' && segments[2] === 'mcp_servers' && segments.length >= 4)
		rest = segments.slice(4);
	else return null;
	const pattern: string[] = [];
	for (let k = 0; k < rest.length; k++) {
		const s = rest[k];
		const parent = rest[k - 1];
		if (typeof s === 'number') pattern.push('#');
		else if (k > 0 && (parent === 'env' || parent === 'headers') && k === 1) pattern.push('*');
		else pattern.push(s);
	}
	return pattern.join('.');
}

function kindOf(segments: Segment[]): Kind {
	const inServer = serverPattern(segments);
	if (inServer !== null) return SERVER_KINDS[inServer] ?? 'any';
	const pattern = segments
		.map((s, k) => (typeof s === 'number' ? '#' : k === 1 && segments[0] === 'plugins' ? '*' : s))
		.join('.');
	const top: Record<string, Kind> = {
		profile: 'profile',
		mcp_servers: 'object',
		plugins: 'object',
		'plugins.*': 'object',
		'plugins.*.enabled': 'boolean',
		'plugins.*.mcp_servers': 'object',
		permissions: 'object',
		'permissions.mode': 'mode'
	};
	return top[pattern] ?? 'any';
}

function accepts(kind: Kind, value: unknown): boolean {
	const plainObject = isObjectLike(value) && !Array.isArray(value);
	switch (kind) {
		case 'string':
			return typeof value === 'string';
		case 'boolean':
			return typeof value === 'boolean';
		case 'object':
			return plainObject;
		case 'array':
			return Array.isArray(value);
		case 'int':
			return Number.isInteger(value);
		case 'latency':
			return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3_600_000;
		case 'profile':
			return (profileIds as readonly unknown[]).includes(value);
		case 'transport':
			return value === 'stdio' || value === 'http' || value === 'ws';
		case 'mode':
			return value === 'default' || value === 'plan' || value === 'full_auto';
		case 'content':
			return (CONTENT_KINDS as readonly unknown[]).includes(value);
		case 'url':
			return typeof value === 'string';
		case 'any':
			return true;
	}
}

/** Every path in a JSON value, parents before children. */
function pathsOf(value: unknown, prefix: Segment[] = []): Segment[][] {
	const out: Segment[][] = [prefix];
	if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
	else if (isObjectLike(value))
		for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
	return out;
}

const BASE_PATHS = pathsOf(validScenario()).filter((p) => p.length > 0);

function getAt(root: unknown, segments: Segment[]): unknown {
	let node = root;
	for (const s of segments) {
		if (!isObjectLike(node) || !Object.prototype.hasOwnProperty.call(node, s)) return undefined;
		node = node[s];
	}
	return node;
}

/** Sets (or, with `remove`, deletes) the value at a path of a JSON tree, in place. */
function setAt(root: unknown, segments: Segment[], value: unknown, remove = false): void {
	const parent = getAt(root, segments.slice(0, -1));
	// An earlier mutation may have removed the parent: nothing to change then.
	if (!isObjectLike(parent)) return;
	const key = segments[segments.length - 1];
	if (remove) delete parent[key];
	// defineProperty, so a key like `__proto__` becomes an own key as JSON.parse makes it.
	else
		Object.defineProperty(parent, key, {
			value,
			enumerable: true,
			writable: true,
			configurable: true
		});
}

// ---- generators -----------------------------------------------------------------------------------

const anything = fc.anything({
	maxDepth: 4,
	withBigInt: true,
	withBoxedValues: true,
	withDate: true,
	withMap: true,
	withSet: true,
	withNullPrototype: true,
	withObjectString: true,
	withSparseArray: true,
	withTypedArray: true,
	stringUnit: 'grapheme'
});

const someKey = fc.oneof(
	{ weight: 4, arbitrary: fc.constantFrom(...vocabulary) },
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
	{ weight: 1, arbitrary: fc.constantFrom('', 'a.b', '0', 'a b', '"', '\\', 'constructor') }
);

/** Random JSON made of the format's own keys, so values reach deep schema paths. */
const { shaped } = fc.letrec((tie) => ({
	shaped: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		fc.jsonValue({ maxDepth: 1 }),
		fc.constantFrom('stdio', 'http', 'ws', 'sse', 'openharness', 'full_auto', -1, 1.5, 3_600_001),
		fc.dictionary(someKey, tie('shaped'), { maxKeys: 5 }),
		fc.array(tie('shaped'), { maxLength: 3 })
	)
}));

const basePath = fc.constantFrom(...BASE_PATHS);

/** A value of the wrong JSON type for the path (never one the schema accepts there). */
function wrongValue(kind: Kind): fc.Arbitrary<unknown> {
	const special =
		kind === 'latency'
			? fc.constantFrom(-1, 1.5, 3_600_001, '40')
			: kind === 'int'
				? fc.constantFrom(1.5, '1', Number.MAX_VALUE)
				: fc.constantFrom<unknown>(null, [], {}, '', 0, true);
	return fc
		.oneof(special, fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'grapheme', maxLength: 8 }))
		.filter((v) => !accepts(kind, v));
}

const typedPath = basePath.filter((p) => kindOf(p) !== 'any');

/** The base scenario with a wrong type at one of its typed paths; the problem must be there. */
const wrongTypeMutation = typedPath.chain((path) =>
	wrongValue(kindOf(path)).map((value) => ({ path, value }))
);

/** Any path of the base scenario replaced by any JSON value, valid or not. */
const anyValueMutation = fc.record({ path: basePath, value: fc.oneof(fc.jsonValue(), shaped) });

const requiredPath = basePath.filter((p) => {
	const pattern = serverPattern(p);
	if (pattern === null) return false;
	if (REQUIRED.has(pattern)) return true;
	// command for stdio, url for http and ws.
	const server = getAt(validScenario(), p.slice(0, -1)) as { type?: string } | undefined;
	return (
		(pattern === 'command' && server?.type === 'stdio') ||
		(pattern === 'url' && (server?.type === 'http' || server?.type === 'ws'))
	);
});

const serverPaths = BASE_PATHS.filter((p) => serverPattern(p) === '');

const unknownTransport = fc.oneof(
	fc.constantFrom('sse', 'streamable_http', 'STDIO', 'Http', ' ws', 'websocket', ''),
	fc.string({ unit: 'grapheme', maxLength: 10 })
);

/** Tool entries the sim block must refuse. */
const badTool = fc.constantFrom<unknown>(
	{ name: 3 },
	{},
	{ name: 't', latencyMs: -1 },
	{ name: 't', latencyMs: 1.5 },
	{ name: 't', latencyMs: 3_600_001 },
	{ name: 't', error: { code: 'x', message: 'm' } },
	{ name: 't', error: { code: 1.5, message: 'm' } },
	{ name: 't', error: { message: 'm' } },
	{ name: 't', inputSchema: [] },
	{ name: 't', inputSchema: 'object' },
	{ name: 't', annotations: null },
	{ name: 't', result: { content: 'text' } },
	{ name: 't', result: { content: [{ text: 'no type' }] } },
	{ name: 't', result: { structuredContent: [1] } },
	{ name: 't', result: { isError: 'yes' } },
	'search',
	null,
	[]
);

const OPTIONAL_PATTERNS = new Set([
	'args',
	'env',
	'cwd',
	'headers',
	'live',
	'sim',
	'sim.latencyMs',
	'sim.instructions',
	'sim.serverInfo',
	'sim.tools',
	'sim.resources',
	'sim.resourcesError',
	'sim.tools.#.title',
	'sim.tools.#.description',
	'sim.tools.#.inputSchema',
	'sim.tools.#.annotations',
	'sim.tools.#.result',
	'sim.tools.#.result.content',
	'sim.tools.#.result.structuredContent',
	'sim.tools.#.result.isError',
	'sim.tools.#.error',
	'sim.tools.#.latencyMs',
	'sim.resources.#.description',
	'sim.resources.#.mimeType',
	'sim.resources.#.text'
]);

const TOP_OPTIONAL = ['profile', 'mcp_servers', 'plugins', 'permissions', 'permissions.mode'];

/**
 * Objects that keep keys the format does not know: the settings and a tool's result, which are
 * the protocol's and may carry more. The lab's own `sim` parts (resources too) refuse them.
 */
const OBJECT_NODES = new Set(['', 'sim.tools.#.result', 'sim.tools.#.result.content.#']);

const serverName = fc.oneof(
	fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
	fc.constantFrom(
		'a.b',
		'a b',
		'数据',
		'🙂',
		'0',
		'10',
		'x:y',
		'"',
		'\\',
		'constructor',
		'toString'
	)
);

const validServer = fc.oneof(
	fc.record({ type: fc.constant('stdio'), command: fc.string(), args: fc.array(fc.string()) }),
	fc.record({ command: fc.string() }),
	fc.record({
		type: fc.constantFrom('http', 'ws'),
		url: fc.string(),
		// `__proto__` is refused at its path (schema.ts), so a valid server never has it.
		headers: fc.dictionary(
			fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'),
			fc.string(),
			{ maxKeys: 2 }
		)
	}),
	fc.record({
		type: fc.constant('stdio'),
		command: fc.string(),
		sim: fc.record({
			latencyMs: fc.integer({ min: 0, max: 3_600_000 }),
			// Each name once: a server cannot list two tools with one name (refused, as the SDK does).
			tools: fc.uniqueArray(
				fc.record(
					{
						name: fc.string(),
						latencyMs: fc.integer({ min: 0, max: 3_600_000 }),
						error: fc.record({ code: fc.integer(), message: fc.string() })
					},
					{ requiredKeys: ['name'] }
				),
				{ maxLength: 3, selector: (tool) => tool.name }
			)
		})
	})
);

type Mutation = (scenario: Record<string, unknown>) => void;

/** A change that keeps the scenario valid. */
const validMutation: fc.Arbitrary<{ label: string; apply: Mutation }> = fc.oneof(
	// Leave out an optional key.
	fc
		.constantFrom(
			...BASE_PATHS.filter((p) => {
				const pattern = serverPattern(p);
				if (pattern !== null) {
					const server = getAt(validScenario(), p.slice(0, p[0] === 'plugins' ? 4 : 2)) as {
						type?: string;
					};
					return OPTIONAL_PATTERNS.has(pattern) || (pattern === 'type' && server.type === 'stdio');
				}
				return (
					TOP_OPTIONAL.includes(p.join('.')) ||
					/^plugins\.[^.]+\.(enabled|mcp_servers)$/.test(p.join('.'))
				);
			})
		)
		.map((path) => ({
			label: `delete ${formatPath(path)}`,
			apply: (s: Record<string, unknown>) => setAt(s, path, undefined, true)
		})),
	// Add a key the format does not know to an object (not a record).
	fc
		.tuple(
			fc.constantFrom(
				...[[] as Segment[], ...BASE_PATHS].filter((p) => {
					const pattern = serverPattern(p);
					return (
						p.length === 0 ||
						(pattern !== null && OBJECT_NODES.has(pattern)) ||
						/^plugins\.[^.]+$/.test(p.join('.')) ||
						p.join('.') === 'permissions'
					);
				})
			),
			fc.string({ maxLength: 6 }),
			fc.jsonValue({ maxDepth: 2 })
		)
		.map(([path, key, value]) => ({
			label: `add x-${key} at ${formatPath(path)}`,
			apply: (s: Record<string, unknown>) => setAt(s, [...path, `x-${key}`], value)
		})),
	// Another valid value at a typed leaf.
	typedPath
		.filter((p) =>
			['string', 'boolean', 'latency', 'int', 'profile', 'mode', 'content', 'url'].includes(
				kindOf(p)
			)
		)
		.chain((path) => {
			const kind = kindOf(path);
			const value: fc.Arbitrary<unknown> =
				kind === 'string'
					? fc.string({ unit: 'grapheme', maxLength: 10 })
					: kind === 'boolean'
						? fc.boolean()
						: kind === 'latency'
							? fc.integer({ min: 0, max: 3_600_000 })
							: kind === 'int'
								? fc.integer()
								: kind === 'profile'
									? fc.constantFrom(...profileIds)
									: kind === 'content'
										? fc.constantFrom(...CONTENT_KINDS)
										: kind === 'url'
											? fc.webUrl()
											: fc.constantFrom('default', 'plan', 'full_auto');
			return value.map((v) => ({
				label: `set ${formatPath(path)} to ${JSON.stringify(v)}`,
				apply: (s: Record<string, unknown>) => {
					// A tool renamed to a sibling's name is a repeat, refused: not a valid change.
					if (serverPattern(path) === 'sim.tools.#.name') {
						const tools = getAt(s, path.slice(0, -2));
						if (Array.isArray(tools) && tools.some((t) => isObjectLike(t) && t.name === v)) return;
					}
					setAt(s, path, v);
				}
			}));
		}),
	// Rename a server, or add one.
	fc.tuple(fc.constantFrom(...serverPaths), serverName).map(([path, name]) => ({
		label: `rename ${formatPath(path)} to ${JSON.stringify(name)}`,
		apply: (s: Record<string, unknown>) => {
			const servers = getAt(s, path.slice(0, -1));
			const config = getAt(s, path);
			if (!isObjectLike(servers) || config === undefined) return;
			if (Object.prototype.hasOwnProperty.call(servers, name)) return;
			delete servers[path[path.length - 1]];
			setAt(s, [...path.slice(0, -1), name], config);
		}
	})),
	fc.tuple(serverName, validServer).map(([name, config]) => ({
		label: `add server ${JSON.stringify(name)}: ${JSON.stringify(config)}`,
		apply: (s: Record<string, unknown>) => {
			const servers = s.mcp_servers as Record<string, unknown> | undefined;
			if (!servers || Object.prototype.hasOwnProperty.call(servers, name)) return;
			setAt(s, ['mcp_servers', name], config);
		}
	}))
);

// ---- properties -----------------------------------------------------------------------------------

describe('parseScenario on malformed input', { timeout: PROPERTY_TIMEOUT_MS }, () => {
	it('never throws on any value, and every problem points into the input', () => {
		fc.assert(
			fc.property(anything, (input) => {
				parseChecked(input);
			}),
			params(2000)
		);
	});

	it('never throws on JSON shaped like a scenario, and every problem points into the input', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					shaped,
					fc.record(
						{
							profile: shaped,
							mcp_servers: fc.dictionary(someKey, shaped, { maxKeys: 4 }),
							plugins: fc.dictionary(
								someKey,
								fc.record({ enabled: shaped, mcp_servers: fc.dictionary(someKey, shaped) }),
								{ maxKeys: 2 }
							),
							permissions: shaped
						},
						{ requiredKeys: ['mcp_servers'] }
					),
					fc.jsonValue()
				),
				(input) => {
					parseChecked(input);
				}
			),
			params(3000)
		);
	});

	it('reports a wrong type exactly at its path', () => {
		fc.assert(
			fc.property(wrongTypeMutation, ({ path, value }) => {
				const input = validScenario();
				setAt(input, path, value);
				const result = parseChecked(input);
				expect(result.ok, `${formatPath(path)} = ${show(value)}`).toBe(false);
				if (!result.ok) expect(result.problems.map((p) => p.path)).toContain(formatPath(path));
			}),
			params(2000)
		);
	});

	it('reports a missing required key exactly at its path', () => {
		fc.assert(
			fc.property(requiredPath, (path) => {
				const input = validScenario();
				setAt(input, path, undefined, true);
				const result = parseChecked(input);
				expect(result.ok, `without ${formatPath(path)}`).toBe(false);
				if (!result.ok) expect(result.problems.map((p) => p.path)).toContain(formatPath(path));
			}),
			params(300)
		);
	});

	it('reports an unknown transport type at the server’s type', () => {
		fc.assert(
			fc.property(fc.constantFrom(...serverPaths), unknownTransport, (path, type) => {
				fc.pre(type !== 'stdio' && type !== 'http' && type !== 'ws');
				const input = validScenario();
				setAt(input, [...path, 'type'], type);
				const result = parseChecked(input);
				expect(result.ok).toBe(false);
				if (!result.ok)
					expect(result.problems.map((p) => p.path)).toContain(formatPath([...path, 'type']));
			}),
			params(500)
		);
	});

	it('reports a bad sim tool inside that tool', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...serverPaths),
				badTool,
				fc.nat({ max: 2 }),
				(path, tool, at) => {
					const input = validScenario();
					const server = getAt(input, path) as { sim?: { tools?: unknown[] } };
					server.sim = { ...server.sim, tools: [...(server.sim?.tools ?? [])] };
					const tools = server.sim.tools!;
					const index = Math.min(at, tools.length);
					tools.splice(index, 0, tool);
					const result = parseChecked(input);
					expect(result.ok, show(tool)).toBe(false);
					if (!result.ok) {
						const inside = formatPath([...path, 'sim', 'tools', index]);
						expect(
							result.problems.some(
								(p) =>
									p.path === inside ||
									p.path.startsWith(inside + '.') ||
									p.path.startsWith(inside + '[')
							),
							`${JSON.stringify(result.problems)} not inside ${inside}`
						).toBe(true);
					}
				}
			),
			params(500)
		);
	});

	it('never throws when any path of a valid scenario gets any value', () => {
		fc.assert(
			fc.property(anyValueMutation, ({ path, value }) => {
				const input = validScenario();
				setAt(input, path, value);
				parseChecked(input);
			}),
			params(2000)
		);
	});
});

describe('parseScenario on valid input', { timeout: PROPERTY_TIMEOUT_MS }, () => {
	it('still parses after changes that keep a scenario valid, with every server kept', () => {
		fc.assert(
			fc.property(fc.array(validMutation, { minLength: 1, maxLength: 4 }), (mutations) => {
				const input = validScenario();
				for (const m of mutations) m.apply(input);
				const result = parseChecked(input);
				expect(
					result.ok,
					`${mutations.map((m) => m.label).join('; ')} → ${show(!result.ok && result.problems)}`
				).toBe(true);
				if (!result.ok) return;
				const servers = (input.mcp_servers ?? {}) as Record<string, unknown>;
				expect(Object.keys(result.scenario.mcp_servers)).toEqual(Object.keys(servers));
			}),
			params(2000)
		);
	});

	it('keeps every server and plugin under its own name, or names the path of __proto__', () => {
		const name = fc.oneof(
			fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
			fc.constantFrom(
				'__proto__',
				'constructor',
				'prototype',
				'toString',
				'hasOwnProperty',
				'valueOf',
				'__defineGetter__'
			)
		);
		fc.assert(
			fc.property(
				fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
				fc.uniqueArray(name, { maxLength: 2 }),
				(servers, plugins) => {
					// Built as JSON.parse builds it: every name an own key.
					const input = JSON.parse(
						JSON.stringify({
							mcp_servers: Object.fromEntries(servers.map((n) => [n, { command: 'x' }])),
							plugins: Object.fromEntries(
								plugins.map((p) => [p, { mcp_servers: { [servers[0]]: { command: 'y' } } }])
							)
						})
					) as unknown;
					const result = parseChecked(input);
					// A JavaScript object cannot hold a `__proto__` key as a Python dict can: the lab
					// refuses the name at its path rather than drop it silently.
					const reserved = servers.includes('__proto__') || plugins.includes('__proto__');
					if (reserved) {
						expect(result.ok).toBe(false);
						if (result.ok) return;
						const paths = result.problems.map((p) => p.path);
						for (const path of paths) expect(path).toMatch(/\.__proto__$/);
						if (servers.includes('__proto__')) expect(paths).toContain('mcp_servers.__proto__');
						if (plugins.includes('__proto__')) expect(paths).toContain('plugins.__proto__');
						return;
					}
					expect(result.ok).toBe(true);
					if (!result.ok) return;
					const own = (value: unknown) => Object.keys(value as object);
					const given = input as { mcp_servers: object; plugins: object };
					expect(own(result.scenario.mcp_servers)).toEqual(own(given.mcp_servers));
					expect(own(result.scenario.plugins ?? {})).toEqual(own(given.plugins));
					expect(own(given.mcp_servers)).toHaveLength(servers.length);
				}
			),
			params(500)
		);
	});
});
