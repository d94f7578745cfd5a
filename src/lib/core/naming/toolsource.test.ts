import { describe, expect, it } from 'vitest';
import { adaptToolSource, toolSourceDuplicateMessage } from './toolsource';

describe('ToolSource naming', () => {
	it('is mcp.<server>.<tool>, raw', () => {
		expect(adaptToolSource('internal-api', 'search.orders')).toBe('mcp.internal-api.search.orders');
		expect(adaptToolSource('', '')).toBe('mcp..');
	});

	it('words a duplicate (the lab’s illustration)', () => {
		expect(
			toolSourceDuplicateMessage('mcp.a.b.c', [
				{ server: 'a.b', tool: 'c' },
				{ server: 'a', tool: 'b.c' }
			])
		).toBe("Duplicate tool name 'mcp.a.b.c': server 'a.b' tool 'c', server 'a' tool 'b.c'");
	});
});
