import { describe, expect, it } from 'vitest';
import { adaptTrust } from './trust';

describe('connector trust naming', () => {
	it('is mcp__<connector>__<tool>, not sanitised', () => {
		expect(adaptTrust('github', 'search')).toBe('mcp__github__search');
		expect(adaptTrust('my connector', 'search.orders')).toBe('mcp__my connector__search.orders');
		expect(adaptTrust('读', '😀')).toBe('mcp__读__😀');
	});
});
