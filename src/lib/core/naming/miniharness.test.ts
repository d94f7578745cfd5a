import { describe, expect, it } from 'vitest';
import { adaptMiniHarness, miniHarnessDiscoveryOrder } from './miniharness';

const tools = [
	{ server: 'b', tool: 'x' },
	{ server: 'a', tool: 'x' },
	{ server: 'b', tool: 'y' },
	{ server: 'c', tool: 'x' }
];

describe('MiniHarness', () => {
	it('uses raw names', () => {
		expect(adaptMiniHarness('srv', 'search.orders')).toBe('search.orders');
		expect(adaptMiniHarness('srv', '')).toBe('');
	});

	it('discovers in priority order, then unlisted servers by first appearance', () => {
		expect(miniHarnessDiscoveryOrder(tools, ['c'])).toEqual([3, 0, 2, 1]);
		expect(miniHarnessDiscoveryOrder(tools, ['a', 'c'])).toEqual([1, 3, 0, 2]);
		expect(miniHarnessDiscoveryOrder(tools)).toEqual([0, 2, 1, 3]);
	});
});
