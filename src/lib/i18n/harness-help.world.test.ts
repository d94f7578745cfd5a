import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '$lib/core/scenario/schema';
import { makeWorld } from '$lib/core/world/test-world';
import type { World } from '$lib/core/world/world';
import { miniHarnessHelp } from './harness-help';

// What Start session, Reconnect all and Close session really do in each profile's world: the
// facts harness-help.ts puts into words. Each test reads the wire log and the world's state.

const server = (name: string) => ({
	type: 'http' as const,
	url: `https://${name}.example.com/mcp`,
	sim: { tools: [{ name: `${name}_tool`, result: { content: [{ type: 'text', text: 'ok' }] } }] }
});

/** Contextual: headers resolved per run. */
const bound = {
	'X-User-ID': { source: 'identity.user_id' as const },
	'X-Run-ID': { source: 'context.run_id' as const }
};

/** Config order a, b, c; MiniHarness's priority says b, c, a. */
const scenarioOf = (profile: ScenarioInput['profile']): ScenarioInput => ({
	profile,
	mcp_servers: { a: server('a'), b: server('b'), c: server('c') },
	miniharness: { priority: { b: 10, c: 5, a: 1 } },
	contextual: {
		servers: { a: { headers: bound }, b: { headers: bound } },
		identities: { alice: { user_id: 'u-alice' } }
	},
	toolsource: { allow: { 'mcp.a.a_tool': 'read', 'mcp.b.b_tool': 'read' } }
});

let world: World | undefined;
afterEach(() => world?.dispose());

function worldOf(profile: ScenarioInput['profile']): World {
	world = makeWorld(scenarioOf(profile));
	return world;
}

/** What crossed the wire since `from`: `server method` per request, `server [event]` per transport event. */
function wire(w: World, from = 0): string[] {
	return w.wire.entries.slice(from).flatMap((e) => {
		if (e.kind === 'transport') return e.event === 'http' ? [] : [`${e.server} [${e.event}]`];
		if (e.dir !== 'to-server' || !('method' in e.message)) return [];
		return e.message.method === 'notifications/initialized'
			? []
			: [`${e.server} ${e.message.method}`];
	});
}

const connect = (s: string, ...methods: string[]) => [
	`${s} [open]`,
	...methods.map((m) => `${s} ${m}`)
];
const toolsOnly = (s: string) => connect(s, 'initialize', 'tools/list');
const withResources = (s: string) => connect(s, 'initialize', 'tools/list', 'resources/list');
const states = (w: World) => w.serverNames.map((s) => w.serverState(s));
const registry = (w: World) => w.registry.map((e) => e.name);

describe('toolsource: the OpenHarness lifecycle, as its texts say', () => {
	it('Start session runs connect_all in config order with resources/list, then builds the registry', async () => {
		const w = worldOf('toolsource');
		await w.startSession();
		expect(wire(w)).toEqual([...withResources('a'), ...withResources('b'), ...withResources('c')]);
		expect(registry(w)).toEqual(['mcp.a.a_tool', 'mcp.b.b_tool']);
	});

	it('Reconnect all closes everything and connects again without rebuilding the registry', async () => {
		const w = worldOf('toolsource');
		await w.kill('b');
		await w.startSession();
		expect(registry(w)).toEqual(['mcp.a.a_tool']);
		await w.restart('b');
		const from = w.wire.entries.length;
		await w.reconnectAll();
		expect(wire(w, from)).toEqual([
			'a [close]',
			'c [close]',
			...withResources('a'),
			...withResources('b'),
			...withResources('c')
		]);
		expect(states(w)).toEqual(['connected', 'connected', 'connected']);
		// b's tool appeared, but the model's registry was built once, before it.
		expect(registry(w)).toEqual(['mcp.a.a_tool']);
	});

	it('Close session closes every connection, back to pending, and drops the registry', async () => {
		const w = worldOf('toolsource');
		await w.startSession();
		const from = w.wire.entries.length;
		await w.closeSession();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]', 'c [close]']);
		expect(states(w)).toEqual(['pending', 'pending', 'pending']);
		expect(w.sessionStarted).toBe(false);
		expect(registry(w)).toEqual([]);
	});
});

describe('trust: only trusted connectors connect', () => {
	it('Start session connects trusted connectors only; untrusted ones send nothing', async () => {
		const w = worldOf('trust');
		await w.startSession();
		expect(wire(w)).toEqual([]);
		expect(registry(w)).toEqual(['ToolSearch', 'DeferExecuteTool']);
		await w.profileCommand('trust', { connector: 'c' });
		await w.profileCommand('trust', { connector: 'b' });
		await w.closeSession();
		const from = w.wire.entries.length;
		await w.startSession();
		// Config order, OpenHarness's sequence, a never touched.
		expect(wire(w, from)).toEqual([...withResources('b'), ...withResources('c')]);
		expect(states(w)).toEqual(['disconnected', 'connected', 'connected']);
		expect(registry(w)).toEqual(['ToolSearch', 'DeferExecuteTool']);
	});

	it('Reconnect all closes every connection and reconnects the trusted connectors, trust kept', async () => {
		const w = worldOf('trust');
		await w.startSession();
		await w.profileCommand('trust', { connector: 'b' });
		const from = w.wire.entries.length;
		await w.reconnectAll();
		expect(wire(w, from)).toEqual(['b [close]', ...withResources('b')]);
		expect(states(w)).toEqual(['disconnected', 'connected', 'disconnected']);
	});

	it('Close session closes connections and drops the registry; trust survives for the next start', async () => {
		const w = worldOf('trust');
		await w.startSession();
		await w.profileCommand('trust', { connector: 'b' });
		const from = w.wire.entries.length;
		await w.closeSession();
		expect(wire(w, from)).toEqual(['b [close]']);
		expect(states(w)).toEqual(['disconnected', 'trusted', 'disconnected']);
		expect(w.sessionStarted).toBe(false);
		expect(registry(w)).toEqual([]);
	});
});

