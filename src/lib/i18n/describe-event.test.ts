import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName, WorldEvent } from '$lib/core/world/events';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent } from './describe-event';

/** Issue 7's events: every one must read as a sentence, in both languages. */
const hostEvents: WorldEvent[] = [
	...(['pending', 'approved', 'rejected', 'withdrawn'] as const).map((state) => ({
		seq: 1,
		t: 0,
		kind: 'hostRequest' as const,
		id: 'h1',
		server: 'assistant',
		request: 'sampling' as const,
		state
	})),
	...(['pending', 'accepted', 'declined', 'cancelled'] as const).map((state) => ({
		seq: 1,
		t: 0,
		kind: 'hostRequest' as const,
		id: 'h2',
		server: 'assistant',
		request: 'elicitation' as const,
		state
	})),
	{
		seq: 1,
		t: 0,
		kind: 'hostRequest',
		id: 'h3',
		server: 'assistant',
		request: 'roots',
		state: 'answered'
	},
	{
		seq: 1,
		t: 0,
		kind: 'protocol',
		id: 'p1',
		server: 'assistant',
		method: 'resources/read',
		ok: true,
		detail: ''
	},
	{
		seq: 1,
		t: 0,
		kind: 'protocol',
		id: 'p2',
		server: 'assistant',
		method: 'prompts/get',
		ok: false,
		detail: 'MCP error -32601: Method not found'
	},
	{ seq: 1, t: 0, kind: 'roots', count: 2 }
];

const commands: CommandName[] = [
	'answerSampling',
	'answerElicitation',
	'setRoots',
	'setLogLevel',
	'listResources',
	'listResourceTemplates',
	'readResource',
	'listPrompts',
	'getPrompt'
];

const all: WorldEvent[] = [
	...hostEvents,
	...commands.map((command) => ({
		seq: 1,
		t: 0,
		kind: 'command' as const,
		command,
		server: 'assistant'
	}))
];

describe.each(['en', 'zh-CN'] as const)('describeEvent in %s', (locale) => {
	afterEach(() => overwriteGetLocale(() => 'en'));

	it('gives each host-side event and command its own sentence, placeholders filled', () => {
		overwriteGetLocale(() => locale);
		const sentences = all.map((event) => describeEvent(event));
		for (const sentence of sentences) {
			expect(sentence.length).toBeGreaterThan(3);
			expect(sentence).not.toMatch(/\{\w+\}/);
		}
		expect(new Set(sentences).size).toBe(sentences.length);
		const chinese = sentences.filter((s) => /[\u4e00-\u9fff]/.test(s)).length;
		expect(chinese).toBe(locale === 'zh-CN' ? sentences.length : 0);
		expect(sentences.find((s) => s.includes('Method not found'))).toBeDefined();
	});
});
