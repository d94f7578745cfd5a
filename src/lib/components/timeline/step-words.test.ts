import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedAction } from '$lib/core/world/actions';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { stepWords } from './step-words';

afterEach(() => overwriteGetLocale(() => baseLocale));

/** One model turn that calls two tools at once: one logged action, two calls in words. */
const tape: LoggedAction[] = [
	{
		seq: 1,
		t: 0,
		during: null,
		action: {
			do: 'callTools',
			calls: [
				{ name: 'mcp__a__read', arguments: {} },
				{ name: 'mcp__b__write', arguments: {} }
			]
		}
	}
];

describe('what a step of the event log did, in words', () => {
	it('names each call of one turn, separated as the page language separates phrases', () => {
		expect(stepWords(tape, 1)).toBe('Call mcp__a__read; Call mcp__b__write');
		overwriteGetLocale(() => 'zh-CN');
		expect(stepWords(tape, 1)).toBe('调用 mcp__a__read；调用 mcp__b__write');
		expect(stepWords(tape, 2)).toBe('');
	});
});
