import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from './jsonschema';
import { PyRecursionError } from './repr';

/**
 * A server's outputSchema and structured content are hostile: whatever they are, the check gives
 * jsonschema's text or null, or raises what Python would (a RecursionError, referencing's error).
 */
const keyword = fc.oneof(
	fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'object', 'array', 'null') }),
	fc.record({ required: fc.array(fc.string(), { maxLength: 3 }) }),
	fc.record({ enum: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) }),
	fc.record({ minimum: fc.double({ noNaN: true }), maxLength: fc.nat(5) }),
	fc.record({ pattern: fc.constantFrom('^a', '[0-9]+', '(', '\\p{L}') }),
	fc.record({ additionalProperties: fc.boolean(), uniqueItems: fc.boolean() }),
	fc.record({ $ref: fc.constantFrom('#', '#/$defs/x', '#/properties', 'other.json', '#anchor') }),
	fc.jsonValue({ maxDepth: 2 })
);
const schema = fc.letrec((tie) => ({
	node: fc.oneof(
		{ depthSize: 'small' },
		keyword,
		fc.record({ properties: fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }) }),
		fc.record({ items: tie('node') }),
		fc.record({ anyOf: fc.array(tie('node'), { maxLength: 3 }) }),
		fc.record({ oneOf: fc.array(tie('node'), { maxLength: 3 }), not: tie('node') })
	)
})).node;

const PYTHON_RAISES = /^(Unresolvable|PointerToNowhere|NoSuchAnchor): /;

describe('validate on hostile schemas and content', () => {
	it('answers text or null, or raises only what Python raises', () => {
		fc.assert(
			fc.property(schema, fc.jsonValue({ maxDepth: 4 }), (s, instance) => {
				try {
					const text = validate(instance, s);
					expect(text === null || typeof text === 'string').toBe(true);
				} catch (error) {
					if (error instanceof PyRecursionError) return;
					expect(String((error as Error).message)).toMatch(PYTHON_RAISES);
				}
			}),
			{ numRuns: 2_000 }
		);
	});

	it('gets through a large hostile instance', () => {
		const many = Array.from({ length: 100_000 }, (_, i) => ({
			id: i % 50_000,
			name: 'x'.repeat(20)
		}));
		const text = validate(many, {
			type: 'array',
			uniqueItems: true,
			items: { type: 'object', properties: { id: { type: 'string' } } }
		})!;
		// Shallower errors win: the duplicate, not 100,000 wrong ids.
		expect(text.split('\n')[0].endsWith('has non-unique elements')).toBe(true);
	});
});
