import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../scenario/schema';
import { replay } from '../../world/replay';
import { worldSnapshot } from '../../world/snapshot';
import { makeWorld, observable } from '../../world/test-world';
import type { World } from '../../world/world';
import { unroutedNote, type MiniHarnessView } from './view';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const query = { type: 'object', properties: { query: { type: 'string' } } };

/** Config order differs from priority order on purpose: priority decides. */
const scenario: ScenarioInput = {
	profile: 'miniharness',
	mcp_servers: {
		backup: {
			type: 'http',
			url: 'https://backup.example.com/mcp',
			sim: {
				tools: [
					{ name: 'search', inputSchema: query, result: text('backup: 2 results') },
					{ name: 'status', result: text('all green') }
				]
			}
		},
		primary: {
			type: 'stdio',
			command: 'primary-mcp',
			sim: {
				tools: [
					{ name: 'search', inputSchema: query, result: text('primary: 3 results') },
					{ name: 'send_email', result: text('sent') },
					{ name: 'delete_records', result: text('deleted') },
					{ name: 'broken', result: { content: [], isError: true } }
				]
			}
		},
		payments: {
			type: 'stdio',
			command: 'payments-mcp',
			sim: { tools: [{ name: 'charge_card', crash: true }] }
		},
		realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp' }
	},
	miniharness: {
		user: 'alice',
		schemaTtlMs: 60_000,
		priority: { primary: 10, backup: 5, payments: 1, realtime: 20 },
		policy: { search: 'auto', status: 'auto', charge_card: 'auto', delete_records: 'deny' }
	}
};

function sent(world: World, method: string, server?: string) {
	return world.wire.entries.filter(
		(e) =>
			e.kind === 'message' &&
			e.dir === 'to-server' &&
			(server === undefined || e.server === server) &&
			'method' in e.message &&
			e.message.method === method
	);
}

const view = (world: World) => world.profileView as MiniHarnessView;

async function started(input: ScenarioInput = scenario): Promise<World> {
	const world = makeWorld(input);
	await world.startSession();
	return world;
}

