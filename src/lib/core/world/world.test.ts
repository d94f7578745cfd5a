import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../scenario/schema';
import { mcpStatusText } from '../profiles/openharness/status-text';
import { worldSnapshot } from './snapshot';
import { ECHO_MAX } from './command-errors';
import type { WorldCommandError } from './events';
import { isolationScenario, makeWorld } from './test-world';
import type { WireEntry } from './wire';

const fsTools = [
	'mcp__filesystem__read_file',
	'mcp__filesystem__write_file',
	'mcp__filesystem__list_directory'
];
const apiTools = ['mcp__internal-api__search_orders', 'mcp__internal-api__create_ticket'];
/** OpenHarness registers its two resource tools first, whatever the servers offer. */
const builtins = ['list_mcp_resources', 'read_mcp_resource'];

function methods(entries: readonly WireEntry[], server: string) {
	return entries
		.filter((e) => e.server === server && e.kind === 'message' && e.dir === 'to-server')
		.map((e) => (e.kind === 'message' && 'method' in e.message ? e.message.method : '?'));
}

function statusOf(world: ReturnType<typeof makeWorld>, name: string) {
	const s = world.servers().find((x) => x.name === name)!;
	return { status: s.status, detail: s.detail, process: s.process };
}

describe('OpenHarness world: start-up', () => {
	it('connects one server at a time in config order and builds registry #1 once', async () => {
		const world = makeWorld();
		await world.startSession();
		expect(statusOf(world, 'filesystem')).toEqual({
			status: 'connected',
			detail: '',
			process: 'running'
		});
		expect(statusOf(world, 'internal-api')).toEqual({
			status: 'connected',
			detail: '',
			process: 'running'
		});
		expect(statusOf(world, 'realtime')).toEqual({
			status: 'failed',
			detail: 'Unsupported MCP transport in current build: ws',
			process: 'running'
		});
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, ...fsTools, ...apiTools]);
		// Only the built-ins are read-only; every entry is available.
		expect(world.registry.map((e) => e.readOnly)).toEqual([
			true,
			true,
			...fsTools.map(() => false),
			false,
			false
		]);
		expect(world.registry.every((e) => e.available)).toBe(true);
		expect(world.registryHistory.map((r) => r.n)).toEqual([1]);

		// Serial: every filesystem message precedes the first internal-api one.
		const servers = world.wire.entries.map((e) => e.server);
		expect(servers.lastIndexOf('filesystem')).toBeLessThan(servers.indexOf('internal-api'));
		expect(methods(world.wire.entries, 'filesystem')).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/list',
			'resources/list'
		]);
		// ws passes validation but is never attempted: no traffic at all.
		expect(world.wire.entries.some((e) => e.server === 'realtime')).toBe(false);
	});

	it('counts Method not found on resources/list as connected with no resources', async () => {
		const world = makeWorld();
		await world.startSession();
		const answer = world.wire.entries.find(
			(e) =>
				e.server === 'internal-api' &&
				e.kind === 'message' &&
				e.dir === 'to-host' &&
				'error' in e.message
		);
		expect(
			answer && answer.kind === 'message' && 'error' in answer.message && answer.message.error
		).toMatchObject({
			code: -32601,
			message: 'Method not found'
		});
		expect(statusOf(world, 'internal-api').status).toBe('connected');
	});

	it('counts any resources/list error whose message contains Method not found as connected', async () => {
		// OpenHarness tests `"Method not found" in str(exc)`: containment, not the exact text.
		const world = makeWorld({
			mcp_servers: {
				older: {
					type: 'stdio',
					command: 'x',
					sim: {
						tools: [{ name: 't' }],
						resourcesError: { code: -32000, message: 'resources: Method not found (v0.3)' }
					}
				},
				other: {
					type: 'stdio',
					command: 'y',
					sim: {
						tools: [{ name: 'u' }],
						resourcesError: { code: -32000, message: 'Method missing' }
					}
				}
			}
		});
		await world.startSession();
		expect(statusOf(world, 'older').status).toBe('connected');
		expect(statusOf(world, 'other')).toMatchObject({
			status: 'failed',
			detail: 'MCP error -32000: Method missing'
		});
		// The tolerated server's tool is registered; the failed one's is not.
		expect(world.registry.map((e) => e.name).filter((n) => n.startsWith('mcp__'))).toEqual([
			'mcp__older__t'
		]);
		world.dispose();
	});

	it('fails the whole server when resources/list fails otherwise, though its tools were listed', async () => {
		const world = makeWorld({
			mcp_servers: {
				flaky: {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 't' }], resourcesError: { code: -32603, message: 'disk on fire' } }
				},
				ok: { type: 'stdio', command: 'y', sim: { tools: [{ name: 't' }] } }
			}
		});
		await world.startSession();
		// The SDK server puts its McpError's whole message ("MCP error -32603: …") on the wire; a
		// Python harness prints that wire message as it came, once (the TS client's own prefix is not
		// what a Python client shows).
		expect(statusOf(world, 'flaky')).toMatchObject({
			status: 'failed',
			detail: 'MCP error -32603: disk on fire'
		});
		expect(statusOf(world, 'ok').status).toBe('connected');
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, 'mcp__ok__t']);
	});

	it('connects in config order but lists statuses sorted by server name', async () => {
		const world = makeWorld({
			mcp_servers: {
				zeta: { type: 'stdio', command: 'z', sim: { tools: [{ name: 't' }] } },
				alpha: { type: 'stdio', command: 'a', sim: { tools: [{ name: 't' }] } },
				Mid: { type: 'stdio', command: 'm', sim: { tools: [{ name: 't' }] } }
			}
		});
		await world.startSession();
		const initialized = world.wire.entries
			.filter(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'initialize'
			)
			.map((e) => e.server);
		expect(initialized).toEqual(['zeta', 'alpha', 'Mid']);
		// Sorted by code point, as Python sorts str: capitals first.
		const listed = worldSnapshot(world, { lab: 'x', step: 0 }).servers.map((s) => s.name);
		expect(listed).toEqual(['Mid', 'alpha', 'zeta']);
		const status = mcpStatusText(
			world
				.servers()
				.map((s) => ({ name: s.name, state: s.status, detail: s.detail, tools: [], resources: [] }))
		);
		expect(status).toBe('MCP servers:\n- Mid: connected\n- alpha: connected\n- zeta: connected');
	});

	it('defaults a missing inputSchema and marks auth_configured from env/headers', async () => {
		const world = makeWorld({
			mcp_servers: {
				bare: {
					type: 'stdio',
					command: 'x',
					env: { TOKEN: 'secret' },
					sim: { tools: [{ name: 'ping' }] }
				},
				web: { type: 'http', url: 'https://x', sim: { tools: [] } },
				keyed: { type: 'http', url: 'https://y', headers: { 'X-Api-Key': 'k' }, sim: {} },
				sock: { type: 'ws', url: 'wss://z', headers: { 'X-Api-Key': 'k' } },
				plain: { type: 'stdio', command: 'y', sim: {} }
			}
		});
		await world.startSession();
		const bare = world.servers().find((s) => s.name === 'bare')!;
		expect(bare.connection.tools[0].inputSchema).toEqual({ type: 'object', properties: {} });
		const auth = Object.fromEntries(world.servers().map((s) => [s.name, s.authConfigured]));
		// env for stdio, headers for http and ws (a ws server is never attempted, but configured).
		expect(auth).toEqual({ bare: true, web: false, keyed: true, sock: true, plain: false });
		// The server really sent no inputSchema: the default is the harness's doing.
		const listed = world.wire.entries.find(
			(e) =>
				e.server === 'bare' &&
				e.kind === 'message' &&
				e.dir === 'to-host' &&
				'result' in e.message &&
				'tools' in e.message.result
		);
		expect(JSON.stringify(listed)).not.toContain('inputSchema');
	});

	it('lets the last registration win on a name collision, in sorted server order', async () => {
		const world = makeWorld({
			mcp_servers: {
				a_b: { type: 'stdio', command: 'x', sim: { tools: [{ name: 'x' }] } },
				'a.b': { type: 'stdio', command: 'y', sim: { tools: [{ name: 'x' }] } }
			}
		});
		await world.startSession();
		// Sorted: "a.b" < "a_b", so a_b registers last and wins.
		expect(world.registry).toEqual([
			...builtins.map((name) => ({
				name,
				server: '',
				tool: name,
				readOnly: true,
				available: true,
				builtin: true
			})),
			{ name: 'mcp__a_b__x', server: 'a_b', tool: 'x', readOnly: false, available: true }
		]);
		expect(world.registryHistory[0].diff.shadowed).toEqual([
			{ name: 'mcp__a_b__x', server: 'a.b', tool: 'x', by: 'a_b' }
		]);
	});
});

