/**
 * Robustness of the OpenHarness world, property-based: random scenarios (2–5 servers with
 * awkward names, random transports, random sim tools with output schemas the results may break,
 * resources and resource errors, latencies, and sometimes a plugin whose tools replace MCP tools or
 * built-ins) × random schedules of 5–25 commands, run on the real SDK world.
 *
 * A failure prints fast-check's seed and path and the shrunk counterexample. Replay it with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/lib/core/world/world.property.test.ts`;
 * run longer with `FC_RUNS_SCALE=10`.
 */
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { fcParams } from '$lib/test-support/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptedName } from '../profiles/openharness/naming';
import {
	listResources,
	listResourcesOutput,
	resourceTools
} from '../profiles/openharness/resource-tools';
import { outputSchemaProblem } from '../profiles/openharness/output-check';
import { resultText } from '../profiles/openharness/results';
import {
	callFailed,
	LIST_MCP_RESOURCES,
	notConnected,
	SESSION_CLOSED,
	unknownTool
} from '../profiles/openharness/strings';
import {
	buildRegistry,
	registryEntries,
	type BuiltRegistry,
	type RegisteredTool
} from '../registry/registry';
import { enabledPluginTools, findPluginTool } from '../scenario/plugins';
import type { ScenarioInput } from '../scenario/schema';
import { effectiveSim } from '../scenario/well-known';
import { WorldCommandError } from './events';
import { makeWorld } from './test-world';
import type { WireEntry } from './wire';
import type { CallRecord, ServerView, World } from './world';

// ---- fast-check settings --------------------------------------------------------------------

const params = fcParams;

const PROPERTY_TIMEOUT_MS = 180_000;

// ---- unhandled rejections ---------------------------------------------------------------------

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
	unhandled.push(reason);
};
beforeAll(() => {
	process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
	process.off('unhandledRejection', onUnhandled);
});

/** Lets Node report any rejection left unhandled by the run, then asserts there was none. */
async function expectNoUnhandledRejection(): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, 0));
	const seen = unhandled.splice(0);
	expect(seen.map((r) => (r instanceof Error ? `${r.name}: ${r.message}` : String(r)))).toEqual([]);
}

// ---- scenarios ----------------------------------------------------------------------------------

/** Names that collide once adapted (`a.b`/`a_b`/`a b`), start with a digit, are not ASCII… */
const serverName = fc.oneof(
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			'a',
			'b',
			'a.b',
			'a_b',
			'a b',
			'a-b',
			'A',
			'2fa',
			'0',
			'é',
			'e\u0301',
			'数据',
			'🙂',
			'x:y',
			'srv',
			'constructor',
			'toString'
		)
	},
	{ weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) }
);

const toolName = fc.oneof(
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			't',
			'x',
			'search.orders',
			'search_orders',
			'search orders',
			'2fa',
			'',
			'é',
			'🙂',
			'read_file'
		)
	},
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) }
);

