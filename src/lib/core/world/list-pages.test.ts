import { describe, expect, it } from 'vitest';
import { worldActionSchema } from './action-log-schema';
import { fullHost, hostScenario, wireFor } from './host-test-world';
import { replay } from './replay';
import { makeWorld } from './test-world';

// A learner follows a server's pagination one page at a time: the cursor goes out as the
// request's params, is logged with the action, and replays.

describe('list requests with a cursor', () => {
	it('send the cursor, log it with the action and replay it', async () => {
		const world = makeWorld(hostScenario(fullHost));
		await world.startSession();
		await world.listPrompts('assistant');
		await world.listPrompts('assistant', 'page-2');
		await world.listResources('assistant', 'r-2');
		await world.listResourceTemplates('assistant', 't-2');

		expect(wireFor(world.wire.entries, 'prompts/list').request?.message).toMatchObject({
			params: { cursor: 'page-2' }
		});
		expect(wireFor(world.wire.entries, 'resources/list').request?.message).toMatchObject({
			params: { cursor: 'r-2' }
		});
		const lists = world.actions.map((a) => a.action).filter((a) => a.do.startsWith('list'));
		expect(lists).toEqual([
			{ do: 'listPrompts', server: 'assistant' },
			{ do: 'listPrompts', server: 'assistant', cursor: 'page-2' },
			{ do: 'listResources', server: 'assistant', cursor: 'r-2' },
			{ do: 'listResourceTemplates', server: 'assistant', cursor: 't-2' }
		]);
		for (const action of lists) expect(worldActionSchema.parse(action)).toEqual(action);

		const again = await replay(world.scenario, world.actions);
		expect(wireFor(again.wire.entries, 'resources/templates/list').request?.message).toMatchObject({
			params: { cursor: 't-2' }
		});
		world.dispose();
		again.dispose();
	});
});