describe('OpenHarness world: a killed server', () => {
	it('goes unnoticed until used; the call fails as a result; other servers are untouched', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.kill('filesystem');
		expect(statusOf(world, 'filesystem')).toEqual({
			status: 'connected',
			detail: '',
			process: 'killed'
		});
		expect(world.registry.filter((e) => e.server === 'filesystem').every((e) => e.available)).toBe(
			true
		);

		const call = await world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		expect(call).toMatchObject({
			state: 'completed',
			isError: true,
			output: "MCP server 'filesystem' call failed: ",
			error: "MCP server 'filesystem' call failed: "
		});
		// A failed call does not reconnect anything, and the status still says connected.
		expect(statusOf(world, 'filesystem').status).toBe('connected');

		const other = await world.callTool('mcp__internal-api__search_orders', { query: 'late' });
		expect(other).toMatchObject({ isError: false, output: '3 orders match', error: '' });
		expect(statusOf(world, 'internal-api')).toEqual({
			status: 'connected',
			detail: '',
			process: 'running'
		});
	});

	it('after reconnect_all: failed, registry not rebuilt, entries unavailable, call not connected', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.kill('filesystem');
		await world.reconnectAll();
		expect(statusOf(world, 'filesystem')).toEqual({
			status: 'failed',
			detail: 'Connection closed',
			process: 'killed'
		});
		expect(statusOf(world, 'internal-api').status).toBe('connected');
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, ...fsTools, ...apiTools]);
		const latest = world.registryHistory.at(-1)!;
		expect(latest.n).toBe(2);
		expect(latest.diff.becameUnavailable).toEqual(fsTools);
		expect(latest.entries.filter((e) => !e.available).map((e) => e.server)).toEqual([
			'filesystem',
			'filesystem',
			'filesystem'
		]);

		const call = await world.callTool('mcp__filesystem__write_file', { path: '/x', content: 'y' });
		expect(call.output).toBe("MCP server 'filesystem' is not connected: Connection closed");
		expect(call.isError).toBe(true);
	});

	it('restart is noticed only at the next reconnect_all', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.kill('filesystem');
		await world.reconnectAll();
		await world.restart('filesystem');
		expect(statusOf(world, 'filesystem')).toMatchObject({ status: 'failed', process: 'running' });
		await world.reconnectAll();
		expect(statusOf(world, 'filesystem')).toEqual({
			status: 'connected',
			detail: '',
			process: 'running'
		});
		expect(world.registryHistory.at(-1)).toMatchObject({ n: 3 });
		expect(world.registryHistory.at(-1)!.diff.becameAvailable).toEqual(fsTools);
		const call = await world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		expect(call.output).toBe('hello from /data/notes.txt');
	});

	it('does not expose tools that appear only after a reconnect (registry built once)', async () => {
		const world = makeWorld();
		await world.kill('filesystem');
		await world.startSession();
		expect(statusOf(world, 'filesystem').status).toBe('failed');
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, ...apiTools]);
		await world.restart('filesystem');
		await world.reconnectAll();
		expect(statusOf(world, 'filesystem').status).toBe('connected');
		expect(world.servers().find((s) => s.name === 'filesystem')!.connection.tools).toHaveLength(3);
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, ...apiTools]);
		const call = await world.callTool('mcp__filesystem__read_file', {});
		expect(call.output).toBe('Unknown tool: mcp__filesystem__read_file');
	});
});