/** Absent keys, not `undefined` ones: the scenario is what a learner would write. */
function compact<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const inputSchemas: Array<Record<string, unknown>> = [
	{ type: 'object', properties: {} },
	{ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
	{ type: 'object', properties: { n: { type: 'integer' } } },
	{ type: 'object', properties: 'not an object' }
];

const results: Array<Record<string, unknown>> = [
	{ content: [{ type: 'text', text: 'ok' }] },
	{
		content: [
			{ type: 'text', text: '  padded \n' },
			{ type: 'text', text: 'line 2' }
		]
	},
	{ content: [] },
	{ structuredContent: { a: 1, b: "it's" } },
	// Text for the model, and structured content an output schema may refuse.
	{ content: [{ type: 'text', text: '12 open' }], structuredContent: { a: '1' } },
	{ content: [{ type: 'text', text: 'tool says it failed' }], isError: true },
	{ content: [{ type: 'resource_link', uri: 'file:///x', name: 'x' }] },
	{}
];

/**
 * Output schemas OpenHarness's Python session checks results against: one the structured
 * results pass or break, one they never meet, a `$ref` that resolves and one that does not
 * (`referencing` raises its own error, which the session does not catch).
 */
const outputSchemas: Array<Record<string, unknown>> = [
	{ type: 'object', properties: { a: { type: 'integer' } } },
	{ type: 'object', required: ['total'] },
	{ $defs: { n: { type: 'integer' } }, properties: { a: { $ref: '#/$defs/n' } } },
	{ $ref: '#/$defs/missing' }
];

const simTool = fc
	.record(
		{
			name: toolName,
			description: fc.string({ maxLength: 8 }),
			inputSchema: fc.constantFrom(...inputSchemas),
			outputSchema: fc.oneof(
				{ weight: 1, arbitrary: fc.constant(undefined) },
				{ weight: 1, arbitrary: fc.constantFrom(...outputSchemas) }
			),
			result: fc.constantFrom(...results),
			error: fc.oneof(
				{ weight: 3, arbitrary: fc.constant(undefined) },
				{
					weight: 1,
					arbitrary: fc.record({
						code: fc.constantFrom(-32603, -32602, 42),
						message: fc.constantFrom('boom', '')
					})
				}
			),
			latencyMs: fc.integer({ min: 0, max: 100 })
		},
		{ requiredKeys: ['name'] }
	)
	.map(compact);

const simBlock = fc
	.record(
		{
			// One server lists each tool name and resource URI once (the scenario check refuses a
			// repeat, as the SDK does); adapted names still collide ('search.orders', 'search_orders').
			tools: fc.uniqueArray(simTool, { maxLength: 4, selector: (tool) => tool.name }),
			resources: fc.option(
				fc.uniqueArray(
					fc.record({
						uri: fc.constantFrom('file:///a', 'mem://b'),
						name: fc.constantFrom('r', '')
					}),
					{ maxLength: 2, selector: (resource) => resource.uri }
				),
				{ nil: undefined }
			),
			// Rarer than the rest: a resources/list error other than Method not found fails the server.
			resourcesError: fc.oneof(
				{ weight: 5, arbitrary: fc.constant(undefined) },
				{
					weight: 1,
					arbitrary: fc.record({
						code: fc.constantFrom(-32603, -32601, -32000),
						message: fc.constantFrom(
							'disk on fire',
							'Method not found',
							'',
							'nope: Method not found!'
						)
					})
				}
			),
			latencyMs: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined })
		},
		{ requiredKeys: ['tools', 'resources', 'resourcesError', 'latencyMs'] }
	)
	.map(compact);

const serverConfig = fc
	.record({
		type: fc.constantFrom('stdio', 'stdio', 'stdio', 'http', 'http', 'http', 'ws'),
		sim: fc.option(simBlock, { nil: undefined, freq: 6 }),
		/** Without a sim block, a stdio server may run the built-in filesystem server. */
		builtIn: fc.boolean()
	})
	.map(({ type, sim, builtIn }) => {
		const base: Record<string, unknown> =
			type === 'stdio'
				? {
						type,
						command: 'npx',
						args: builtIn ? ['-y', '@modelcontextprotocol/server-filesystem', '/data'] : []
					}
				: { type, url: `https://example.com/${type}` };
		return sim ? { ...base, sim } : base;
	});

/**
 * A plugin's tools (OpenHarness registers them last): named as an MCP tool of the scenario, as a
 * built-in, or freshly, so that they replace registrations as often as they add one.
 */
const pluginTools = (shadowable: string[]) =>
	fc.array(
		fc
			.record(
				{
					name: fc.oneof(
						{
							weight: 2,
							arbitrary: shadowable.length ? fc.constantFrom(...shadowable) : fc.constant('plug')
						},
						{ weight: 1, arbitrary: fc.constantFrom(LIST_MCP_RESOURCES, 'read_mcp_resource') },
						{ weight: 1, arbitrary: fc.constantFrom('plug', 'plug.x') }
					),
					description: fc.constant('a plugin tool'),
					inputSchema: fc.constantFrom(...inputSchemas),
					result: fc.constantFrom(...results)
				},
				{ requiredKeys: ['name'] }
			)
			.map(compact),
		{ minLength: 1, maxLength: 3 }
	);