describe('miniharness: initialize by priority, close is final', () => {
	it('Start session initializes every client by priority with tools/list only, once', async () => {
		const w = worldOf('miniharness');
		await w.startSession();
		expect(wire(w)).toEqual([...toolsOnly('b'), ...toolsOnly('c'), ...toolsOnly('a')]);
		expect(miniHarnessHelp().started!(w.profileView)).toBeNull();
		expect(states(w)).toEqual(['initialized', 'initialized', 'initialized']);
		const from = w.wire.entries.length;
		await w.startSession();
		expect(wire(w, from)).toEqual([]);
	});

	it('Reconnect all closes every client and opens none: the tools stay listed, calls say the client is closed', async () => {
		const w = worldOf('miniharness');
		await w.startSession();
		const from = w.wire.entries.length;
		await w.reconnectAll();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]', 'c [close]']);
		expect(states(w)).toEqual(['closed', 'closed', 'closed']);
		expect(registry(w)).toEqual(['b_tool', 'c_tool', 'a_tool']);
		// The harness controls' status line says so, where OpenHarness's would say all is well.
		expect(w.sessionStarted).toBe(true);
		expect(miniHarnessHelp().started!(w.profileView)).toBe(
			'Session started, but every MiniHarness client is closed (a closed MCPClient never reopens): the model keeps its tool list, and every call fails with “MCP client is closed”.'
		);
		const call = await w.callTool('b_tool', {});
		expect(call).toMatchObject({ state: 'failed', output: 'MCP client is closed' });
		expect(wire(w, from).filter((line) => !line.endsWith('[close]'))).toEqual([]);
	});

	it('Close session closes every client for good: a later start sends nothing and the model has no tools', async () => {
		const w = worldOf('miniharness');
		await w.startSession();
		const from = w.wire.entries.length;
		await w.closeSession();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]', 'c [close]']);
		expect(registry(w)).toEqual([]);
		await w.startSession();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]', 'c [close]']);
		expect(states(w)).toEqual(['closed', 'closed', 'closed']);
		expect(registry(w)).toEqual([]);
	});
});

describe('contextual: connections belong to a run', () => {
	const run = (w: World) =>
		w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r1' },
			servers: ['a', 'b']
		});
	const runState = (w: World) =>
		(w.profileView as unknown as { run: { state: string } | null }).run?.state;
	const initializeHeaders = (w: World, s: string) =>
		w.wire.entries.flatMap((e) =>
			e.kind === 'transport' && e.event === 'http' && e.server === s && e.http.rpc === 'initialize'
				? [e.http.headers]
				: []
		);

	it('Start session outside a run connects nothing and gives the model no tools', async () => {
		const w = worldOf('contextual');
		await w.startSession();
		expect(wire(w)).toEqual([]);
		expect(w.sessionStarted).toBe(true);
		expect(registry(w)).toEqual([]);
	});

	it('Start session inside a run reconnects the run’s servers with the same headers, tools/list only', async () => {
		const w = worldOf('contextual');
		await w.startSession();
		await run(w);
		const from = w.wire.entries.length;
		await w.startSession();
		expect(wire(w, from)).toEqual(['a [close]', ...toolsOnly('a'), 'b [close]', ...toolsOnly('b')]);
		expect(initializeHeaders(w, 'a')).toEqual([
			{ 'X-User-ID': 'u-alice', 'X-Run-ID': 'r1' },
			{ 'X-User-ID': 'u-alice', 'X-Run-ID': 'r1' }
		]);
		expect(runState(w)).toBe('running');
		expect(registry(w)).toEqual(['a_tool', 'b_tool']);
	});

	it('Reconnect all closes every connection, then reconnects only the run’s servers', async () => {
		const w = worldOf('contextual');
		await w.reconnectAll();
		expect(wire(w)).toEqual([]);
		await w.startSession();
		await run(w);
		const from = w.wire.entries.length;
		await w.reconnectAll();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]', ...toolsOnly('a'), ...toolsOnly('b')]);
		expect(initializeHeaders(w, 'b').at(-1)).toEqual({ 'X-User-ID': 'u-alice', 'X-Run-ID': 'r1' });
		expect(states(w)).toEqual(['connected', 'connected', 'pending']);
		expect(runState(w)).toBe('running');
	});

	it('Close session closes the run’s connections, drops the tools, and the run fails', async () => {
		const w = worldOf('contextual');
		await w.startSession();
		await run(w);
		const from = w.wire.entries.length;
		await w.closeSession();
		expect(wire(w, from)).toEqual(['a [close]', 'b [close]']);
		expect(registry(w)).toEqual([]);
		expect(w.profileView).toMatchObject({
			run: {
				state: 'failed',
				error: "ContextualMCP 'a': its connection was closed; start a new run."
			}
		});
	});
});