describe('MiniHarness client discipline', () => {
	it('refuses a call before initialize with the exact text, sending nothing', async () => {
		const world = makeWorld(scenario);
		const call = await world.callTool('search', { query: 'x' });
		expect(call).toMatchObject({
			state: 'failed',
			isError: true,
			output: 'MCP initialize must complete before tool use'
		});
		expect(world.wire.entries).toEqual([]);
	});

	it('takes a server written as streamable_http, its own name for the HTTP transport', async () => {
		const world = await started({
			profile: 'miniharness',
			mcp_servers: {
				api: {
					type: 'streamable_http',
					url: 'https://api.example.com/mcp',
					sim: { tools: [{ name: 'lookup', result: text('found') }] }
				}
			}
		} as unknown as ScenarioInput);
		expect(view(world).serverState).toEqual({ api: 'initialized' });
		expect(view(world).servers[0]).toMatchObject({ name: 'api', transport: 'streamable_http' });
		expect(world.registry.map((e) => e.name)).toEqual(['lookup']);
	});

	it('initializes by priority (not config order), skips a ws server, and keeps the real handshake', async () => {
		const world = await started();
		const order = sent(world, 'initialize').map((e) => e.server);
		expect(order).toEqual(['primary', 'backup', 'payments']);
		const servers = view(world).servers;
		expect(servers.map((s) => s.name)).toEqual(['realtime', 'primary', 'backup', 'payments']);
		expect(view(world).serverState).toEqual({
			realtime: 'failed',
			primary: 'initialized',
			backup: 'initialized',
			payments: 'initialized'
		});
		expect(servers[0].error).toBe('Unknown MCP transport type: ws');
		// The server's detail (its card, the embed snapshot) is that failure text too.
		expect(worldSnapshot(world, { lab: 'x', step: 0 }).servers).toContainEqual(
			expect.objectContaining({
				name: 'realtime',
				state: 'failed',
				detail: 'Unknown MCP transport type: ws'
			})
		);
		const primary = world.servers().find((s) => s.name === 'primary')!;
		expect(servers[1].protocolVersion).toBe(primary.connection.init!.protocolVersion);
		expect(servers[1].protocolVersion).toBe('2025-11-25');
		expect(servers[1].capabilities).toContain('tools');
		expect(world.serverState('realtime')).toBe('failed');
		expect(world.serverState('primary')).toBe('initialized');
	});

	it('treats a second startSession as idempotent: nothing new on the wire', async () => {
		const world = await started();
		const before = world.wire.entries.length;
		await world.startSession();
		expect(world.wire.entries.length).toBe(before);
		expect(view(world).session).toBe('initialized');
		expect(view(world).starts).toBe(2);
		expect(view(world).servers.map((s) => s.handshakes)).toEqual([0, 1, 1, 1]);
	});

	it('routes a raw name to the highest-priority server that offers it', async () => {
		const world = await started();
		expect(view(world).routes.search).toEqual({
			name: 'search',
			server: 'primary',
			shadowed: ['backup']
		});
		expect(world.registry.map((e) => [e.name, e.server])).toContainEqual(['search', 'primary']);
		const call = await world.callTool('search', { query: 'x' });
		expect(call).toMatchObject({
			state: 'completed',
			server: 'primary',
			output: 'primary: 3 results'
		});
	});

	it('does not fail over: with the top server killed the call fails, the next is never asked', async () => {
		const world = await started();
		await world.kill('primary');
		const call = await world.callTool('search', { query: 'x' });
		expect(call.state).toBe('failed');
		expect(call.output).toBe('Not connected');
		expect(sent(world, 'tools/call', 'backup')).toHaveLength(0);
	});

	it('closes for good: a call after close fails, close again is harmless, start does not reopen', async () => {
		const world = await started();
		await world.closeSession();
		let call = await world.callTool('status', {});
		expect(call.output).toBe('MCP client is closed');
		await world.closeSession();
		await world.startSession();
		expect(view(world).session).toBe('closed');
		call = await world.callTool('status', {});
		expect(call).toMatchObject({ state: 'failed', output: 'MCP client is closed' });
		expect(sent(world, 'initialize')).toHaveLength(3);
	});

	it('says MCP initialize failed with the detail for a server dead before the session', async () => {
		const world = makeWorld(scenario);
		await world.kill('payments');
		await world.startSession();
		expect(view(world).serverState.payments).toBe('failed');
		expect(view(world).servers[3].error).toBe('MCP initialize failed: Connection closed');
		expect(view(world).routes.charge_card).toBeUndefined();
	});

	it('says MCP initialize timed out for a server hung before the session', async () => {
		const world = makeWorld(scenario);
		await world.hang('backup');
		await world.startSession();
		expect(view(world).serverState.backup).toBe('failed');
		expect(view(world).servers[2].error).toBe('MCP initialize timed out');
		expect(view(world).routes.status).toBeUndefined();
		// The card and the embed snapshot say MiniHarness's words, not the SDK's `Request timed out`.
		const backup = worldSnapshot(world, { lab: 'x', step: 0 }).servers.find(
			(s) => s.name === 'backup'
		);
		expect(backup?.detail).toBe('MCP initialize timed out');
	});

	it('says MCP initialize timed out too when the page paces the 30 s wait in real time', async () => {
		// As a paced page does: the wait up to the initialize timeout takes real time (here 1 s).
		const world = makeWorld(scenario, {
			pace: (ms) => new Promise((resolve) => setTimeout(resolve, ms >= 10_000 ? 1000 : 0))
		});
		await world.hang('backup');
		await world.startSession();
		expect(view(world).servers[2].error).toBe('MCP initialize timed out');
		expect(
			worldSnapshot(world, { lab: 'x', step: 0 }).servers.find((s) => s.name === 'backup')?.detail
		).toBe('MCP initialize timed out');
	});
});