const scenarioArb: fc.Arbitrary<ScenarioInput> = fc
	.uniqueArray(fc.tuple(serverName, serverConfig), {
		minLength: 2,
		maxLength: 5,
		selector: ([name]) => name
	})
	.chain((servers) => {
		const shadowable = servers.flatMap(([server, config]) =>
			((config.sim as { tools?: Array<{ name: string }> } | undefined)?.tools ?? []).map((t) =>
				adaptedName(server, t.name)
			)
		);
		return fc.option(pluginTools(shadowable), { nil: undefined, freq: 3 }).map((tools) => ({
			profile: 'openharness' as const,
			mcp_servers: Object.fromEntries(servers) as ScenarioInput['mcp_servers'],
			...(tools ? { plugins: { tracker: { tools } } } : {})
		}));
	});

// ---- schedules ------------------------------------------------------------------------------------

type Target = { index: number } | { name: string };
type FaultName = 'kill' | 'restart' | 'hang' | 'delay';
type Command =
	| { c: 'startSession' | 'closeSession' | 'connectAll' | 'reconnectAll' }
	| { c: 'kill' | 'restart' | 'hang'; target: Target }
	| { c: 'delay'; target: Target; ms: number }
	| { c: 'callTool'; pick: number; name: ToolPick; args: Record<string, unknown> };

/** A registered name, any tool of the scenario (registered or not), or a name no server offers. */
type ToolPick = { registered: true } | { scenario: true } | string;

const target: fc.Arbitrary<Target> = fc.oneof(
	{ weight: 12, arbitrary: fc.nat().map((index) => ({ index })) },
	{ weight: 1, arbitrary: fc.constant({ name: 'no such server' }) }
);

const delayMs = fc.oneof(
	{ weight: 6, arbitrary: fc.integer({ min: 0, max: 100 }) },
	{ weight: 2, arbitrary: fc.integer({ min: 101, max: 29_000 }) },
	// Longer than the 30 s request timeout: answers arrive after the harness gave up.
	{ weight: 1, arbitrary: fc.integer({ min: 29_001, max: 120_000 }) },
	{ weight: 1, arbitrary: fc.constantFrom(-1, Number.NaN, Infinity, 3_600_001, 0.4, 2.5) }
);

/**
 * Whether OpenHarness's shallow model refuses `args`, worked out by hand for the schedules'
 * argument values (`'x'`, `'5'`, `1.5`, `1`, `true`): a required property missing, or a value
 * its type does not take in pydantic's lax mode (`"5"` is an int, `1.5` is not; an int is not
 * a str; a bool is a float). With `properties` not an object every argument is dropped.
 */
function breaksSchema(schema: Record<string, unknown>, args: Record<string, unknown>): boolean {
	const properties = schema.properties;
	if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return false;
	const props = properties as Record<string, { type?: unknown } | undefined>;
	const required = Array.isArray(schema.required) ? schema.required : [];
	if (required.some((name) => Object.hasOwn(props, name) && !Object.hasOwn(args, name)))
		return true;
	const takes: Record<string, (v: unknown) => boolean> = {
		string: (v) => typeof v === 'string',
		integer: (v) =>
			typeof v === 'number'
				? Number.isInteger(v)
				: typeof v === 'boolean' || /^[0-9]+$/.test(String(v)),
		number: (v) => typeof v !== 'string' || /^[0-9.]+$/.test(v),
		boolean: (v) => typeof v === 'boolean' || v === 1 || v === 0 || v === '1' || v === '0',
		array: Array.isArray,
		object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
	};
	return Object.entries(args).some(([name, value]) => {
		const type = Object.hasOwn(props, name) ? props[name]?.type : undefined;
		return typeof type === 'string' && type in takes && !takes[type](value);
	});
}

const callArgs = fc.constantFrom<Record<string, unknown>>(
	{},
	{ q: 'x' },
	{ n: '5' },
	{ n: 1.5 },
	{ q: 'x', extra: true },
	{ q: 1 }
);

