import { describe, expect, it } from 'vitest';
import { adaptToolSource, toolSourceDuplicateReason } from './toolsource';

describe('ToolSource naming', () => {
	it('is mcp.<server>.<tool>, raw', () => {
		expect(adaptToolSource('internal-api', 'search.orders')).toBe('mcp.internal-api.search.orders');
		expect(adaptToolSource('', '')).toBe('mcp..');
	});

	it('words a duplicate (the lab’s illustration)', () => {
		expect(
			toolSourceDuplicateReason([
				{ server: 'a.b', tool: 'c' },
				{ server: 'a', tool: 'b.c' }
			])
		).toBe("more than one tool has this name (server 'a.b' tool 'c', server 'a' tool 'b.c')");
	});
});
