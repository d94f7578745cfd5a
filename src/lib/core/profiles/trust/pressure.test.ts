import { describe, expect, it } from 'vitest';
import { pressureOf, type ModelTool } from './pressure';

/** A schema 10,000 levels deep: JSON.stringify throws a RangeError on it. */
function deepSchema(levels = 10_000): Record<string, unknown> {
	let value: Record<string, unknown> = { type: 'string' };
	for (let i = 0; i < levels; i++) value = { type: 'object', properties: { a: value } };
	return value;
}

const plain: ModelTool = {
	name: 'mcp__a__b',
	description: 'Does b.',
	input_schema: { type: 'object' }
};

describe('pressureOf with a hostile server', () => {
	it('counts the tools array exactly for ordinary tools', () => {
		for (const tools of [[], [plain], [plain, { ...plain, name: 'mcp__a__c' }]])
			expect(pressureOf(1, tools).schemaChars).toBe(JSON.stringify(tools).length);
	});

	it('does not throw on a schema nested 10,000 deep, and still counts the other tools', () => {
		const deep: ModelTool = { name: 'mcp__a__deep', description: '', input_schema: deepSchema() };
		expect(() => JSON.stringify(deep)).toThrow(RangeError);
		const p = pressureOf(1, [plain, deep]);
		expect(p.tools).toBe(2);
		expect(p.schemaChars).toBeGreaterThan(JSON.stringify([plain]).length);
		expect(Number.isFinite(p.schemaTokens)).toBe(true);
	});

	it('counts a 10 MB description without throwing', () => {
		const big: ModelTool = { ...plain, description: 'x'.repeat(10 * 1024 * 1024) };
		const p = pressureOf(1, [big]);
		expect(p.schemaChars).toBe(JSON.stringify([big]).length);
		expect(p.deferredChars).toBeGreaterThan(10 * 1024 * 1024);
	});
});