describe('MiniHarness timeouts', () => {
	it('times a hung call out after 30 simulated seconds and cancels it on the wire', async () => {
		const world = await started();
		await world.hang('backup');
		const t0 = world.clock.now;
		const call = await world.callTool('status', {});
		expect(call).toMatchObject({ state: 'failed', output: 'MCP tools/call:status timed out' });
		expect(call.endedAt! - t0).toBe(30_000);
		expect(sent(world, 'notifications/cancelled', 'backup')).toHaveLength(1);
	});

	it('takes the timeout from the miniharness block', async () => {
		const world = await started({
			...scenario,
			miniharness: { ...scenario.miniharness, timeoutMs: 5_000 }
		});
		await world.hang('backup');
		const t0 = world.clock.now;
		const call = await world.callTool('status', {});
		expect(call.endedAt! - t0).toBe(5_000);
	});
});

describe('MiniHarness secure executor', () => {
	it('denies by policy before any request', async () => {
		const world = await started();
		const call = await world.callTool('delete_records', {});
		expect(call).toMatchObject({
			state: 'permission_denied',
			output: "Tool 'delete_records' is denied by policy"
		});
		expect(sent(world, 'tools/call')).toHaveLength(0);
	});

	it('asks without a policy; a refusal is User rejected', async () => {
		const world = await started();
		const [asked] = await world.callTools([{ name: 'send_email', arguments: { to: 'a' } }]);
		expect(asked.state).toBe('awaiting_approval');
		await world.answerApproval(asked.id, false);
		expect(world.calls.find((c) => c.id === asked.id)).toMatchObject({
			state: 'permission_denied',
			output: "User rejected tool 'send_email'"
		});
		expect(sent(world, 'tools/call')).toHaveLength(0);
	});

	it('caches an approval per user, tool and arguments hash', async () => {
		const world = await started();
		const [first] = await world.callTools([
			{ name: 'send_email', arguments: { to: 'a', cc: 'b' } }
		]);
		await world.answerApproval(first.id, true);
		expect(world.calls.find((c) => c.id === first.id)).toMatchObject({
			state: 'completed',
			output: 'sent'
		});
		// Same arguments in another key order: same hash, not asked again.
		const second = await world.callTool('send_email', { cc: 'b', to: 'a' });
		expect(second).toMatchObject({ state: 'completed', output: 'sent' });
		expect(view(world).calls[second.id].approval).toBe('approved_before');
		expect(view(world).approvals).toHaveLength(1);
		expect(view(world).approvals[0]).toMatchObject({ user: 'alice', tool: 'send_email' });
		const third = await world.callTool('send_email', { to: 'z' });
		expect(third.state).toBe('awaiting_approval');
	});

	it('runs AUTO tools without asking', async () => {
		const world = await started();
		const call = await world.callTool('status', {});
		expect(call).toMatchObject({ state: 'completed', output: 'all green' });
		expect(view(world).calls[call.id].approval).toBe('auto');
	});

	it('raises a tool error result as its text, or Tool X failed', async () => {
		const world = await started({
			...scenario,
			miniharness: { ...scenario.miniharness, policy: { broken: 'auto' } }
		});
		const call = await world.callTool('broken', {});
		expect(call).toMatchObject({ state: 'failed', isError: true, output: "Tool 'broken' failed" });
	});
});

