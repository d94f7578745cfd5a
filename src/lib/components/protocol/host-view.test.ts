import { afterEach, describe, expect, it } from 'vitest';
import type { World } from '$lib/core';
import { fullHost, hostScenario } from '$lib/core/world/host-test-world';
import { makeWorld } from '$lib/core/world/test-world';
import { logLevelOf, negotiated, pendingFirst } from './host-view';

let world: World | undefined;
afterEach(() => world?.dispose());

describe('the host panel reads', () => {
	it('lists pending requests first (oldest first), then answered ones newest first', async () => {
		world = makeWorld(hostScenario(fullHost));
		await world.startSession();
		await world.callTool('mcp__assistant__where_am_i');
		await world.callTool('mcp__assistant__summarise');
		await world.callTool('mcp__assistant__book_trip');
		const lists = pendingFirst(world.hostRequests);
		expect(lists.pending.map((r) => r.id)).toEqual(['h2', 'h3']);
		expect(lists.answered.map((r) => r.id)).toEqual(['h1']);
	});

	it('reads the server side of the newest handshake from the wire', async () => {
		world = makeWorld({
			mcp_servers: {
				old: { command: 'x', sim: { protocolVersions: ['2024-11-05'], tools: [{ name: 't' }] } },
				bad: { command: 'y', sim: { protocolVersions: ['2099-01-01'] } }
			}
		});
		expect(negotiated(world.wire.entries, 'old')).toBeNull();
		await world.startSession();
		expect(negotiated(world.wire.entries, 'old')).toEqual({
			version: '2024-11-05',
			capabilities: ['tools'],
			server: 'old 1.0.0'
		});
		// The client refused this one; its answer is still what it said.
		expect(negotiated(world.wire.entries, 'bad')?.version).toBe('2099-01-01');
	});

	it('knows the level last set', async () => {
		world = makeWorld(hostScenario(fullHost));
		await world.startSession();
		expect(logLevelOf(world.protocolResults, 'assistant')).toBe('');
		await world.setLogLevel('assistant', 'warning');
		expect(logLevelOf(world.protocolResults, 'assistant')).toBe('warning');
	});
});
