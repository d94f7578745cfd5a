import { describe, expect, it } from 'vitest';
import {
	EXAMPLE_MAX,
	exampleArguments,
	exampleText,
	exampleValue,
	VALUE_MAX
} from './call-arguments';
import { resultView, STRUCTURED_MAX } from './call-result-view';

/** An object `levels` deep ({a:{a:…}}): JSON.stringify throws a RangeError on it. */
function deepObject(levels = 10_000): Record<string, unknown> {
	let value: Record<string, unknown> = {};
	for (let i = 0; i < levels; i++) value = { a: value };
	return value;
}

/** An array `levels` deep ([[…]]): String() throws on it too. */
function deepArray(levels = 10_000): unknown[] {
	let value: unknown[] = [];
	for (let i = 0; i < levels; i++) value = [value];
	return value;
}

const huge = 'x'.repeat(10 * 1024 * 1024);

describe('a tools/call result with hostile structured content', () => {
	it('does not throw on structured content nested 10,000 deep', () => {
		expect(() => JSON.stringify(deepObject())).toThrow(RangeError);
		const view = resultView({ content: [], structuredContent: deepObject() });
		expect(view?.structured?.text.length).toBeLessThanOrEqual(STRUCTURED_MAX);
	});

	it('does not throw on deep arrays inside structured content', () => {
		const view = resultView({ content: [], structuredContent: { list: deepArray() } });
		expect(view?.structured?.text.length).toBeLessThanOrEqual(STRUCTURED_MAX);
	});

	it('bounds a 10 MB string and says how much was left out', () => {
		const view = resultView({ content: [], structuredContent: { big: huge } });
		expect(view?.structured?.text.length).toBeLessThanOrEqual(STRUCTURED_MAX);
		expect(view?.structured?.omitted).toBeGreaterThan(huge.length - STRUCTURED_MAX);
	});
});

describe('example arguments from a hostile inputSchema', () => {
	const schema = (property: Record<string, unknown>) => ({
		type: 'object',
		properties: { p: property },
		required: ['p']
	});

	it('does not copy a deep or huge enum or const value, and falls back to the type', () => {
		for (const value of [deepObject(), deepArray(), huge]) {
			expect(exampleValue({ type: 'string', enum: [value] })).toBe('example');
			expect(exampleValue({ type: 'integer', const: value })).toBe(1);
			expect(() => exampleText(schema({ enum: [value] }))).not.toThrow();
			expect(exampleText(schema({ const: value })).length).toBeLessThanOrEqual(EXAMPLE_MAX);
		}
	});

	it('still copies an enum or const value that is short', () => {
		const value = { mode: 'y'.repeat(VALUE_MAX - 20) };
		expect(exampleValue({ enum: [value] })).toBe(value);
		expect(exampleValue({ const: [1, 2] })).toEqual([1, 2]);
	});

	it('bounds the text of thousands of long required names', () => {
		const names = Array.from({ length: 2000 }, (_, i) => `${i}-${'n'.repeat(5000)}`);
		const properties = Object.fromEntries(names.map((n) => [n, { type: 'string' }]));
		const inputSchema = { type: 'object', properties, required: names };
		expect(Object.keys(exampleArguments(inputSchema))).toHaveLength(2000);
		expect(exampleText(inputSchema).length).toBeLessThanOrEqual(EXAMPLE_MAX);
	});
});