describe('MiniHarness policy keys that name no routed tool', () => {
	// realtime (ws) always fails: without it every client initializes.
	const reachable = Object.fromEntries(
		Object.entries(scenario.mcp_servers ?? {}).filter(([name]) => name !== 'realtime')
	);
	const allUp = (policy: Record<string, 'deny' | 'ask' | 'auto'>): ScenarioInput => ({
		...scenario,
		mcp_servers: reachable,
		// Without realtime, a priority for it would name no server (refused).
		miniharness: {
			...scenario.miniharness,
			priority: { primary: 10, backup: 5, payments: 1 },
			policy
		}
	});
	const rows = (world: World) =>
		Object.fromEntries(view(world).policies.map(({ tool, ...rest }) => [tool, rest]));

	it('are marked once every client is up, with a routed name of another case', async () => {
		const world = await started(allUp({ Search: 'deny', serach: 'deny', search: 'auto' }));
		expect(rows(world)).toMatchObject({
			Search: { policy: 'deny', unrouted: ['search'] },
			serach: { policy: 'deny', unrouted: [] },
			search: { policy: 'auto' }
		});
		expect(rows(world).search).not.toHaveProperty('unrouted');
		// They decide nothing: search runs by its own key, the deny keys are never read.
		expect(await world.callTool('search', { query: 'x' })).toMatchObject({
			state: 'completed',
			output: 'primary: 3 results'
		});
	});

	it('are not marked before start-up, nor while a server failed (its tools are unknown)', async () => {
		expect(unroutedNote({ state: 'not_started', routes: [] }, [], 'serach')).toEqual({});
		const world = await started({
			...scenario,
			miniharness: { ...scenario.miniharness, policy: { serach: 'deny', Search: 'deny' } }
		});
		expect(view(world).serverState.realtime).toBe('failed');
		expect(rows(world).serach).not.toHaveProperty('unrouted');
		// Another case of a routed name is marked all the same: the failed server cannot help it.
		expect(rows(world).Search).toMatchObject({ unrouted: ['search'] });
	});
});

describe('MiniHarness schema cache', () => {
	it('keeps server#tool entries with an expiry and lists again after the TTL', async () => {
		const world = await started();
		const entry = view(world).schemaCache.find((e) => e.key === 'primary#search');
		expect(entry).toMatchObject({ expiresAt: entry!.listedAt + 60_000, expired: false });
		await world.callTool('search', { query: 'x' });
		expect(sent(world, 'tools/list', 'primary')).toHaveLength(1);
		const t0 = world.clock.now;
		await world.profileCommand('wait', { seconds: 61 });
		expect(world.clock.now).toBe(t0 + 61_000);
		const waited = world.events.findLast((e) => e.kind === 'profile' && e.event === 'waited');
		expect(waited).toMatchObject({ t: t0 + 61_000, params: { seconds: '61' } });
		expect(view(world).schemaCache.find((e) => e.key === 'primary#search')!.expired).toBe(true);
		const call = await world.callTool('search', { query: 'x' });
		expect(call.state).toBe('completed');
		expect(sent(world, 'tools/list', 'primary')).toHaveLength(2);
		expect(view(world).relisted).toEqual([
			{ server: 'primary', tool: 'search', at: world.clock.now }
		]);
	});

	it('times out the listing itself when the server hangs after the TTL', async () => {
		const world = await started();
		await world.profileCommand('wait', { seconds: 61 });
		await world.hang('backup');
		const call = await world.callTool('status', {});
		expect(call).toMatchObject({ state: 'failed', output: 'MCP tools/list timed out' });
		expect(sent(world, 'tools/call', 'backup')).toHaveLength(0);
	});

	it('refuses a wait outside 1 to 3600 seconds', async () => {
		const world = await started();
		await expect(world.profileCommand('wait', { seconds: 0 })).rejects.toThrow(
			'Wait a whole number of seconds from 1 to 3600, not 0.'
		);
	});
});