describe('OpenHarness world: a hung server', () => {
	it('times the call out on the simulated clock, cancels it on the wire, and spares the others', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.hang('internal-api');
		const before = world.clock.now;
		const call = await world.callTool('mcp__internal-api__search_orders', { query: 'x' });
		expect(call.output).toBe("MCP server 'internal-api' call failed: Request timed out");
		expect(world.clock.now - before).toBe(30_000);
		const unread = world.wire.entries.filter((e) => e.kind === 'message' && e.note === 'unread');
		expect(
			unread.map((e) => e.kind === 'message' && 'method' in e.message && e.message.method)
		).toEqual(['tools/call', 'notifications/cancelled']);
		const fs = await world.callTool('mcp__filesystem__list_directory', { path: '/data' });
		expect(fs).toMatchObject({ isError: false, output: '[FILE] notes.txt\n[DIR] reports' });
	});
});

/** The JSON-RPC error messages a server sent to the host, in order. */
function wireErrors(entries: readonly WireEntry[], server: string): string[] {
	return entries.flatMap((e) =>
		e.server === server && e.kind === 'message' && e.dir === 'to-host' && 'error' in e.message
			? [e.message.error.message]
			: []
	);
}

// A Python harness prints str(McpError): the JSON-RPC error's message as it came over the wire,
// never the TS client's own `MCP error <code>: ` prefix in front of it.
describe('OpenHarness world: error texts as a Python MCP client prints them', () => {
	it("a tool's JSON-RPC error: the wire message, once", async () => {
		const world = makeWorld({
			mcp_servers: {
				s: {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 't', error: { code: -32000, message: 'kaput' } }] }
				}
			}
		});
		await world.startSession();
		const call = await world.callTool('mcp__s__t', {});
		// The TS SDK server puts its McpError's whole message on the wire.
		expect(wireErrors(world.wire.entries, 's').at(-1)).toBe('MCP error -32000: kaput');
		expect(call).toMatchObject({
			isError: true,
			output: "MCP server 's' call failed: MCP error -32000: kaput"
		});
	});

	it('a resources/list error that is not Method not found: the wire message as detail', async () => {
		const world = makeWorld({
			mcp_servers: {
				s: {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 't' }], resourcesError: { code: -32603, message: 'disk on fire' } }
				}
			}
		});
		await world.startSession();
		const wire = wireErrors(world.wire.entries, 's').at(-1);
		expect(wire).toBe('MCP error -32603: disk on fire');
		expect(statusOf(world, 's')).toMatchObject({ status: 'failed', detail: wire });
	});

	it("the client's own errors: Connection closed, Request timed out", async () => {
		const world = makeWorld();
		await world.startSession();
		await world.kill('filesystem');
		await world.reconnectAll();
		expect(statusOf(world, 'filesystem').detail).toBe('Connection closed');
		await world.hang('internal-api');
		const call = await world.callTool('mcp__internal-api__search_orders', { query: 'x' });
		expect(call.output).toBe("MCP server 'internal-api' call failed: Request timed out");
	});
});

