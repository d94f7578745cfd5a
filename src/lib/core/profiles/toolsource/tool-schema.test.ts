import { describe, expect, it } from 'vitest';
import { argumentProblems, regenerateSchema } from './tool-schema';

describe('ToolSource schema regeneration', () => {
	it('keeps plain keywords, drops the rest, closes the object and filters required', () => {
		expect(
			regenerateSchema({
				type: 'object',
				title: 'ignored',
				'x-vendor': true,
				properties: {
					q: { type: 'string', maxLength: 5, examples: ['drop me'] },
					n: { type: 'array', items: { type: 'integer', minimum: 1 } }
				},
				required: ['q', 'missing']
			})
		).toEqual({
			ok: true,
			schema: {
				type: 'object',
				properties: {
					q: { type: 'string', maxLength: 5 },
					n: { type: 'array', items: { type: 'integer', minimum: 1 } }
				},
				additionalProperties: false,
				required: ['q']
			}
		});
	});

	it('closes every object that lists its properties, unless it says otherwise below the top', () => {
		const regenerated = regenerateSchema({
			type: 'object',
			additionalProperties: true,
			properties: {
				n: { type: 'object', properties: { q: { type: 'integer' } } },
				tags: { type: 'object', additionalProperties: { type: 'string' } },
				free: { type: 'object' }
			}
		});
		if (!regenerated.ok) throw new Error(regenerated.reason);
		expect(regenerated.schema.properties).toEqual({
			n: { type: 'object', properties: { q: { type: 'integer' } }, additionalProperties: false },
			tags: { type: 'object', additionalProperties: { type: 'string' } },
			free: { type: 'object' }
		});
		// A key the nested object does not list is refused, as at the top; the map takes any key.
		expect(argumentProblems(regenerated.schema, { n: { q: 1, extra: 2 } })).toBe(
			'/n: Property "extra" does not match additional properties schema.'
		);
		expect(argumentProblems(regenerated.schema, { tags: { any: 'x' }, free: { y: 1 } })).toBeNull();
	});

	it('a tool without inputSchema takes no arguments', () => {
		expect(regenerateSchema(undefined)).toEqual({
			ok: true,
			schema: { type: 'object', properties: {}, additionalProperties: false }
		});
	});

	it('refuses what it cannot regenerate, saying where', () => {
		expect(regenerateSchema({ type: 'array' })).toEqual({
			ok: false,
			reason: 'inputSchema.type must be "object", not "array"'
		});
		expect(regenerateSchema({ type: 'object', properties: { a: { anyOf: [] } } })).toEqual({
			ok: false,
			reason: 'inputSchema.properties.a uses anyOf, which the harness does not regenerate'
		});
		let deep: Record<string, unknown> = { type: 'string' };
		for (let i = 0; i < 10; i++) deep = { type: 'object', properties: { d: deep } };
		expect(regenerateSchema(deep)).toMatchObject({
			ok: false,
			reason: expect.stringContaining('nested deeper than 8')
		});
	});

	it('lists at most three problems with their paths', () => {
		const regenerated = regenerateSchema({
			type: 'object',
			properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } },
			required: ['a']
		});
		if (!regenerated.ok) throw new Error(regenerated.reason);
		expect(argumentProblems(regenerated.schema, { a: 'ok' })).toBeNull();
		expect(argumentProblems(regenerated.schema, { b: 'x', c: 1, d: 1, e: 2 })).toBe(
			'/: Instance does not have required property "a".; /b: Instance type "string" is invalid. Expected "integer".; /c: Instance type "number" is invalid. Expected "boolean".'
		);
	});
});
