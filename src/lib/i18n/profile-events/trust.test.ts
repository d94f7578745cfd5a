import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent } from '../describe-event';
import type { WorldEvent } from '$lib/core/world/events';

const event = (name: string, params: Record<string, string>): WorldEvent => ({
	seq: 1,
	t: 0,
	kind: 'profile',
	profile: 'trust',
	event: name,
	params
});

afterEach(() => overwriteGetLocale(() => 'en'));

describe('trust events', () => {
	it('says what trust, grants and the health check did', () => {
		overwriteGetLocale(() => 'en');
		expect(describeEvent(event('connect_refused', { connector: 'notion' }))).toBe(
			'Connector notion is not trusted: nothing was started.'
		);
		expect(describeEvent(event('grant_changed', { tools: '2', network: 'true' }))).toBe(
			'Grant changed: tools: 2, network: on.'
		);
		expect(describeEvent(event('schemas_cleared', { count: '1' }))).toBe(
			'1 loaded schemas cleared: ToolSearch must load them again.'
		);
		expect(
			describeEvent(event('health_down', { connector: 'github', detail: 'Not connected' }))
		).toBe('Health check: connector github did not answer (Not connected); it is disconnected.');
	});

	it('says it in Chinese too, and bounds a connector name', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(event('trusted', { connector: 'github' }))).toBe(
			'已信任连接器 github，正在连接。'
		);
		// The network's state is a Chinese word: no space before it, as between any two.
		expect(describeEvent(event('grant_changed', { tools: '2', network: 'true' }))).toBe(
			'授权已更改：2 个工具，网络访问开启。'
		);
		expect(describeEvent(event('grant_changed', { tools: '0', network: 'false' }))).toBe(
			'授权已更改：0 个工具，网络访问关闭。'
		);
		const long = describeEvent(event('disconnected', { connector: 'x'.repeat(5000) }));
		expect(long.length).toBeLessThan(400);
	});
});
