import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, startTestServer, type TestServer } from '$lib/server/test-live-server';
import type { ScenarioInput } from '../scenario/schema';
import { encodeShare } from '../share/share-link';
import { wallClock } from '$lib/state/wall-clock';
import { FLOOD_PER_SECOND } from '../live/flood';
import { makeWorld } from './test-world';
import type { World, WorldOptions } from './world';

// Live servers in a world, against a real MCP server over HTTP started by each test.

const simApi = {
	type: 'http',
	url: 'https://mcp.internal.example.com/mcp',
	sim: {
		latencyMs: 40,
		tools: [
			{
				name: 'search_orders',
				result: { content: [{ type: 'text', text: '3 orders match' }] }
			}
		]
	}
} as const;

const liveAnd = (url: string): ScenarioInput => ({
	profile: 'openharness',
	mcp_servers: { live: { type: 'http', url, live: true }, 'internal-api': simApi }
});

let servers: TestServer[] = [];
let worlds: World[] = [];
afterEach(async () => {
	for (const world of worlds) world.dispose();
	for (const server of servers) await server.close();
	worlds = [];
	servers = [];
});

async function serve(options?: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
	const server = await startTestServer(options);
	servers.push(server);
	return server;
}

function world(input: ScenarioInput, options: WorldOptions = {}): World {
	const made = makeWorld(input, { liveTimeoutMs: 5_000, ...options });
	worlds.push(made);
	return made;
}

const view = (w: World, name: string) => w.servers().find((s) => s.name === name)!;
const dropped = (e: World['wire']['entries'][number]) =>
	e.server === 'live' && e.kind === 'transport' && e.event === 'dropped';
/** The call's connection went under it: closed, and the log says it was dropped. */
function expectDropped(w: World) {
	expect(view(w, 'live').live!.problem).toEqual({ kind: 'closed', detail: 'Connection closed' });
	expect(w.wire.entries.some(dropped)).toBe(true);
}
const liveMethods = (w: World, dir: 'to-server' | 'to-host') =>
	w.wire.entries.flatMap((e) =>
		e.server === 'live' && e.kind === 'message' && e.dir === dir
			? [(e.message as { method?: string }).method ?? 'response']
			: []
	);