describe('MiniHarness checkpoints', () => {
	it('replays a completed call id without a second tools/call', async () => {
		const world = await started();
		const call = await world.callTool('search', { query: 'x' });
		expect(view(world).checkpointOf[call.id]).toEqual({
			state: 'completed',
			result: 'primary: 3 results'
		});
		await world.profileCommand('retry', { call: call.id });
		const replay = world.calls.at(-1)!;
		expect(replay).toMatchObject({ state: 'completed', output: 'primary: 3 results' });
		expect(view(world).calls[replay.id]).toMatchObject({ checkpoint: call.id, replayed: true });
		expect(sent(world, 'tools/call')).toHaveLength(1);
	});

	it('reports a call left started (the server died after reading it) and never runs it again', async () => {
		const world = await started();
		const call = await world.callTool('charge_card', { amount: 5 });
		expect(call.state).toBe('failed');
		expect(view(world).checkpointOf[call.id].state).toBe('started');
		await world.restart('payments');
		await world.profileCommand('retry', { call: call.id });
		const retry = world.calls.at(-1)!;
		expect(retry).toMatchObject({
			state: 'unknown',
			output: `Call ${call.id} is running or unknown: it was started and never finished, so it is not executed again`
		});
		expect(sent(world, 'tools/call', 'payments')).toHaveLength(1);
	});

	it('a call and its retry both waiting for approval: the one approved second replays, never a second tools/call', async () => {
		const world = await started();
		// No policy for send_email: ASK. The retry waits too, under the same checkpoint.
		const original = await world.callTool('send_email', { to: 'a' });
		expect(original.state).toBe('awaiting_approval');
		await world.profileCommand('retry', { call: original.id });
		const retry = world.calls.at(-1)!;
		expect(retry.state).toBe('awaiting_approval');
		await world.answerApproval(retry.id, true);
		expect(world.calls.find((c) => c.id === retry.id)).toMatchObject({ state: 'completed' });
		await world.answerApproval(original.id, true);
		expect(world.calls.find((c) => c.id === original.id)).toMatchObject({
			state: 'completed',
			output: 'sent'
		});
		expect(view(world).calls[original.id]).toMatchObject({ replayed: true });
		expect(sent(world, 'tools/call', 'primary')).toHaveLength(1);
	});

	it('runs a call whose answer was an error again on retry (its checkpoint is failed)', async () => {
		const world = await started({
			...scenario,
			miniharness: { ...scenario.miniharness, policy: { broken: 'auto' } }
		});
		const call = await world.callTool('broken', {});
		expect(view(world).checkpointOf[call.id].state).toBe('failed');
		await world.profileCommand('retry', { call: call.id });
		expect(world.calls.at(-1)).toMatchObject({ state: 'failed', output: "Tool 'broken' failed" });
		expect(sent(world, 'tools/call', 'primary')).toHaveLength(2);
	});

	it('answers a name no server offers without sending anything', async () => {
		const world = await started();
		const call = await world.callTool('nope', {});
		expect(call).toMatchObject({ state: 'failed', output: 'Unknown tool: nope' });
		expect(sent(world, 'tools/call')).toHaveLength(0);
	});

	it('refuses to retry a call that does not exist', async () => {
		const world = await started();
		await expect(world.profileCommand('retry', { call: 'c9' })).rejects.toThrow(
			'There is no call c9 to retry.'
		);
	});
});

describe('MiniHarness replay', () => {
	it('rebuilds the same world byte for byte from its action log', async () => {
		const world = await started();
		await world.callTool('search', { query: 'x' });
		const [asked] = await world.callTools([{ name: 'send_email', arguments: { to: 'a' } }]);
		await world.answerApproval(asked.id, true);
		await world.profileCommand('wait', { seconds: 61 });
		await world.callTool('search', { query: 'y' });
		await world.callTool('charge_card', { amount: 5 });
		await world.profileCommand('retry', { call: 'c1' });
		await world.hang('backup');
		await world.callTool('status', {});
		await world.closeSession();
		await world.callTool('status', {});
		const again = await replay(world.scenario, world.actions);
		expect(observable(again)).toBe(observable(world));
		expect(JSON.stringify(again.profileView)).toBe(JSON.stringify(world.profileView));
	});
});
