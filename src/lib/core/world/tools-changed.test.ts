import { describe, expect, it } from 'vitest';
import { makeWorld } from './test-world';

// What labs/README.md ("Tools that change during a session") tells lab authors: OpenHarness
// ignores notifications/tools/list_changed, and a changed list lives in one server instance.
const scenario = {
	mcp_servers: {
		deploy: {
			type: 'stdio' as const,
			command: 'deploy-mcp',
			sim: {
				tools: [
					{
						name: 'list_releases',
						result: { content: [{ type: 'text' as const, text: 'r1, r2' }] }
					},
					{
						name: 'enable_rollbacks',
						steps: [
							{
								do: 'changeTools' as const,
								add: [{ name: 'rollback_release' }],
								remove: ['enable_rollbacks']
							}
						],
						result: { content: [{ type: 'text' as const, text: 'Rollbacks enabled' }] }
					}
				]
			}
		}
	}
};
const ENABLE = 'mcp__deploy__enable_rollbacks';
const ROLLBACK = 'mcp__deploy__rollback_release';

describe('a server whose tools change during an OpenHarness session', () => {
	it('announces the change, which the registry ignores; a new connection serves the scenario list again', async () => {
		const world = makeWorld(scenario);
		await world.startSession();
		const names = () => world.registry.map((e) => e.name).filter((n) => n.startsWith('mcp__'));
		const before = names();
		expect(before).toEqual(['mcp__deploy__list_releases', ENABLE]);

		expect((await world.callTool(ENABLE, {})).output).toBe('Rollbacks enabled');
		expect(
			world.wire.entries.some(
				(e) =>
					e.kind === 'message' &&
					'method' in e.message &&
					e.message.method === 'notifications/tools/list_changed'
			)
		).toBe(true);
		// Not re-listed: the removed tool stays registered, the added one never is.
		expect(names()).toEqual(before);
		const removed = await world.callTool(ENABLE, {});
		expect(removed.isError).toBe(true);
		expect(removed.output).toContain('enable_rollbacks');
		expect((await world.callTool(ROLLBACK, {})).output).toBe(`Unknown tool: ${ROLLBACK}`);

		// Reconnect all reaches a fresh instance with the scenario's list: the removed tool answers.
		await world.reconnectAll();
		expect((await world.callTool(ENABLE, {})).output).toBe('Rollbacks enabled');

		// A new session builds its registry from a fresh instance too: the added tool is not in it.
		await world.closeSession();
		await world.startSession();
		expect(names()).toEqual(before);
		world.dispose();
	});
});