describe('OpenHarness world: commands and the snapshot', () => {
	it('answers an unknown tool and an unknown server with clear errors', async () => {
		const world = makeWorld();
		await world.startSession();
		expect((await world.callTool('mcp__nope__x')).output).toBe('Unknown tool: mcp__nope__x');
		await expect(world.kill('nope')).rejects.toThrow(
			"Unknown server 'nope'. Servers in this world: filesystem, internal-api, realtime."
		);
		// The failed command did not wedge the queue.
		await world.kill('filesystem');
		expect(statusOf(world, 'filesystem').process).toBe('killed');
	});

	it('echoes a huge server name cut to ECHO_MAX characters, not whole', async () => {
		const world = makeWorld();
		const error = await world.kill('x'.repeat(1_000_000)).catch((e: Error) => e);
		expect(error).toBeInstanceOf(Error);
		const message = (error as Error).message;
		expect(message.startsWith(`Unknown server '${'x'.repeat(ECHO_MAX)}…'.`)).toBe(true);
		expect(message.length).toBeLessThan(ECHO_MAX + 100);
		// The translated page reads the same bounded value.
		expect((error as WorldCommandError).params?.server).toHaveLength(ECHO_MAX + 1);
	});

	it('connect_all alone does not rebuild the registry; close_session empties it', async () => {
		const world = makeWorld();
		await world.kill('filesystem');
		await world.startSession();
		await world.restart('filesystem');
		await world.connectAll();
		expect(statusOf(world, 'filesystem').status).toBe('connected');
		expect(world.registry.map((e) => e.name)).toEqual([...builtins, ...apiTools]);
		await world.closeSession();
		expect(world.servers().map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
		expect(world.registry).toEqual([]);
		expect(world.registryHistory.at(-1)!.diff.removed).toEqual([...builtins, ...apiTools]);
	});

	it('gives the embed snapshot exactly in the contract shape', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.callTool('mcp__internal-api__create_ticket', {});
		const snapshot = worldSnapshot(world, { lab: '01-connection-isolation', step: 2 });
		expect(snapshot).toEqual({
			version: 1,
			lab: '01-connection-isolation',
			profile: 'openharness',
			step: 2,
			servers: [
				{
					name: 'filesystem',
					transport: 'stdio',
					state: 'connected',
					detail: '',
					process: 'running',
					tools: ['read_file', 'write_file', 'list_directory'],
					resources: []
				},
				{
					name: 'internal-api',
					transport: 'http',
					state: 'connected',
					detail: '',
					process: 'running',
					tools: ['search_orders', 'create_ticket'],
					resources: []
				},
				{
					name: 'realtime',
					transport: 'ws',
					state: 'failed',
					detail: 'Unsupported MCP transport in current build: ws',
					process: 'running',
					tools: [],
					resources: []
				}
			],
			registry: [
				// A harness built-in: no server, read-only, always available (no `builtin` key).
				...builtins.map((name) => ({
					name,
					server: '',
					tool: name,
					readOnly: true,
					available: true
				})),
				...[...fsTools, ...apiTools].map((name) => ({
					name,
					server: name.startsWith('mcp__filesystem') ? 'filesystem' : 'internal-api',
					tool: name.split('__')[2],
					readOnly: false,
					available: true
				}))
			],
			calls: [
				{
					id: 'c1',
					name: 'mcp__internal-api__create_ticket',
					state: 'completed',
					isError: false,
					output: 'Ticket T-1042 created',
					error: ''
				}
			]
		});
	});

	it('is deterministic: the same actions give the same wire log, byte for byte', async () => {
		const run = async () => {
			const world = makeWorld(isolationScenario);
			await world.startSession();
			await world.kill('filesystem');
			await world.callTool('mcp__filesystem__read_file', {});
			await world.hang('internal-api');
			await world.callTool('mcp__internal-api__search_orders', {});
			await world.restart('internal-api');
			await world.reconnectAll();
			return JSON.stringify({ wire: world.wire.entries, events: world.events, calls: world.calls });
		};
		expect(await run()).toBe(await run());
	});
});

