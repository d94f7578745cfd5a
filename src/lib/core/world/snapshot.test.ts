import { describe, expect, it } from 'vitest';
import { DETAIL_MAX, worldSnapshot } from './snapshot';
import { makeWorld } from './test-world';

describe('the embed snapshot', () => {
	it('carries the start of a server detail that quotes a huge answer, marked as cut', async () => {
		const world = makeWorld({
			mcp_servers: {
				loud: {
					type: 'stdio',
					command: 'x',
					sim: {
						tools: [{ name: 't' }],
						resourcesError: { code: -32000, message: `broke: ${'x'.repeat(1_000_000)}` }
					}
				},
				calm: { type: 'ws', url: 'wss://calm.example/mcp' }
			}
		});
		await world.startSession();
		const servers = worldSnapshot(world, { lab: 'x', step: 0 }).servers;
		const loud = servers.find((s) => s.name === 'loud')!;
		expect(world.servers().find((s) => s.name === 'loud')!.detail.length).toBeGreaterThan(
			1_000_000
		);
		expect(loud.detail).toHaveLength(DETAIL_MAX + 1);
		expect(loud.detail).toMatch(/^MCP error -32000: broke: x+…$/);
		// A detail that fits is as the harness wrote it.
		expect(servers.find((s) => s.name === 'calm')!.detail).toBe(
			'Unsupported MCP transport in current build: ws'
		);
		world.dispose();
	});
});
