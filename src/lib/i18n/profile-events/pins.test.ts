import { afterEach, describe, expect, it } from 'vitest';
import type { WorldEvent } from '$lib/core/world/events';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent } from '../describe-event';

const event = (name: string, params: Record<string, string>): WorldEvent => ({
	seq: 1,
	t: 0,
	kind: 'profile',
	profile: 'pins',
	event: name,
	params
});

describe('the pin tracker speaks', () => {
	afterEach(() => overwriteGetLocale(() => 'en'));

	it('says what was pinned, listed again and changed, in en and zh-CN', () => {
		const tool = 'mcp__weather__get_forecast';
		expect(describeEvent(event('pinned', { tool, hash: '3f2a9c01b7de' }))).toBe(
			`Pinned the definition of ${tool}: SHA-256 3f2a9c01b7de…`
		);
		expect(describeEvent(event('changed', { tool, fields: 'description' }))).toBe(
			`${tool} no longer matches its pin: description changed.`
		);
		expect(describeEvent(event('relisted', { server: 'weather', count: '1' }))).toBe(
			'After notifications/tools/list_changed the lab listed the tools of weather again; tools listed: 1.'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(event('removed', { tool }))).toBe(`${tool} 已固定，但服务器不再列出它。`);
	});

	it('bounds a hostile tool name before speaking it', () => {
		const said = describeEvent(event('removed', { tool: 'x'.repeat(5000) }));
		expect(said.length).toBeLessThan(1000);
	});
});