describe('OpenHarness world: a delayed server', () => {
	it('answers late by the delay, on the simulated clock; restart clears it', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.delay('filesystem', 2000);
		expect(world.servers().find((s) => s.name === 'filesystem')!.delayMs).toBe(2000);
		const before = world.clock.now;
		const call = await world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		// 15 ms of the built-in server's own latency plus the delay.
		expect(world.clock.now - before).toBe(2015);
		expect(call).toMatchObject({ isError: false, output: 'hello from /data/notes.txt' });
		await world.restart('filesystem');
		expect(world.servers().find((s) => s.name === 'filesystem')!.delayMs).toBe(0);
		await expect(world.delay('filesystem', -1)).rejects.toThrow(
			'A delay is a number of milliseconds from 0 to 3600000, not -1.'
		);
	});

	it('notes a hang on the open pipe', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.hang('filesystem');
		expect(world.wire.entries.at(-1)).toMatchObject({
			server: 'filesystem',
			kind: 'transport',
			event: 'hung'
		});
	});
});

describe('OpenHarness world: pacing', () => {
	it('is told each jump of simulated time and changes nothing else', async () => {
		const jumps: number[] = [];
		const paced = makeWorld(isolationScenario, {
			pace: async (ms) => {
				jumps.push(ms);
			}
		});
		const plain = makeWorld(isolationScenario);
		for (const world of [paced, plain]) {
			await world.startSession();
			await world.hang('internal-api');
			await world.callTool('mcp__internal-api__search_orders', {});
		}
		expect(JSON.stringify(paced.wire.entries)).toBe(JSON.stringify(plain.wire.entries));
		expect(jumps.reduce((a, b) => a + b, 0)).toBe(paced.clock.now);
		expect(jumps).toContain(30_000);
	});
});

