import { describe, expect, it } from 'vitest';
import { adaptOpenHarness, openHarnessRegistrationOrder } from './openharness';

describe('OpenHarness in the name lab', () => {
	it('is the profile’s own naming', () => {
		expect(adaptOpenHarness('internal-api', 'search.orders')).toBe(
			'mcp__internal-api__search_orders'
		);
		expect(adaptOpenHarness('srv', '2fa')).toBe('mcp__srv__mcp_2fa');
	});

	it('registers servers by code point (uppercase before lowercase, `.` before `_`), tools in order', () => {
		const tools = [
			{ server: 'b', tool: '1' },
			{ server: 'a_x', tool: '2' },
			{ server: 'B', tool: '3' },
			{ server: 'a.x', tool: '4' },
			{ server: 'b', tool: '5' }
		];
		expect(openHarnessRegistrationOrder(tools)).toEqual([2, 3, 1, 0, 4]);
	});
});
