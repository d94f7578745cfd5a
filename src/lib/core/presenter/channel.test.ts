import { describe, expect, it } from 'vitest';
import {
	channelName,
	commandMessage,
	newWindowId,
	parseCommand,
	parseState,
	parseWindow,
	windowIdOf,
	windowMessage
} from './channel';
import { stateMessage, summarizeCue } from './channel-state';
import type { Cue } from './cues';

const cues: Cue[] = [
	{
		id: 'kill-filesystem',
		step: 'kill-and-call',
		actions: [{ do: 'kill', server: 'filesystem' }],
		pause: true
	},
	{
		id: 'rec-2',
		actions: [
			{
				do: 'call',
				tool: 'mcp__a__login',
				arguments: { user: 'ada', password: 'hunter2', token: 'sk-secret' }
			},
			{ do: 'answerElicitation', action: 'accept', content: { pin: '1234' } },
			{ do: 'setPermissionMode', mode: 'plan' }
		],
		pause: false,
		note: 'Now log in.'
	}
];

describe('the presenter channel', () => {
	it('is named per lab', () => {
		expect(channelName('01-connection-isolation')).toBe(
			'mcp-lab:presenter:01-connection-isolation'
		);
	});

	it('posts the step, the cues played, the current and the next cue', () => {
		expect(stateMessage('01-x', 'w1', 2, cues, 1, false)).toEqual({
			type: 'mcp-lab:presenter-state',
			v: 1,
			lab: '01-x',
			w: 'w1',
			step: 2,
			cues: {
				at: 1,
				total: 2,
				current: {
					n: 1,
					id: 'kill-filesystem',
					step: 'kill-and-call',
					pause: true,
					note: null,
					actions: [{ do: 'kill', server: 'filesystem' }]
				},
				next: {
					n: 2,
					id: 'rec-2',
					step: null,
					pause: false,
					note: 'Now log in.',
					actions: [
						{ do: 'call', tool: 'mcp__a__login' },
						{ do: 'answerElicitation', detail: 'accept' },
						{ do: 'setPermissionMode', detail: 'plan' }
					]
				}
			},
			busy: false
		});
	});

	it('has no current cue before the first and no next one after the last', () => {
		expect(stateMessage('01-x', 'w1', 0, cues, 0, true).cues).toMatchObject({
			at: 0,
			current: null,
			next: { n: 1 }
		});
		expect(stateMessage('01-x', 'w1', 0, cues, 2, false).cues).toMatchObject({
			at: 2,
			current: { n: 2 },
			next: null
		});
		expect(stateMessage('01-x', 'w1', 3, null, 0, false).cues).toBeNull();
	});

	it('never carries arguments or answers', () => {
		const text = JSON.stringify(stateMessage('01-x', 'w1', 0, cues, 1, false));
		for (const secret of ['ada', 'hunter2', 'sk-secret', '1234'])
			expect(text).not.toContain(secret);
	});

	it('reads back what the lab window posts, for its own lab only', () => {
		const message = stateMessage('01-x', 'w1', 1, cues, 1, false);
		expect(parseState(structuredClone(message), '01-x')).toEqual(message);
		expect(parseState(message, '02-y')).toBeNull();
		expect(parseState({ ...message, extra: 1 }, '01-x')).toBeNull();
		expect(parseState({ ...message, step: -1 }, '01-x')).toBeNull();
		expect(parseState({ ...message, step: 1.5 }, '01-x')).toBeNull();
		expect(parseState({ ...message, busy: 'no' }, '01-x')).toBeNull();
		expect(parseState('hello', '01-x')).toBeNull();
		expect(parseState(null, '01-x')).toBeNull();
		const withArguments = structuredClone(message);
		withArguments.cues!.current!.actions[0] = {
			do: 'call',
			arguments: { path: '/etc' }
		} as never;
		expect(parseState(withArguments, '01-x')).toBeNull();
		const longNote = structuredClone(message);
		longNote.cues!.next!.note = 'n'.repeat(2001);
		expect(parseState(longNote, '01-x')).toBeNull();
		expect(parseState({ ...message, cues: null }, '01-x')).toEqual({ ...message, cues: null });
	});

	it('takes only next, previous and hello from the notes window, for this lab window', () => {
		expect(commandMessage('01-x', 'w1', 'next')).toEqual({
			type: 'mcp-lab:presenter-command',
			v: 1,
			lab: '01-x',
			w: 'w1',
			command: 'next'
		});
		for (const command of ['next', 'previous', 'hello'] as const)
			expect(parseCommand(commandMessage('01-x', 'w1', command), '01-x', 'w1')).toBe(command);
		expect(
			parseCommand({ ...commandMessage('01-x', 'w1', 'next'), command: 'reset' }, '01-x', 'w1')
		).toBeNull();
		expect(parseCommand(commandMessage('02-y', 'w1', 'next'), '01-x', 'w1')).toBeNull();
		expect(parseCommand(null, '01-x', 'w1')).toBeNull();
		// Another lab window's commands are not this one's; an unaddressed hello is everyone's.
		expect(parseCommand(commandMessage('01-x', 'w2', 'next'), '01-x', 'w1')).toBeNull();
		expect(parseCommand(commandMessage('01-x', 'w2', 'hello'), '01-x', 'w1')).toBeNull();
		expect(parseCommand(commandMessage('01-x', '', 'hello'), '01-x', 'w1')).toBe('hello');
		expect(parseCommand(commandMessage('01-x', '', 'next'), '01-x', 'w1')).toBeNull();
		const { w: _w, ...anonymous } = commandMessage('01-x', 'w1', 'next');
		expect(parseCommand(anonymous, '01-x', 'w1')).toBeNull();
		expect(parseCommand(commandMessage('01-x', 'w 1', 'next'), '01-x', 'w 1')).toBeNull();
	});

	it('carries the lab window’s id and language in its state', () => {
		const message = { ...stateMessage('01-x', 'w1', 1, null, 0, false), locale: 'zh-CN' };
		expect(parseState(message, '01-x')).toEqual(message);
		expect(parseState({ ...message, w: '' }, '01-x')).toBeNull();
		expect(parseState({ ...message, w: 'x'.repeat(65) }, '01-x')).toBeNull();
		expect(parseState({ ...message, w: '<script>' }, '01-x')).toBeNull();
		expect(parseState({ ...message, locale: 'x'.repeat(17) }, '01-x')).toBeNull();
		const { w: _w, ...anonymous } = message;
		expect(parseState(anonymous, '01-x')).toBeNull();
	});

	it('reads a lab window’s claim, taken and bye, for its own lab only', () => {
		for (const event of ['claim', 'taken', 'bye'] as const)
			expect(parseWindow(windowMessage('01-x', 'w1', event), '01-x')).toEqual({
				type: 'mcp-lab:presenter-window',
				v: 1,
				lab: '01-x',
				w: 'w1',
				event
			});
		expect(parseWindow(windowMessage('02-y', 'w1', 'bye'), '01-x')).toBeNull();
		expect(parseWindow({ ...windowMessage('01-x', 'w1', 'bye'), event: 'die' }, '01-x')).toBeNull();
		expect(parseWindow(commandMessage('01-x', 'w1', 'next'), '01-x')).toBeNull();
	});

	it('makes window ids that fit, and takes only such ids from an address', () => {
		const a = newWindowId();
		expect(a).toMatch(/^[0-9a-f]{16}$/);
		expect(newWindowId()).not.toBe(a);
		expect(windowIdOf(a)).toBe(a);
		for (const bad of [null, undefined, '', 'a b', 'x'.repeat(65), '../x'])
			expect(windowIdOf(bad)).toBeNull();
	});

	it('cuts a long note and long names to their bounds', () => {
		const long: Cue = {
			id: 'x',
			actions: [{ do: 'kill', server: 's'.repeat(500) }],
			pause: false,
			note: 'n'.repeat(5000)
		};
		const summary = summarizeCue(long, 0);
		expect(summary.note?.length).toBe(2000);
		expect(summary.actions[0].server?.length).toBe(200);
	});
});