describe('OpenHarness world: the input model on the call path', () => {
	const typed = {
		mcp_servers: {
			tickets: {
				type: 'stdio',
				command: 'x',
				sim: {
					tools: [
						{
							name: 'create',
							inputSchema: {
								type: 'object',
								properties: {
									title: { type: 'string' },
									count: { type: 'integer' },
									priority: { type: 'string', enum: ['low', 'high'] }
								},
								required: ['title']
							}
						}
					]
				}
			}
		}
	};

	it('sends coerced arguments without unknown keys or unset fields', async () => {
		const world = makeWorld(typed);
		await world.startSession();
		const call = await world.callTool('mcp__tickets__create', {
			title: 't',
			count: '5',
			extra: true,
			priority: 'urgent'
		});
		expect(call.sent).toEqual({ title: 't', count: 5, priority: 'urgent' });
		const request = world.wire.entries.find(
			(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
		);
		expect(request && request.kind === 'message' && request.message).toMatchObject({
			params: { name: 'create', arguments: { title: 't', count: 5, priority: 'urgent' } }
		});
	});

	it('refuses invalid input with the exact text before looking at the connection', async () => {
		const world = makeWorld(typed);
		await world.startSession();
		await world.kill('tickets');
		await world.reconnectAll();
		const call = await world.callTool('mcp__tickets__create', { count: 1.5 });
		expect(call.sent).toBeNull();
		expect(call.output).toBe(
			[
				'Invalid input for mcp__tickets__create: 2 validation errors for Mcp__Tickets__CreateInput',
				'title',
				"  Field required [type=missing, input_value={'count': 1.5}, input_type=dict]",
				'    For further information visit https://errors.pydantic.dev/2.13/v/missing',
				'count',
				'  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=1.5, input_type=float]',
				'    For further information visit https://errors.pydantic.dev/2.13/v/int_from_float'
			].join('\n')
		);
		expect(
			world.wire.entries.some(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
			)
		).toBe(false);
	});
});

describe('OpenHarness world: the call pipeline', () => {
	const withPermissions = (
		permissions: ScenarioInput['permissions'],
		hooks?: ScenarioInput['hooks']
	): ScenarioInput => ({
		...isolationScenario,
		permissions,
		...(hooks ? { hooks } : {})
	});

	it('in default mode asks, and runs the call only once approved', async () => {
		const world = makeWorld(withPermissions({ mode: 'default' }));
		await world.startSession();
		const waiting = await world.callTool('mcp__internal-api__search_orders', { query: 'late' });
		expect(waiting.state).toBe('awaiting_approval');
		expect(
			world.wire.entries.some(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
			)
		).toBe(false);
		await world.answerApproval(waiting.id, true);
		expect(world.calls.find((c) => c.id === waiting.id)).toMatchObject({
			state: 'completed',
			isError: false,
			output: '3 orders match'
		});
		await expect(world.answerApproval(waiting.id, true)).rejects.toThrow(
			`Call ${waiting.id} is not waiting for approval.`
		);
	});

	it('a call waiting for its approval outlives Close session, then meets its server as it is', async () => {
		// The learner is the prompt and has no time limit. OpenHarness's prompt does not hang on
		// its MCP connections, so closing them does not answer it: approved later, the call
		// runs and finds its server no longer connected.
		const world = makeWorld(withPermissions({ mode: 'default' }));
		await world.startSession();
		const waiting = await world.callTool('mcp__internal-api__search_orders', { query: 'late' });
		await world.closeSession();
		expect(world.calls.find((c) => c.id === waiting.id)?.state).toBe('awaiting_approval');
		await world.answerApproval(waiting.id, true);
		const ended = world.calls.find((c) => c.id === waiting.id);
		expect(ended).toMatchObject({ state: 'completed', isError: true });
		// Closed, the server is pending again, whose detail is empty (harness-behaviors.md §1).
		expect(ended?.output).toBe("MCP server 'internal-api' is not connected: ");
		world.dispose();
	});

	it('a refusal is an error result; plan mode denies with the exact text', async () => {
		const world = makeWorld(withPermissions({ mode: 'default' }));
		await world.startSession();
		const call = await world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		await world.answerApproval(call.id, false);
		const refused = world.calls.find((c) => c.id === call.id)!;
		expect(refused.isError).toBe(true);
		expect(
			refused.output.startsWith('Mutating tools require user confirmation in default mode.')
		).toBe(true);

		const plan = makeWorld(withPermissions({ mode: 'plan' }));
		await plan.startSession();
		expect((await plan.callTool('mcp__filesystem__read_file', { path: '/x' })).output).toBe(
			'Plan mode blocks mutating tools until the user exits plan mode'
		);
	});

	it('a pre_tool_use hook blocks first, even an unknown tool', async () => {
		const world = makeWorld(
			withPermissions(
				{ mode: 'full_auto' },
				{ pre_tool_use: [{ matcher: 'mcp__nope__*', block: true }] }
			)
		);
		await world.startSession();
		expect((await world.callTool('mcp__nope__x')).output).toBe(
			'pre_tool_use hook blocked mcp__nope__x'
		);
	});

	it('truncates an output over 16,000 characters for the model and keeps the full text aside', async () => {
		const world = makeWorld({
			mcp_servers: {
				big: {
					type: 'stdio',
					command: 'x',
					sim: {
						tools: [
							{ name: 'dump', result: { content: [{ type: 'text', text: 'y'.repeat(20_000) }] } }
						]
					}
				}
			}
		});
		await world.startSession();
		const call = await world.callTool('mcp__big__dump');
		expect(call.output.startsWith('[Tool output truncated]')).toBe(true);
		expect(call.output.length).toBeLessThan(4_000);
		expect(call.artifact).toMatchObject({ chars: 20_000 });
		expect(call.artifact?.text).toHaveLength(20_000);
	});

	it('calls of one model turn run concurrently: the turn takes as long as the slowest', async () => {
		const world = makeWorld();
		await world.startSession();
		await world.delay('filesystem', 1000);
		const start = world.clock.now;
		const calls = await world.callTools([
			{ name: 'mcp__filesystem__read_file', arguments: { path: '/a' } },
			{ name: 'mcp__internal-api__search_orders', arguments: { query: 'late' } }
		]);
		expect(calls.map((c) => [c.state, c.isError])).toEqual([
			['completed', false],
			['completed', false]
		]);
		// filesystem: 15 ms + 1,000 ms delay; internal-api: 40 ms. One after the other would be 1,055.
		expect(world.clock.now - start).toBe(1015);
	});
});

describe('OpenHarness world: the permission mode', () => {
	it('applies to the calls that follow', async () => {
		const world = makeWorld();
		await world.startSession();
		expect(world.permissionMode).toBe('full_auto');
		await world.setPermissionMode('plan');
		expect((await world.callTool('mcp__internal-api__search_orders', { query: 'x' })).output).toBe(
			'Plan mode blocks mutating tools until the user exits plan mode'
		);
		await world.setPermissionMode('default');
		expect((await world.callTool('mcp__internal-api__search_orders', { query: 'x' })).state).toBe(
			'awaiting_approval'
		);
	});
});

describe('OpenHarness world: a result too deep to print', () => {
	it('fails the call as Python would, instead of overflowing the stack', async () => {
		let deep: Record<string, unknown> = { leaf: true };
		for (let i = 0; i < 2000; i++) deep = { d: deep };
		const world = makeWorld({
			mcp_servers: {
				deep: {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 'nest', result: { content: [], structuredContent: deep } }] }
				}
			}
		});
		await world.startSession();
		const call = await world.callTool('mcp__deep__nest');
		expect(call).toMatchObject({
			state: 'completed',
			isError: true,
			output:
				"MCP server 'deep' call failed: maximum recursion depth exceeded while getting the repr of an object"
		});
	});
});
