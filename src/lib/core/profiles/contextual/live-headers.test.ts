import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '$lib/server/test-live-server';
import type { ScenarioInput } from '../../scenario/schema';
import { makeWorld } from '../../world/test-world';
import type { World } from '../../world/world';

// A contextual world's live server, against a real MCP server over HTTP started by each test:
// the run's headers reach it on every request, as they reach a simulated one.

const scenario = (url: string): ScenarioInput => ({
	profile: 'contextual',
	mcp_servers: {
		live: { type: 'http', url, live: true, headers: { 'X-App': 'lab' } },
		kb: {
			type: 'http',
			url: 'https://kb.example.com/mcp',
			sim: { tools: [{ name: 'search', inputSchema: { type: 'object', properties: {} } }] }
		}
	},
	contextual: {
		servers: {
			live: {
				headers: {
					'X-User-ID': { source: 'identity.user_id' },
					'X-Run-ID': { source: 'context.run_id' },
					'X-Session': { source: 'identity.session', secret: true },
					Authorization: { source: 'identity.token', required: false, secret: true }
				}
			},
			kb: { headers: { 'X-User-ID': { source: 'identity.user_id' } } }
		},
		identities: {
			alice: { user_id: 'u-alice', session: 'sess-alice-42', token: 'Bearer tok-alice-9f' },
			bob: { user_id: 'u-bob', session: 'sess-bob-7' },
			guest: { session: 'sess-guest-1' }
		}
	}
});

const SECRETS = ['sess-alice-42', 'tok-alice-9f', 'sess-bob-7', 'sess-guest-1'];

let server: TestServer | undefined;
let world: World | undefined;
afterEach(async () => {
	world?.dispose();
	await server?.close();
	world = server = undefined;
});

async function started(): Promise<{ w: World; s: TestServer }> {
	server = await startTestServer();
	world = makeWorld(scenario(server.url), { liveTimeoutMs: 5_000 });
	await world.startSession();
	return { w: world, s: server };
}

type View = {
	run: { state: string; error: string | null; identity: string } | null;
	claims: Record<string, Record<string, unknown>>;
	servers: Record<string, { headers: Record<string, string> | null }>;
};
const view = (w: World) => w.profileView as unknown as View;

/** What the server received of these headers, per JSON-RPC request, from request `from` on. */
const received = (s: TestServer, names: string[], from = 0) =>
	s.requests
		.slice(from)
		.filter((r) => r.rpc)
		.map((r) => [r.rpc, ...names.map((n) => r.headers[n.toLowerCase()])]);

const liveHttp = (w: World) =>
	w.wire.entries.flatMap((e) =>
		e.server === 'live' && e.kind === 'transport' && e.event === 'http' ? [e.http] : []
	);

/** Everything the world keeps or shows: none of it may hold a secret value. */
const kept = (w: World) =>
	JSON.stringify([w.wire.entries, w.events, w.calls, w.servers(), w.profileView, w.actions]);

describe('contextual profile: live servers carry the run’s headers', () => {
	it('sends alice’s headers on initialize, tools/list and tools/call; secrets masked everywhere', async () => {
		const { w, s } = await started();
		expect(s.requests).toEqual([]);
		await w.profileCommand('startRun', { identity: 'alice', context: { run_id: 'run-1' } });
		expect(view(w).run).toMatchObject({ state: 'running', identity: 'alice', error: null });

		const call = await w.callTool('greet', { name: 'Ada' });
		expect(call).toMatchObject({ state: 'completed', isError: false, output: 'Hello, Ada!' });
		const names = ['X-App', 'X-User-ID', 'X-Run-ID', 'X-Session', 'Authorization'];
		const alice = ['lab', 'u-alice', 'run-1', 'sess-alice-42', 'Bearer tok-alice-9f'];
		expect(received(s, names)).toEqual([
			['initialize', ...alice],
			['notifications/initialized', ...alice],
			['tools/list', ...alice],
			['tools/call', ...alice]
		]);
		// The event stream the client opens after initializing (a GET) carries them too.
		expect(s.requests.map((r) => r.method)).toContain('GET');
		expect(new Set(s.requests.map((r) => r.headers['x-user-id']))).toEqual(new Set(['u-alice']));

		const shown = {
			'X-App': 'lab',
			'X-User-ID': 'u-alice',
			'X-Run-ID': 'run-1',
			'X-Session': '••••',
			Authorization: '••••'
		};
		expect(view(w).servers.live.headers).toEqual(shown);
		const http = liveHttp(w);
		expect(http.filter((h) => h.method === 'POST').map((h) => h.rpc)).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/list',
			'tools/call'
		]);
		for (const exchange of http) expect(exchange.headers).toEqual(shown);
		expect(view(w).claims.alice).toEqual({
			user_id: 'u-alice',
			session: '••••',
			token: '••••'
		});

		// The server repeats the Authorization it read: the call's result hides it.
		const whoami = await w.callTool('whoami', {});
		expect(whoami.output).toBe('You sent: ••••');
		for (const secret of SECRETS) expect(kept(w)).not.toContain(secret);
		// The simulated server of the same run gets its own binding, on its own wire.
		expect(view(w).servers.kb.headers).toEqual({ 'X-User-ID': 'u-alice' });
	});

	it('a second run for bob reconnects the live server with bob’s values', async () => {
		const { w, s } = await started();
		await w.profileCommand('startRun', { identity: 'alice', context: { run_id: 'run-1' } });
		const before = s.requests.length;
		await w.profileCommand('startRun', { identity: 'bob', context: { run_id: 'run-2' } });
		expect(view(w).run).toMatchObject({ state: 'running', identity: 'bob' });
		await w.callTool('greet', { name: 'Bo' });

		const names = ['X-User-ID', 'X-Run-ID', 'X-Session', 'Authorization'];
		const bob = ['u-bob', 'run-2', 'sess-bob-7', undefined];
		// alice's session ends with a DELETE under her own headers; bob's run then initializes.
		const after = s.requests.slice(before);
		expect(after[0]).toMatchObject({ method: 'DELETE', headers: { 'x-user-id': 'u-alice' } });
		expect(received(s, names, before)).toEqual([
			['initialize', ...bob],
			['notifications/initialized', ...bob],
			['tools/list', ...bob],
			['tools/call', ...bob]
		]);
		const initializes = liveHttp(w).filter((h) => h.rpc === 'initialize');
		expect(initializes.map((h) => h.headers)).toEqual([
			{
				'X-App': 'lab',
				'X-User-ID': 'u-alice',
				'X-Run-ID': 'run-1',
				'X-Session': '••••',
				Authorization: '••••'
			},
			{ 'X-App': 'lab', 'X-User-ID': 'u-bob', 'X-Run-ID': 'run-2', 'X-Session': '••••' }
		]);
		for (const secret of SECRETS) expect(kept(w)).not.toContain(secret);
	});

	it('a run missing a required value sends the live server nothing at all', async () => {
		const { w, s } = await started();
		await w.profileCommand('startRun', { identity: 'guest', context: { run_id: 'run-1' } });
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error:
				"ContextualMCP 'live': Required MCP context header source 'identity.user_id' is missing."
		});
		expect(w.serverState('live')).toBe('pending');
		expect(s.requests).toEqual([]);
		expect(w.wire.entries.filter((e) => e.server === 'live')).toEqual([]);
		expect(kept(w)).not.toContain('sess-guest-1');
	});
});