const command: fc.Arbitrary<Command> = fc.oneof(
	{ weight: 3, arbitrary: fc.constant({ c: 'startSession' as const }) },
	{ weight: 1, arbitrary: fc.constant({ c: 'closeSession' as const }) },
	{ weight: 1, arbitrary: fc.constant({ c: 'connectAll' as const }) },
	{ weight: 2, arbitrary: fc.constant({ c: 'reconnectAll' as const }) },
	{
		weight: 5,
		arbitrary: fc.record({
			c: fc.constantFrom('kill' as const, 'restart' as const, 'hang' as const),
			target
		})
	},
	{ weight: 2, arbitrary: fc.record({ c: fc.constant('delay' as const), target, ms: delayMs }) },
	{
		weight: 10,
		arbitrary: fc.record({
			c: fc.constant('callTool' as const),
			pick: fc.nat(),
			name: fc.oneof(
				{ weight: 5, arbitrary: fc.constant<ToolPick>({ registered: true }) },
				{ weight: 2, arbitrary: fc.constant<ToolPick>({ scenario: true }) },
				{ weight: 1, arbitrary: fc.constantFrom('mcp__nope__x', 'read_file', '', 'mcp__a__') },
				{ weight: 1, arbitrary: fc.string({ maxLength: 8 }) }
			),
			args: callArgs
		})
	}
);

/** 5–25 commands; most schedules open with a start-up, so calls meet a registry. */
const scheduleArb: fc.Arbitrary<Command[]> = fc
	.tuple(fc.nat({ max: 9 }), fc.array(command, { minLength: 5, maxLength: 24 }))
	.map(([opening, rest]) => (opening < 7 ? [{ c: 'startSession' as const }, ...rest] : rest));

// ---- running a schedule ---------------------------------------------------------------------------

const isFault = (c: Command): c is Extract<Command, { c: FaultName }> =>
	c.c === 'kill' || c.c === 'restart' || c.c === 'hang' || c.c === 'delay';

function serverOf(world: World, t: Target): string {
	const names = world.serverNames;
	return 'index' in t ? (names[t.index % names.length] ?? 'no servers') : t.name;
}

/** Every adapted name the scenario's servers could offer, whether registered or not. */
function scenarioToolNames(world: World): string[] {
	return world
		.servers()
		.flatMap((s) => (effectiveSim(s.config).tools ?? []).map((t) => adaptedName(s.name, t.name)));
}

function toolNameOf(world: World, c: Extract<Command, { c: 'callTool' }>): string {
	if (typeof c.name === 'string') return c.name;
	const registered = world.registeredTools.map((t) => t.name);
	const names = 'registered' in c.name && registered.length ? registered : scenarioToolNames(world);
	return names.length ? names[c.pick % names.length] : 'mcp__nope__x';
}

interface Step {
	command: Command;
	server?: string;
	toolName?: string;
	rejected: { error: unknown } | null;
	call?: CallRecord;
}

/** Runs one command; tool names are picked from `picker`'s view (a twin uses the same names). */
async function exec(world: World, command: Command, picker: World = world): Promise<Step> {
	const step: Step = { command, rejected: null };
	try {
		switch (command.c) {
			case 'startSession':
			case 'closeSession':
			case 'connectAll':
			case 'reconnectAll':
				await world[command.c]();
				break;
			case 'kill':
			case 'restart':
			case 'hang':
				step.server = serverOf(world, command.target);
				await world[command.c](step.server);
				break;
			case 'delay':
				step.server = serverOf(world, command.target);
				await world.delay(step.server, command.ms);
				break;
			case 'callTool':
				step.toolName = toolNameOf(picker, command);
				step.call = await world.callTool(step.toolName, command.args);
				break;
		}
	} catch (error) {
		step.rejected = { error };
	}
	return step;
}

/** The documented WorldCommandError texts: an unknown server, or a delay out of range. */
function expectedRejection(world: World, step: Step): string | null {
	if (step.server !== undefined && !world.serverNames.includes(step.server))
		return `Unknown server '${step.server}'. Servers in this world: ${world.serverNames.join(', ') || 'none'}.`;
	const c = step.command;
	if (c.c === 'delay' && (!Number.isFinite(c.ms) || c.ms < 0 || c.ms > 3_600_000))
		return `A delay is a number of milliseconds from 0 to 3600000, not ${c.ms}.`;
	return null;
}

