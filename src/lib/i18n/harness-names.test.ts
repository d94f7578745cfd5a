import { afterEach, describe, expect, it } from 'vitest';
import { profileIds } from '$lib/core/scenario/profile-ids';
import { harnessName } from './harness-names';
import { i18n } from './locale.svelte';

afterEach(() => {
	i18n.locale = 'en';
});

describe('harness names', () => {
	it('names every profile as the harness panel titles name it', () => {
		expect(profileIds.map(harnessName)).toEqual([
			'OpenHarness',
			'ToolSource',
			'Connector trust',
			'MiniHarness',
			'ContextualMCP'
		]);
	});

	it('in Chinese, the one name that is words is translated', () => {
		i18n.locale = 'zh-CN';
		expect(harnessName('trust')).toBe('连接器信任');
		expect(harnessName('miniharness')).toBe('MiniHarness');
	});
});
