import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, startTestServer, type TestServer } from '$lib/server/test-live-server';
import { makeWorld } from '../world/test-world';
import type { World } from '../world/world';
import { worldFacts } from './facts';
import { goalMet, type GoalContext } from './goals';
import { goalSchema, type Goal } from './lab-schema';

// Goals about live servers, checked against worlds connected to a real MCP server over HTTP.

const sim = {
	type: 'stdio',
	command: 'notes-mcp',
	sim: { tools: [{ name: 'greet', result: { content: [{ type: 'text', text: 'hi' }] } }] }
} as const;

const servers: TestServer[] = [];
const worlds: World[] = [];
afterEach(async () => {
	for (const world of worlds.splice(0)) world.dispose();
	for (const server of servers.splice(0)) await server.close();
});

async function liveWorld(url: string): Promise<World> {
	const world = makeWorld(
		{ mcp_servers: { notes: sim, live: { type: 'http', url, live: true } } },
		{ liveTimeoutMs: 5_000 }
	);
	worlds.push(world);
	await world.startSession();
	return world;
}

async function serve(options?: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
	const server = await startTestServer(options);
	servers.push(server);
	return server;
}

/** The goals as a lab states them (validated by the lab schema), against the world now. */
function goals(world: World) {
	const facts = worldFacts(world, 'x', 0);
	const ctx: GoalContext = { ...facts, callIds: new Set(), predicted: false };
	return (goal: Goal) => goalMet(goalSchema.parse(goal), ctx);
}

describe('live goals', () => {
	it('a refused server: the problem kind, not connected; a simulated server is never live', async () => {
		const met = goals(await liveWorld(await closedPortUrl()));
		expect(met({ live: { server: 'live', problem: 'refused' } })).toBe(true);
		expect(met({ live: { server: 'live', connected: false } })).toBe(true);
		expect(met({ live: { server: 'live', connected: true } })).toBe(false);
		expect(met({ live: { server: 'live', problem: 'unauthorized' } })).toBe(false);
		// A refused connection had no answer, so no status and no resource metadata.
		expect(met({ live: { server: 'live', problem: 'refused', status: 404 } })).toBe(false);
		expect(met({ live: { server: 'live', resourceMetadata: false } })).toBe(true);
		expect(met({ live: { server: 'notes', connected: true } })).toBe(false);
		expect(met({ live: { server: 'nobody' } })).toBe(false);
	});

	it('connected: the harness says so and no problem stands; a later failure takes it back', async () => {
		const server = await serve();
		const world = await liveWorld(server.url);
		let met = goals(world);
		expect(met({ live: { server: 'live', connected: true } })).toBe(true);
		expect(met({ live: { server: 'live', problem: 'refused' } })).toBe(false);

		server.forgetSessions();
		await world.callTool('mcp__live__greet', { name: 'Ada' });
		met = goals(world);
		// OpenHarness still says connected; the live problem tells the truth.
		expect(world.servers().find((s) => s.name === 'live')!.status).toBe('connected');
		expect(met({ live: { server: 'live', connected: true } })).toBe(false);
		expect(met({ live: { server: 'live', problem: 'session-expired', status: 404 } })).toBe(true);

		await world.reconnectAll();
		expect(goals(world)({ live: { server: 'live', connected: true } })).toBe(true);
	});

	it('unauthorized: the 401 and whether it named the resource metadata', async () => {
		const met = goals(await liveWorld((await serve({ token: 'needed' })).url));
		expect(
			met({
				live: { server: 'live', problem: 'unauthorized', status: 401, resourceMetadata: true }
			})
		).toBe(true);
		expect(met({ live: { server: 'live', resourceMetadata: false } })).toBe(false);
	});

	it('http: an exchange by server, method, JSON-RPC method and status', async () => {
		const server = await serve();
		const world = await liveWorld(server.url);
		await world.callTool('mcp__live__greet', { name: 'Ada' });
		await world.reconnectAll();
		const met = goals(world);
		expect(met({ http: { server: 'live', method: 'POST', rpc: 'tools/call', status: 200 } })).toBe(
			true
		);
		expect(met({ http: { method: 'POST', rpc: 'notifications/initialized', status: 202 } })).toBe(
			true
		);
		expect(met({ http: { method: 'DELETE', status: 200 } })).toBe(true);
		expect(met({ http: { rpc: 'tools/call', status: 404 } })).toBe(false);
		// Simulated servers have no HTTP exchanges, whatever their transport.
		expect(met({ http: { server: 'notes' } })).toBe(false);
	});

	it('the lab schema refuses a problem kind the world never reports and an unknown method', () => {
		expect(goalSchema.safeParse({ live: { server: 'x', problem: 'gone' } }).success).toBe(false);
		expect(goalSchema.safeParse({ http: { method: 'PUT' } }).success).toBe(false);
		expect(goalSchema.safeParse({ live: { connected: true } }).success).toBe(false);
	});
});