function checkRejection(world: World, step: Step): void {
	const expected = expectedRejection(world, step);
	if (expected === null) {
		expect(step.rejected, `${JSON.stringify(step.command)} must not reject`).toBeNull();
		return;
	}
	expect(step.rejected, `${JSON.stringify(step.command)} must reject`).not.toBeNull();
	const error = step.rejected!.error;
	expect(error).toBeInstanceOf(WorldCommandError);
	expect((error as Error).message).toBe(expected);
}

/** The build OpenHarness makes at start-up, computed here from the statuses of that moment. */
function buildNow(world: World): BuiltRegistry {
	return buildRegistry(
		world.servers().map((s) => ({ server: s.name, status: s.status, tools: s.connection.tools })),
		resourceTools(),
		enabledPluginTools(world.scenario)
	);
}

const RESTING = ['pending', 'connected', 'failed', 'closed'];

/** After every command: resting machines, no running call, the registry the profile derives. */
function checkSettled(world: World, built: BuiltRegistry | null): void {
	const views = world.servers();
	for (const s of views)
		expect(RESTING, `${JSON.stringify(s.name)} left in ${s.machineState}`).toContain(
			s.machineState
		);
	// OpenHarness has a `disabled` status that nothing ever sets.
	expect(views.filter((s) => s.status === 'disabled')).toEqual([]);
	// Every call has finished its stages (no permissions block: full_auto, nobody is asked).
	expect(world.calls.filter((c) => c.state !== 'completed')).toEqual([]);
	const statusOf = new Map(views.map((s) => [s.name, s.status]));
	expect(world.registry).toEqual(registryEntries(built, (server) => statusOf.get(server)));
	expect(world.registeredTools).toEqual(built?.tools ?? []);
	expect(world.sessionStarted).toBe(built !== null);
}

const TIMED_OUT = 'Request timed out';
const CONNECTION_CLOSED = 'Connection closed';

/**
 * A call ends `completed` with exactly one of the profile's shapes, and the shape agrees with
 * what the world looked like when the call was made.
 */