describe('a live server in a world', () => {
	it('connects beside a simulated server; names, registry and calls work as for any server', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		expect(view(w, 'live')).toMatchObject({
			status: 'connected',
			detail: '',
			process: 'running',
			live: { url: server.url, problem: null }
		});
		expect(view(w, 'internal-api')).toMatchObject({ status: 'connected', live: null });
		expect(w.registry.map((e) => e.name).filter((n) => n.startsWith('mcp__'))).toEqual([
			'mcp__internal-api__search_orders',
			'mcp__live__greet',
			'mcp__live__whoami',
			'mcp__live__echo_headers',
			'mcp__live__chatter',
			'mcp__live__slow',
			'mcp__live__vanish',
			'mcp__live__crash',
			'mcp__live__quit'
		]);

		const call = await w.callTool('mcp__live__greet', { name: 'Ada' });
		expect(call).toMatchObject({ state: 'completed', isError: false, output: 'Hello, Ada!' });
		const sim = await w.callTool('mcp__internal-api__search_orders', {});
		expect(sim.output).toBe('3 orders match');

		expect(liveMethods(w, 'to-server')).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/list',
			'resources/list',
			'tools/call'
		]);
		expect(liveMethods(w, 'to-host')).toEqual(['response', 'response', 'response', 'response']);
		const toolsCall = w.wire.entries.find(
			(e) => e.kind === 'message' && (e.message as { method?: string }).method === 'tools/call'
		);
		expect(toolsCall).toMatchObject({
			server: 'live',
			message: { params: { name: 'greet', arguments: { name: 'Ada' } } }
		});
		const posts = w.wire.entries.flatMap((e) =>
			e.kind === 'transport' && e.event === 'http' && e.http.method === 'POST' ? [e.http] : []
		);
		expect(posts[0]).toEqual({
			method: 'POST',
			rpc: 'initialize',
			status: 200,
			contentType: 'text/event-stream',
			sessionId: true
		});
		expect(posts.map((p) => `${p.rpc} ${p.status}`)).toEqual([
			'initialize 200',
			'notifications/initialized 202',
			'tools/list 200',
			'resources/list 200',
			'tools/call 200'
		]);
	});

	it('kill drops the connection: the next call fails as OpenHarness reports it; reconnect_all reconnects', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		await w.kill('live');
		// The harness does not notice until the server is used.
		expect(view(w, 'live')).toMatchObject({ status: 'connected', process: 'running' });
		const failed = await w.callTool('mcp__live__greet', { name: 'Ada' });
		expect(failed).toMatchObject({
			isError: true,
			output: "MCP server 'live' call failed: "
		});
		expect(view(w, 'live').live!.problem).toEqual({ kind: 'closed', detail: 'Not connected' });

		// Nothing to restart on a real server; the next reconnect_all connects again.
		await w.restart('live');
		await w.reconnectAll();
		expect(view(w, 'live')).toMatchObject({
			status: 'connected',
			live: { problem: null }
		});
		expect((await w.callTool('mcp__live__greet', { name: 'Bo' })).output).toBe('Hello, Bo!');
	});

	it('reconnect_all ends the open session with a DELETE first, as OpenHarness’s client does', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		await w.reconnectAll();
		const http = w.wire.entries.flatMap((e) =>
			e.kind === 'transport' && e.event === 'http' ? [`${e.http.method} ${e.http.status}`] : []
		);
		expect(http).toContain('DELETE 200');
		expect(view(w, 'live').status).toBe('connected');
	});

	it('refuses hang and delay on a live server with a sentence and a key to translate', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		await expect(w.hang('live')).rejects.toMatchObject({
			message:
				"'live' is a live server: the lab cannot make a real server stop answering. Disconnect drops the lab's connection to it instead.",
			key: 'live_refuses_hang',
			params: { server: 'live' }
		});
		await expect(w.delay('live', 100)).rejects.toMatchObject({
			message:
				"'live' is a live server: the lab cannot slow a real server's answers (delay works on simulated servers).",
			key: 'live_refuses_delay'
		});
		// The simulated server still takes both.
		await w.delay('internal-api', 10);
		expect(view(w, 'internal-api').delayMs).toBe(10);
	});

	it('sends the in-memory token as a Bearer header and keeps it out of everything the world holds', async () => {
		const token = 'tok-7f3a9c2e5b1d';
		const server = await serve({ token });
		const w = world(liveAnd(server.url), {
			liveSecrets: (name) => (name === 'live' ? { token } : undefined)
		});
		await w.startSession();
		expect(view(w, 'live').status).toBe('connected');
		expect(server.authorizations.every((a) => a === `Bearer ${token}`)).toBe(true);
		// The server echoes the header: the world keeps it masked, the model sees it masked.
		const call = await w.callTool('mcp__live__whoami');
		expect(call.output).toBe('You sent: Bearer ••••');

		const link = await encodeShare({
			lab: null,
			labStep: 0,
			scenario: w.scenario,
			actions: [...w.actions],
			at: w.actions.length
		});
		const kept = JSON.stringify([w.events, w.wire.entries, w.scenario, w.calls, w.servers()]);
		expect(kept).toContain('••••');
		expect(kept).not.toContain(token);
		expect(link).not.toContain(token);
	});

	it('header values the server repeats are masked: any name at 8 characters, a secret name at any length, as sent', async () => {
		const server = await serve();
		const headers = { 'X-Tenant': 'acme-prod-9f3k2', 'X-Api-Key': ' sk-1 \t' };
		const w = world({
			profile: 'openharness',
			mcp_servers: { live: { type: 'http', url: server.url, live: true, headers } }
		});
		await w.startSession();
		// Sent as typed, less the spaces Headers.set trims.
		expect(server.requests.at(-1)?.headers).toMatchObject({
			'x-tenant': 'acme-prod-9f3k2',
			'x-api-key': 'sk-1'
		});
		const call = await w.callTool('mcp__live__echo_headers');
		expect(call.output).toBe('X-Tenant=•••• X-Api-Key=••••');
		// (The scenario itself holds them: it is the person's text. Links and logs redact it.)
		const kept = JSON.stringify([
			w.events,
			w.wire.entries,
			w.calls,
			w.servers().map((s) => s.connection)
		]);
		expect(kept).not.toContain('acme-prod-9f3k2');
		expect(kept).not.toContain('sk-1');
	});

	it('a wrong token quoted back in an error is masked in the status and everywhere else', async () => {
		const wrong = 'tok-wrong-0000';
		const server = await serve({ token: 'right' });
		const w = world(liveAnd(server.url), { liveSecrets: () => ({ token: wrong }) });
		await w.startSession();
		expect(view(w, 'live')).toMatchObject({
			status: 'failed',
			detail:
				'Streamable HTTP error: Error POSTing to endpoint: {"error":"invalid_token","received":"Bearer ••••"}',
			live: { problem: { kind: 'unauthorized' } }
		});
		expect(server.authorizations).toEqual([`Bearer ${wrong}`]);
		expect(JSON.stringify([w.events, w.wire.entries, w.servers()])).not.toContain(wrong);
	});

	it('a 401 fails the server; the problem says unauthorized and names the resource metadata', async () => {
		const server = await serve({ token: 'needed' });
		const w = world(liveAnd(server.url));
		await w.startSession();
		expect(view(w, 'live')).toMatchObject({
			status: 'failed',
			detail: 'Streamable HTTP error: Error POSTing to endpoint: {"error":"invalid_token"}',
			live: {
				problem: {
					kind: 'unauthorized',
					status: 401,
					resourceMetadata: server.resourceMetadata
				}
			}
		});
		// Isolation: the simulated server connected all the same.
		expect(view(w, 'internal-api').status).toBe('connected');
	});

	it('a session the server forgot gives 404: session-expired; reconnect_all initializes again', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		server.forgetSessions();
		const call = await w.callTool('mcp__live__greet', { name: 'Ada' });
		// The Python SDK's transport fails a request that got 404 with its own error, dropping the
		// server's answer (which the TypeScript client quotes).
		expect(call.output).toBe("MCP server 'live' call failed: Session terminated");
		expect(view(w, 'live').live!.problem).toMatchObject({ kind: 'session-expired', status: 404 });
		await w.reconnectAll();
		expect((await w.callTool('mcp__live__greet', { name: 'Ada' })).output).toBe('Hello, Ada!');
	});

	it('an HTML page is not an MCP endpoint', async () => {
		const server = await serve({ html: true });
		const w = world(liveAnd(server.url));
		await w.startSession();
		expect(view(w, 'live')).toMatchObject({
			status: 'failed',
			detail: 'Streamable HTTP error: Unexpected content type: text/html; charset=utf-8',
			live: { problem: { kind: 'not-mcp', status: 200 } }
		});
	});

	it('nothing listening: refused', async () => {
		const w = world(liveAnd(await closedPortUrl()));
		await w.startSession();
		expect(view(w, 'live')).toMatchObject({
			status: 'failed',
			detail: 'fetch failed',
			live: { problem: { kind: 'refused', detail: 'fetch failed' } }
		});
		const failure = w.wire.entries.find((e) => e.kind === 'transport' && e.event === 'http');
		expect(failure).toMatchObject({
			http: { method: 'POST', rpc: 'initialize', status: 0, error: 'fetch failed' }
		});
	});

	it('a slow server times out on the wall clock; simulated time does not jump for it', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url), { liveTimeoutMs: 300 });
		await w.startSession();
		const before = w.clock.now;
		const call = await w.callTool('mcp__live__slow');
		expect(call.output).toBe("MCP server 'live' call failed: Request timed out");
		expect(w.clock.now).toBe(before);
		expect(view(w, 'live').live!.problem).toMatchObject({ kind: 'timeout' });
		expect(liveMethods(w, 'to-server').slice(-2)).toEqual([
			'tools/call',
			'notifications/cancelled'
		]);
		// The server answers again: the card stops saying it does not (no reconnect needed).
		expect((await w.callTool('mcp__live__greet', { name: 'Ada' })).output).toBe('Hello, Ada!');
		expect(view(w, 'live').live!.problem).toBeNull();
	});

	it('a call that timed out is no longer read: its HTTP exchange closes, the connection stays', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url), { liveTimeoutMs: 300 });
		await w.startSession();
		const call = await w.callTool('mcp__live__slow');
		expect(call.output).toBe("MCP server 'live' call failed: Request timed out");
		const slowCall = server.requests.find((r) => r.rpc === 'tools/call')!;
		// Before, the page went on reading its answer stream until the connection closed.
		await expect.poll(() => slowCall.closed, { timeout: 1_000 }).toBe(true);
		expect(view(w, 'live').status).toBe('connected');
		expect((await w.callTool('mcp__live__greet', { name: 'Ada' })).output).toBe('Hello, Ada!');
	});

	it('Disconnect acts at once while a call waits for the server: the call ends, not at its timeout', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url), { liveTimeoutMs: 20_000 });
		await w.startSession();
		const started = Date.now();
		const call = w.callTool('mcp__live__slow');
		await expect.poll(() => server.requests.some((r) => r.rpc === 'tools/call')).toBe(true);
		await w.kill('live');
		const done = await call;
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(done.output).toMatch(/^MCP server 'live' call failed: /);
		expect(done.output).not.toContain('timed out');
		// Said as a disconnect of the live server, before what it did to the call.
		const events = w.events.map((e) =>
			e.kind === 'command' ? `${e.command}:${e.server}:${e.live}` : e.kind
		);
		expect(events).toContain('kill:live:true');
		expect(events.indexOf('kill:live:true')).toBeLessThan(events.lastIndexOf('call'));
		// Logged while the call's command was running: an interrupt of it.
		const kill = w.actions.find((a) => a.action.do === 'kill')!;
		expect(kill.during).toBe(w.actions.find((a) => a.action.do === 'callTools')!.seq);
	});

	it('Disconnect during a connect that gets no answer ends the wait for that server only', async () => {
		const silent = await serve({ silent: true });
		const w = world(
			{
				profile: 'openharness',
				mcp_servers: {
					live: { type: 'http', url: silent.url, live: true },
					'internal-api': simApi
				}
			},
			{ liveTimeoutMs: 20_000 }
		);
		const started = Date.now();
		const session = w.startSession();
		await expect.poll(() => silent.requests.some((r) => r.rpc === 'initialize')).toBe(true);
		await w.kill('live');
		await session;
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(view(w, 'live').status).toBe('failed');
		expect(view(w, 'internal-api').status).toBe('connected');
	});

	it('a server that dies mid-call: closed, before or after its answer began', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url));
		await w.startSession();
		const before = await w.callTool('mcp__live__vanish');
		expect(before.output).toBe("MCP server 'live' call failed: fetch failed");
		expect(view(w, 'live').live!.problem).toEqual({ kind: 'closed', detail: 'fetch failed' });

		const during = await w.callTool('mcp__live__crash');
		expect(during.output).toBe("MCP server 'live' call failed: Connection closed");
		expectDropped(w);
	});

	it('a server that ends its session mid-call: closed at once, not a timeout', async () => {
		const server = await serve();
		// Unnoticed, the clean end leaves the call to the SDK's timeout: 'Request timed out'.
		const w = world(liveAnd(server.url));
		await w.startSession();
		const call = await w.callTool('mcp__live__quit');
		expect(call.output).toBe("MCP server 'live' call failed: Connection closed");
		expectDropped(w);
		// An answered call's stream also ends cleanly: after a reconnect, no drop is logged for it.
		await w.reconnectAll();
		const drops = () => w.wire.entries.filter(dropped).length;
		const before = drops();
		expect((await w.callTool('mcp__live__greet', { name: 'Ada' })).output).toBe('Hello, Ada!');
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(drops()).toBe(before);
		expect(view(w, 'live').status).toBe('connected');
	});

	it('a server that floods the page is said once, shown while it lasts, and over after a quiet second', async () => {
		const server = await serve();
		const w = world(liveAnd(server.url), { realTime: wallClock });
		await w.startSession();
		// A busy server, under the rate: nothing is said.
		expect((await w.callTool('mcp__live__chatter', { count: 50 })).output).toBe('sent 50');
		const floods = () => w.events.filter((e) => e.kind === 'flood');
		expect(floods()).toEqual([]);
		expect(view(w, 'live').live!.flooding).toBe(false);

		expect((await w.callTool('mcp__live__chatter', { count: 2_000 })).output).toBe('sent 2000');
		expect(floods()).toMatchObject([{ server: 'live', perSecond: FLOOD_PER_SECOND }]);
		expect(view(w, 'live').live!.flooding).toBe(true);
		// The simulated server beside it is no part of it.
		expect(view(w, 'internal-api').live).toBeNull();
		await expect.poll(() => view(w, 'live').live!.flooding, { timeout: 4_000 }).toBe(false);

		// Disconnect ends one at once.
		await w.callTool('mcp__live__chatter', { count: 2_000 });
		expect(view(w, 'live').live!.flooding).toBe(true);
		await w.kill('live');
		expect(view(w, 'live').live!.flooding).toBe(false);
		expect(floods()).toHaveLength(2);
		// Real time (a quiet second) and 4,000 real HTTP messages: on a loaded machine it passed
		// 5 s, the default limit.
	}, 20_000);

	it('simulated servers in the same world keep their simulated timings', async () => {
		const server = await serve();
		const alone = world({ profile: 'openharness', mcp_servers: { 'internal-api': simApi } });
		const mixed = world(liveAnd(server.url));
		await alone.startSession();
		await mixed.startSession();
		expect(mixed.clock.now).toBe(alone.clock.now);
		const [live, sim] = await mixed.callTools([
			{ name: 'mcp__live__greet', arguments: { name: 'Ada' } },
			{ name: 'mcp__internal-api__search_orders' }
		]);
		const [simAlone] = await alone.callTools([{ name: 'mcp__internal-api__search_orders' }]);
		expect(live.output).toBe('Hello, Ada!');
		expect(sim.output).toBe('3 orders match');
		expect(sim.endedAt! - sim.startedAt).toBe(simAlone.endedAt! - simAlone.startedAt);
		expect(sim.endedAt! - sim.startedAt).toBe(40);
	});
});
