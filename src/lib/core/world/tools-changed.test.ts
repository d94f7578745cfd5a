import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ScenarioInput } from '../scenario/schema';
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

describe('the world event for notifications/tools/list_changed', () => {
	const noticed = (world: ReturnType<typeof makeWorld>) =>
		world.events.filter((e) => e.kind === 'toolsChanged');

	it('says the notice arrived and that OpenHarness does not act on it', async () => {
		const world = makeWorld(scenario);
		await world.startSession();
		expect(noticed(world)).toEqual([]);
		await world.callTool(ENABLE, {});
		const [event] = noticed(world);
		expect(event).toMatchObject({ kind: 'toolsChanged', server: 'deploy', heeded: false });
		// It comes after the server sent it and before the call's own result is reported.
		const kinds = world.events.filter((e) => e.seq >= event.seq).map((e) => e.kind);
		expect(kinds).toEqual(['toolsChanged', 'call']);

		// After other events, the next notice is said again.
		await world.reconnectAll();
		await world.callTool(ENABLE, {});
		expect(noticed(world)).toHaveLength(2);
		world.dispose();
	});

	it('collapses notices that arrive back to back into one event', async () => {
		const world = makeWorld({
			mcp_servers: {
				deploy: {
					type: 'stdio',
					command: 'deploy-mcp',
					sim: {
						tools: [
							{
								name: 'shuffle',
								steps: [
									{ do: 'changeTools', add: [{ name: 'a' }] },
									{ do: 'changeTools', add: [{ name: 'b' }] },
									{ do: 'changeTools', remove: ['a'] }
								]
							}
						]
					}
				}
			}
		});
		await world.startSession();
		await world.callTool('mcp__deploy__shuffle', {});
		const sent = world.wire.entries.filter(
			(e) =>
				e.kind === 'message' && 'method' in e.message && e.message.method.endsWith('list_changed')
		);
		expect(sent).toHaveLength(3);
		expect(noticed(world)).toHaveLength(1);
		world.dispose();
	});

	it('says the lab lists the tools again where lab 09’s pin tracker listens', async () => {
		const lab09 = JSON.parse(
			readFileSync(new URL('../../../../labs/09-tool-poisoning/lab.json', import.meta.url), 'utf8')
		) as { scenario: ScenarioInput };
		const world = makeWorld(lab09.scenario);
		await world.startSession();
		const [call] = await world.callTools([
			{ name: 'mcp__weather__get_forecast', arguments: { city: 'Berlin' } }
		]);
		await world.answerApproval(call.id, true);
		const event = noticed(world)[0];
		expect(event).toMatchObject({ server: 'weather', heeded: true });
		// The tracker's re-list follows the notice.
		const after = world.events.filter((e) => e.seq > event.seq);
		expect(after.some((e) => e.kind === 'profile' && e.event === 'relisted')).toBe(true);
		world.dispose();
	});
});