function checkCall(
	world: World,
	step: Step,
	before: ServerView[],
	registeredBefore: readonly RegisteredTool[]
): void {
	const name = step.toolName!;
	const call = step.call!;
	const c = step.command as Extract<Command, { c: 'callTool' }>;
	expect(world.calls.at(-1)).toEqual(call);
	expect(call).toMatchObject({ name, arguments: c.args, state: 'completed' });
	expect(call.endedAt).not.toBeNull();
	expect(call.error).toBe(call.isError ? call.output : '');

	const registered = registeredBefore.find((t) => t.name === name);
	if (!registered) {
		expect(call).toMatchObject({ output: unknownTool(name), isError: true, server: '', tool: '' });
		return;
	}
	expect(call).toMatchObject({ server: registered.server, tool: registered.tool });
	if (registered.plugin !== undefined) {
		// A plugin's tool: the harness runs it, whatever any server's state; nothing is sent.
		expect(call.sent).toBeNull();
		const invalid = `Invalid input for ${name}: `;
		expect(call.output.startsWith(invalid)).toBe(breaksSchema(registered.inputSchema, c.args));
		if (call.output.startsWith(invalid)) return void expect(call.isError).toBe(true);
		const tool = findPluginTool(world.scenario, registered.plugin, registered.tool)!;
		expect(call.isError).toBe(false);
		if (tool.result) expect(call.output).toBe(resultText(CallToolResultSchema.parse(tool.result)));
		else expect(call.output.startsWith(`${tool.name} called with `)).toBe(true);
		return;
	}
	if (registered.builtin) {
		// OpenHarness's own resource tools: list reads the statuses as they were, nothing is sent;
		// the schedules' arguments never name both a server and a uri, so a read is refused.
		expect(call.sent).toBeNull();
		if (name === LIST_MCP_RESOURCES)
			expect(call).toMatchObject({
				isError: false,
				output: listResourcesOutput(
					listResources(before.map((s) => ({ server: s.name, resources: s.connection.resources })))
				)
			});
		else expect(call.output).toMatch(/^Invalid input for read_mcp_resource: \d validation error/);
		return;
	}
	const server = before.find((s) => s.name === registered.server)!;
	const invalid = `Invalid input for ${name}: `;
	// Validation comes before the server is asked, whatever its state: refused exactly when the
	// arguments break the registered schema (judged here from the schedule's few shapes).
	expect(
		call.output.startsWith(invalid),
		`${JSON.stringify(c.args)} against ${JSON.stringify(registered.inputSchema)}`
	).toBe(breaksSchema(registered.inputSchema, c.args));
	if (call.output.startsWith(invalid)) {
		expect(call.output.length).toBeGreaterThan(invalid.length);
		expect(call.isError).toBe(true);
		return;
	}
	if (server.status !== 'connected') {
		expect(call).toMatchObject({ output: notConnected(server.name, server.detail), isError: true });
		return;
	}
	const simTools = effectiveSim(server.config).tools ?? [];
	// The server answers with the first tool of that name; the session keeps the schema of the last.
	const sim = simTools.find((t) => t.name === registered.tool);
	// The profile reads the result as the SDK client hands it over (parsed by the SDK's schema,
	// which fixes the key order of non-text parts), not as the sim block spelled it.
	const answered =
		sim && !sim.error
			? CallToolResultSchema.parse(
					sim.result ?? {
						content: [
							{ type: 'text', text: `${sim.name} called with ${JSON.stringify(call.sent ?? {})}` }
						]
					}
				)
			: null;
	const listing = simTools.map((t) => ({ name: t.name, outputSchema: t.outputSchema }));
	const problem = answered && schemaProblem(listing, registered.tool, answered);
	const failed = callFailed(server.name, '');
	if (call.output.startsWith(failed)) {
		expect(call.isError).toBe(true);
		const reason = call.output.slice(failed.length);
		// A closed session's error (anyio's ClosedResourceError) has no message.
		const allowed = [TIMED_OUT, CONNECTION_CLOSED, SESSION_CLOSED];
		// The TS server's wire message, printed once as Python's str(McpError) would.
		if (sim?.error) allowed.push(`MCP error ${sim.error.code}: ${sim.error.message}`);
		if (problem) allowed.push(problem);
		expect(allowed).toContain(reason);
		// The kill closed the pipe under the client; nothing reopened it while the status says connected.
		if (server.process === 'killed') expect(reason).toBe(SESSION_CLOSED);
		return;
	}
	// A normal result: only from a running process, before the timeout, and exactly the sim's text.
	expect(call.isError).toBe(false);
	expect(server.process).toBe('running');
	expect(answered).not.toBeNull();
	expect(problem, 'a result its output schema refuses').toBeNull();
	expect(call.endedAt! - call.startedAt).toBeLessThan(30_000);
	expect(call.output).toBe(resultText(answered!));
}

/** The session's complaint about a result, raised ones included (an unresolvable `$ref`). */
function schemaProblem(
	listing: Array<{ name: string; outputSchema?: unknown }>,
	tool: string,
	result: Record<string, unknown>
): string | null {
	try {
		return outputSchemaProblem({ listings: [listing] }, tool, result);
	} catch (error) {
		return (error as Error).message;
	}
}

/** What one server looks like from outside, without simulated timestamps. */
function viewOf(s: ServerView) {
	return {
		status: s.status,
		detail: s.detail,
		process: s.process,
		delayMs: s.delayMs,
		machineState: s.machineState,
		tools: s.connection.tools,
		resources: s.connection.resources,
		init: s.connection.init
	};
}

function viewsOf(world: World): Map<string, ReturnType<typeof viewOf>> {
	return new Map(world.servers().map((s) => [s.name, viewOf(s)]));
}

function untimed<T extends { seq: number; t: number }>(entries: readonly T[]) {
	return entries.map(({ seq: _seq, t: _t, ...rest }) => rest);
}

/**
 * One server's wire without its tools/call exchanges (request, answer, cancellation). What is
 * left is connecting and closing; each connection has a fresh client, so its ids do not depend
 * on how many calls went before.
 */
