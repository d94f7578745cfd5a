import { afterEach, describe, expect, it } from 'vitest';
import { summarizeCue } from '$lib/core/presenter/channel-state';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { cueTitle, describeAction, describeOutcome } from './describe';

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('cue descriptions', () => {
	it('says what each action does, in English and Chinese', () => {
		expect(describeAction({ do: 'kill', server: 'filesystem' })).toBe('Kill filesystem');
		expect(describeAction({ do: 'call', tool: 'mcp__filesystem__read_file' })).toBe(
			'Call mcp__filesystem__read_file'
		);
		expect(describeAction({ do: 'reconnectAll' })).toBe('Reconnect all');
		expect(describeAction({ do: 'answer', detail: 'refuse' })).toBe('Refuse the waiting call');
		expect(describeAction({ do: 'listPrompts', server: 'assistant' })).toBe(
			'prompts/list on assistant'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(describeAction({ do: 'call', tool: 'mcp__a__b' })).toBe('调用 mcp__a__b');
	});

	it('titles a cue by its narration, else by its first action, else by its number', () => {
		const kill = summarizeCue(
			{ id: 'kill', actions: [{ do: 'kill', server: 'filesystem' }], pause: false },
			2
		);
		const texts = { kill: { title: 'Kill the filesystem server', body: [] } };
		expect(cueTitle(kill, texts)).toBe('Kill the filesystem server');
		expect(cueTitle(kill, undefined)).toBe('Kill filesystem');
		expect(cueTitle(summarizeCue({ id: 'x', actions: [], pause: true }, 4), undefined)).toBe(
			'Cue 5'
		);
	});

	it('announces a played cue, a reset and a bad file with its path', () => {
		const title = (n: number) => `title ${n}`;
		expect(describeOutcome({ kind: 'cue', n: 3, total: 10, id: 'k' }, title)).toBe(
			'Cue 3 of 10: title 3'
		);
		expect(describeOutcome({ kind: 'reset' }, title)).toBe("The world is back at the lab's start.");
		expect(
			describeOutcome({ kind: 'invalid', path: 'cues[1].do', message: 'Invalid input' }, title)
		).toBe('This file is not a cue list for this lab. At cues[1].do: Invalid input');
		expect(describeOutcome({ kind: 'invalid', path: '', message: 'Bad JSON' }, title)).toBe(
			'This file is not a cue list for this lab. At the top level: Bad JSON'
		);
		expect(describeOutcome({ kind: 'recorded', count: 2, skipped: 1 }, title)).toBe(
			'Cues recorded: 2. Reset the world to play them from the start. Actions that could not become cues: 1 (delays, step mode and log levels are page controls).'
		);
		expect(describeOutcome({ kind: 'step' }, title)).toBe('');
		overwriteGetLocale(() => 'zh-CN');
		// Two Chinese sentences: no space after the first one's 。.
		expect(describeOutcome({ kind: 'recorded', count: 2, skipped: 1 }, title)).toBe(
			'已录制演示提示：2 条。重置世界即可从头播放。无法成为演示提示的操作：1 个（延迟、单步模式和日志级别属于页面控制）。'
		);
	});
});
