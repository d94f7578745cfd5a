import { describe, expect, it } from 'vitest';
import { labSchema, type Lab } from '../labs/lab-schema';
import type { LoggedAction, WorldAction } from '../world/actions';
import { isolationScenario } from '../world/test-world';
import { cuesOf, pauseEnd, recordCues, type Cue } from './cues';

const lab: Lab = labSchema.parse({
	id: '01-demo',
	order: 1,
	scenario: isolationScenario,
	steps: [
		{ id: 'first', solution: [{ do: 'reconnectAll' }] },
		{ id: 'second', solution: [{ do: 'reconnectAll' }] }
	],
	cues: [
		{ id: 'kill', step: 'second', actions: [{ do: 'kill', server: 'filesystem' }], pause: true },
		{ id: 'talk' }
	]
});

const cue = (id: string, pause = false, actions: Cue['actions'] = []): Cue => ({
	id,
	actions,
	pause
});

describe('a lab cue list', () => {
	it('comes from lab.json with defaults: no actions, no pause', () => {
		expect(cuesOf(lab)).toEqual([
			{ id: 'kill', step: 'second', actions: [{ do: 'kill', server: 'filesystem' }], pause: true },
			{ id: 'talk', actions: [], pause: false }
		]);
	});

	it('is refused when a cue names a step the lab does not have, or repeats an id', () => {
		const bad = labSchema.safeParse({
			...lab,
			cues: [{ id: 'a', step: 'nowhere' }, { id: 'a' }]
		});
		expect(bad.success).toBe(false);
		expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['cues.0.step', 'There is no step nowhere in this lab.'],
			['cues.1.id', 'Duplicate cue a.']
		]);
	});

	it('keeps the id "cues" for the narration section, never a step', () => {
		const bad = labSchema.safeParse({
			...lab,
			steps: [{ id: 'cues', solution: [{ do: 'reconnectAll' }] }],
			cues: undefined
		});
		expect(bad.error?.issues[0].path).toEqual(['steps', 0, 'id']);
	});
});

describe('playing to the next pause', () => {
	const cues = [cue('a'), cue('b', true), cue('c'), cue('d')];

	it('stops after the next cue marked as a pause, or at the end', () => {
		expect(pauseEnd(cues, 0)).toBe(2);
		expect(pauseEnd(cues, 1)).toBe(2);
		expect(pauseEnd(cues, 2)).toBe(4);
		expect(pauseEnd(cues, 4)).toBe(4);
	});
});

describe('recording cues from the action log', () => {
	const logged = (seq: number, action: WorldAction): LoggedAction => ({
		seq,
		t: seq * 10,
		during: null,
		action
	});

	it('makes one cue per recordable action, with where each one started in the log', () => {
		const recording = recordCues([
			logged(4, { do: 'kill', server: 'filesystem' }),
			logged(5, { do: 'setStepMode', on: true }),
			logged(6, {
				do: 'callTools',
				calls: [{ name: 'mcp__filesystem__read_file', arguments: { path: '/data' } }]
			}),
			logged(7, { do: 'answerApproval', call: 'c3', approve: true })
		]);
		expect(recording).toEqual({
			cues: [
				{ id: 'rec-1', actions: [{ do: 'kill', server: 'filesystem' }], pause: false },
				{
					id: 'rec-2',
					actions: [
						{ do: 'call', tool: 'mcp__filesystem__read_file', arguments: { path: '/data' } }
					],
					pause: false
				},
				{ id: 'rec-3', actions: [{ do: 'answer', approve: true }], pause: false }
			],
			marks: [3, 5, 6],
			skipped: 1
		});
	});

	it('records nothing from an empty log', () => {
		expect(recordCues([])).toEqual({ cues: [], marks: [], skipped: 0 });
	});
});