function withoutToolCalls<T extends { kind: string }>(entries: T[]): T[] {
	let callIds = new Set<unknown>();
	return entries.filter((entry) => {
		const e = entry as unknown as WireEntry;
		if (e.kind === 'transport') {
			if (e.event === 'open') callIds = new Set();
			return true;
		}
		const m = e.message as { id?: unknown; method?: string; params?: { requestId?: unknown } };
		if (m.method === 'tools/call') {
			callIds.add(m.id);
			return false;
		}
		if (m.method === 'notifications/cancelled') return !callIds.has(m.params?.requestId);
		if (m.method === undefined && callIds.has(m.id)) return false;
		return true;
	});
}

function callFacts(c: CallRecord) {
	return {
		id: c.id,
		name: c.name,
		arguments: c.arguments,
		sent: c.sent,
		server: c.server,
		tool: c.tool,
		state: c.state,
		isError: c.isError,
		output: c.output,
		error: c.error,
		duration: c.endedAt === null ? null : c.endedAt - c.startedAt
	};
}

// ---- properties -----------------------------------------------------------------------------------

describe('OpenHarness world under random scenarios and schedules', () => {
	it(
		'settles every command: documented rejections only, resting machines, no running call, the derived registry, exact call shapes',
		async () => {
			await fc.assert(
				fc.asyncProperty(scenarioArb, scheduleArb, async (scenario, schedule) => {
					const world = makeWorld(scenario);
					try {
						let built: BuiltRegistry | null = null;
						checkSettled(world, built);
						for (const command of schedule) {
							const before = world.servers();
							const registeredBefore = world.registeredTools;
							const step = await exec(world, command);
							checkRejection(world, step);
							// The build of the last start-up, reconstructed from the statuses right after it.
							if (command.c === 'startSession') built = buildNow(world);
							if (command.c === 'closeSession') built = null;
							checkSettled(world, built);
							if (step.call) checkCall(world, step, before, registeredBefore);
						}
						expect(world.calls.map((c) => c.id)).toEqual(
							schedule.filter((c) => c.c === 'callTool').map((_, i) => `c${i + 1}`)
						);
					} finally {
						world.dispose();
					}
					await expectNoUnhandledRejection();
				}),
				params(250)
			);
		},
		PROPERTY_TIMEOUT_MS
	);

	it(
		'isolates faults: a fault on A leaves every other server as it was, and a twin world without A’s faults sees the same of every other server',
		async () => {
			await fc.assert(
				fc.asyncProperty(scenarioArb, scheduleArb, fc.nat(), async (scenario, schedule, pickA) => {
					const world = makeWorld(scenario);
					const twin = makeWorld(scenario);
					try {
						const names = world.serverNames;
						const a = names[pickA % names.length];
						const others = names.filter((n) => n !== a);
						const aToolNames = new Set(
							(effectiveSim(world.servers().find((s) => s.name === a)!.config).tools ?? []).map(
								(t) => adaptedName(a, t.name)
							)
						);
						/** Servers that got a call in one world that went elsewhere in the twin. */
						const rerouted = new Set<string>();
						for (const original of schedule) {
							let command = original;
							// A delay past the 30 s timeout leaves the answer in the pipe, and the wire keeps
							// answers in order, so the server's next answer on that connection waits for it until
							// an absolute simulated time. How much time has passed by then legitimately depends on
							// A's faults (a hang on A costs 30 s per request), so in the twin the same later call
							// can time out. Other servers' delays therefore stay below the timeout here; A's do not.
							if (
								command.c === 'delay' &&
								serverOf(world, command.target) !== a &&
								command.ms > 29_000 &&
								command.ms <= 3_600_000
							)
								command = { ...command, ms: 29_000 };
							const onA = isFault(command) && serverOf(world, command.target) === a;

							// The twin calls the tool names picked from this world's registry.
							const pinned: Command =
								command.c === 'callTool'
									? { ...command, name: toolNameOf(world, command) }
									: command;
							const before = viewsOf(world);
							const step = await exec(world, pinned);
							if (isFault(command) && !step.rejected) {
								// At that moment, no other server's status, detail or process changed.
								const after = viewsOf(world);
								for (const [name, view] of before)
									if (name !== step.server) expect(after.get(name)).toEqual(view);
							}
							if (!onA) await exec(twin, pinned);

							// Calls first: a call to a name A also offers may go to A in one world (A shadows
							// the other server's tool) and to the other server in the twin; that is the only
							// way a call may be routed differently.
							expect(world.calls.length).toBe(twin.calls.length);
							world.calls.forEach((mineCall, i) => {
								const theirCall = twin.calls[i];
								if (!others.includes(mineCall.server) && !others.includes(theirCall.server)) return;
								if (mineCall.server !== theirCall.server) {
									expect(
										aToolNames.has(mineCall.name),
										`call ${mineCall.id} routed differently`
									).toBe(true);
									rerouted.add(mineCall.server).add(theirCall.server);
									return;
								}
								expect(callFacts(mineCall)).toEqual(callFacts(theirCall));
							});

							const mine = viewsOf(world);
							const theirs = viewsOf(twin);
							for (const b of others) {
								expect(mine.get(b), `server ${JSON.stringify(b)}`).toEqual(theirs.get(b));
								const wireOf = (w: World) => untimed(w.wire.entries.filter((e) => e.server === b));
								// Connecting, closing and the process's fate: always the same messages.
								expect(withoutToolCalls(wireOf(world))).toEqual(withoutToolCalls(wireOf(twin)));
								// Every message, ids included, unless a rerouted call added an exchange on one side.
								if (!rerouted.has(b)) expect(wireOf(world)).toEqual(wireOf(twin));
								const eventsOf = (w: World) =>
									untimed(
										w.events.filter(
											(e) =>
												(e.kind === 'status' || e.kind === 'process' || e.kind === 'delay') &&
												e.server === b
										)
									);
								expect(eventsOf(world)).toEqual(eventsOf(twin));
							}
							// A's own tools may shadow (or stop shadowing) another server's tool of the same
							// adapted name: those names legitimately differ; every other one must not.
							const notA = <T extends { name: string; server: string }>(list: readonly T[]) =>
								list.filter((e) => e.server !== a && !aToolNames.has(e.name));
							expect(notA(world.registry)).toEqual(notA(twin.registry));
							expect(notA(world.registeredTools)).toEqual(notA(twin.registeredTools));
						}
					} finally {
						world.dispose();
						twin.dispose();
					}
					await expectNoUnhandledRejection();
				}),
				params(150)
			);
		},
		PROPERTY_TIMEOUT_MS
	);

	it(
		'records in `sent` exactly the arguments that went out in tools/call, and null when nothing went out',
		async () => {
			await fc.assert(
				fc.asyncProperty(scenarioArb, scheduleArb, async (scenario, schedule) => {
					const world = makeWorld(scenario);
					try {
						for (const command of schedule) {
							const lastSeq = world.wire.entries.at(-1)?.seq ?? 0;
							const step = await exec(world, command);
							if (!step.call) continue;
							// Commands are serialised, so a tools/call written during this one is this call's.
							const written = world.wire.entries.flatMap((e) =>
								e.seq > lastSeq &&
								e.kind === 'message' &&
								e.dir === 'to-server' &&
								'method' in e.message &&
								e.message.method === 'tools/call'
									? [(e.message.params as { arguments?: unknown }).arguments ?? {}]
									: []
							);
							expect(written.length).toBeLessThanOrEqual(1);
							expect(
								{ output: step.call.output, sent: step.call.sent },
								`call ${step.call.id}`
							).toEqual({ output: step.call.output, sent: written[0] ?? null });
						}
					} finally {
						world.dispose();
					}
					await expectNoUnhandledRejection();
				}),
				params(100)
			);
		},
		PROPERTY_TIMEOUT_MS
	);

	it(
		'is deterministic: the same scenario and schedule give byte-identical wire, events and calls',
		async () => {
			await fc.assert(
				fc.asyncProperty(scenarioArb, scheduleArb, async (scenario, schedule) => {
					const run = async () => {
						const world = makeWorld(scenario);
						try {
							for (const command of schedule) await exec(world, command);
							return JSON.stringify({
								wire: world.wire.entries,
								events: world.events,
								calls: world.calls
							});
						} finally {
							world.dispose();
						}
					};
					const first = await run();
					expect(await run()).toBe(first);
					await expectNoUnhandledRejection();
				}),
				params(100)
			);
		},
		PROPERTY_TIMEOUT_MS
	);
});
