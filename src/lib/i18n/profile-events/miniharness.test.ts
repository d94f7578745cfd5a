import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent } from '../describe-event';
import type { WorldEvent } from '$lib/core/world/events';

const event = (name: string, params: Record<string, string>): WorldEvent => ({
	seq: 1,
	t: 0,
	kind: 'profile',
	profile: 'miniharness',
	event: name,
	params
});

afterEach(() => overwriteGetLocale(() => 'en'));

describe('miniharness events', () => {
	it('says what discovery, the schema cache, checkpoints and the time control did', () => {
		overwriteGetLocale(() => 'en');
		expect(
			describeEvent(event('initialized', { server: 'primary', version: '2025-11-25', tools: '3' }))
		).toBe('primary: initialize done, protocol 2025-11-25, tools listed: 3.');
		expect(
			describeEvent(
				event('skipped', { server: 'realtime', error: 'Unknown MCP transport type: ws' })
			)
		).toBe('realtime skipped: Unknown MCP transport type: ws');
		expect(describeEvent(event('relisted', { server: 'primary', tool: 'search' }))).toBe(
			'The schema of search on primary had expired: tools/list sent again.'
		);
		expect(describeEvent(event('replayed', { call: 'c1' }))).toBe(
			'Call c1 replayed from its checkpoint: no tools/call sent.'
		);
		expect(describeEvent(event('waited', { seconds: '60' }))).toBe('60 simulated seconds passed.');
	});

	it('says it in Chinese too, and bounds a server-provided error', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(event('replayed', { call: 'c1' }))).toBe(
			'调用 c1 从检查点重放：没有发送 tools/call。'
		);
		const long = describeEvent(event('skipped', { server: 'x', error: 'e'.repeat(5000) }));
		expect(long.length).toBeLessThan(400);
	});
});
