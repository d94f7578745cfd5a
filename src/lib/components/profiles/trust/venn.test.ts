import { describe, expect, it } from 'vitest';
import { vennItems } from './venn';

describe('grant editor circles', () => {
	it('puts offered-and-granted tools in the middle, the rest on their side', () => {
		expect(
			vennItems(['mcp__a__x', 'mcp__a__y'], ['mcp__b__z', 'mcp__a__y']).map((i) => [
				i.tool,
				i.region,
				i.granted
			])
		).toEqual([
			['mcp__a__x', 'available', false],
			['mcp__a__y', 'both', true],
			['mcp__b__z', 'granted', true]
		]);
	});

	it('keeps a tool in the same place in the list when its box is ticked', () => {
		const before = vennItems(['mcp__a__x', 'mcp__a__y'], []).map((i) => i.tool);
		const after = vennItems(['mcp__a__x', 'mcp__a__y'], ['mcp__a__x']).map((i) => i.tool);
		expect(after).toEqual(before);
	});
});
