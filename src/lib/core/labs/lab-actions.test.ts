import { describe, expect, it } from 'vitest';
import { startedWorlds } from '../world/test-world';
import type { WorldAction } from '../world/actions';
import { isWorldLabAction, labActionsFor, performLabAction } from './lab-actions';

const started = startedWorlds();

describe('performing lab actions on a world', () => {
	it('calls a tool by its adapted name and logs it as the world logs a call', async () => {
		const world = await started();
		await performLabAction(world, {
			do: 'call',
			tool: 'mcp__filesystem__read_file',
			arguments: { path: '/data/notes.txt' }
		});
		expect(world.calls.at(-1)?.name).toBe('mcp__filesystem__read_file');
		expect(world.actions.at(-1)?.action).toEqual({
			do: 'callTools',
			calls: [{ name: 'mcp__filesystem__read_file', arguments: { path: '/data/notes.txt' } }]
		});
	});

	it('answers the newest call waiting for permission', async () => {
		const world = await started();
		await world.setPermissionMode('default');
		await world.callTool('mcp__filesystem__read_file', { path: '/a' });
		await world.callTool('mcp__filesystem__read_file', { path: '/b' });
		const [older, newest] = world.calls.slice(-2);
		await performLabAction(world, { do: 'answer', approve: false });
		expect(world.actions.at(-1)?.action).toEqual({
			do: 'answerApproval',
			call: newest.id,
			approve: false
		});
		expect(world.calls.find((c) => c.id === older.id)?.state).toBe('awaiting_approval');
	});

	it('says what is missing when nothing waits for the answer', async () => {
		const world = await started();
		await expect(performLabAction(world, { do: 'answer', approve: false })).rejects.toThrow(
			'no call is waiting for approval'
		);
		await expect(performLabAction(world, { do: 'cancel' })).rejects.toThrow('no call is in flight');
		expect(world.actions.map((a) => a.action.do)).toEqual(['startSession']);
	});

	it('kills a server through the world, which then shows the process killed', async () => {
		const world = await started();
		await performLabAction(world, { do: 'kill', server: 'filesystem' });
		expect(world.servers().find((s) => s.name === 'filesystem')?.process).toBe('killed');
	});

	it('leaves the prediction, an edited scenario and the message view to the page', () => {
		expect(isWorldLabAction({ do: 'predict', option: 'x' })).toBe(false);
		expect(isWorldLabAction({ do: 'setScenario', scenario: {} })).toBe(false);
		expect(isWorldLabAction({ do: 'wireStep', server: 'a', count: 1 })).toBe(false);
		expect(isWorldLabAction({ do: 'reconnectAll' })).toBe(true);
	});
});

describe('a logged world action as lab actions (recording)', () => {
	const cases: Array<[WorldAction, unknown]> = [
		[{ do: 'kill', server: 'filesystem' }, [{ do: 'kill', server: 'filesystem' }]],
		[{ do: 'reconnectAll' }, [{ do: 'reconnectAll' }]],
		[
			{
				do: 'callTools',
				calls: [
					{ name: 'mcp__a__x', arguments: { q: 1 } },
					{ name: 'mcp__b__y', arguments: {} }
				]
			},
			[
				{ do: 'call', tool: 'mcp__a__x', arguments: { q: 1 } },
				{ do: 'call', tool: 'mcp__b__y', arguments: {} }
			]
		],
		[{ do: 'answerApproval', call: 'c4', approve: false }, [{ do: 'answer', approve: false }]],
		[{ do: 'cancelCall', call: 'c2' }, [{ do: 'cancel' }]],
		[
			{ do: 'reconcile', call: 'c2', verdict: 'applied' },
			[{ do: 'reconcile', verdict: 'applied' }]
		],
		[
			{ do: 'answerSampling', request: 'h1', action: 'approve', text: 'Edited' },
			[{ do: 'answerSampling', action: 'approve', text: 'Edited' }]
		],
		[
			{ do: 'answerElicitation', request: 'h2', action: 'accept', content: { name: 'Ada' } },
			[{ do: 'answerElicitation', action: 'accept', content: { name: 'Ada' } }]
		],
		[
			{ do: 'setRoots', roots: [{ uri: 'file:///a', name: 'A' }] },
			[{ do: 'setRoots', roots: ['file:///a'] }]
		],
		[
			{ do: 'getPrompt', server: 's', name: 'p', arguments: { a: 'b' } },
			[{ do: 'getPrompt', server: 's', name: 'p', arguments: { a: 'b' } }]
		]
	];

	it.each(cases)('%j', (action, expected) => {
		expect(labActionsFor(action)).toEqual(expected);
	});

	it('has none for page controls a cue does not script', () => {
		expect(labActionsFor({ do: 'delay', server: 's', ms: 5 })).toBeNull();
		expect(labActionsFor({ do: 'setStepMode', on: true })).toBeNull();
		expect(labActionsFor({ do: 'stepCall', call: 'c1', toEnd: false })).toBeNull();
		expect(labActionsFor({ do: 'setLogLevel', server: 's', level: 'info' })).toBeNull();
		expect(
			labActionsFor({
				do: 'answerElicitation',
				request: 'h1',
				action: 'accept',
				content: { nested: { a: 1 } }
			})
		).toBeNull();
	});
});
