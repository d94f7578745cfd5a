import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent } from '../describe-event';
import type { WorldEvent } from '$lib/core/world/events';

const event = (name: string, params: Record<string, string>): WorldEvent => ({
	seq: 1,
	t: 0,
	kind: 'profile',
	profile: 'contextual',
	event: name,
	params
});

afterEach(() => overwriteGetLocale(() => 'en'));

describe('contextual events', () => {
	it('says when a run starts, fails and ends', () => {
		overwriteGetLocale(() => 'en');
		expect(describeEvent(event('run_started', { run: '2', identity: 'bob' }))).toBe(
			'Run 2 started as bob.'
		);
		expect(
			describeEvent(
				event('run_failed', {
					run: '3',
					identity: 'guest',
					error:
						"ContextualMCP 'knowledge': Required MCP context header source 'identity.user_id' is missing."
				})
			)
		).toBe(
			"Run 3 as guest failed: ContextualMCP 'knowledge': Required MCP context header source 'identity.user_id' is missing."
		);
		expect(describeEvent(event('run_ended', { run: '3', identity: 'alice' }))).toBe('Run 3 ended.');
	});

	it('says it in Chinese too, and bounds what the scenario wrote', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(event('run_started', { run: '1', identity: 'alice' }))).toBe(
			'以 alice 身份开始第 1 次运行。'
		);
		const long = describeEvent(
			event('run_failed', { run: '1', identity: 'x'.repeat(5000), error: 'y'.repeat(5000) })
		);
		expect(long.length).toBeLessThan(1000);
	});
});
