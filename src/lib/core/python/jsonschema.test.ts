import { beforeAll, describe, expect, it } from 'vitest';
import fixtures from './jsonschema.fixtures.json';
import { validate } from './jsonschema';
import { PyRecursionError } from './repr';
import { loadPatternEngine } from './pattern-engine';

// A world loads the engine before any check can need it (sim-io.ts); so do these tests.
beforeAll(() => loadPatternEngine());

// Each fixture's text is what CPython 3.11's jsonschema 4.26 raised for it (str(best_match)),
// written by scripts/jsonschema-fixtures.py: the shortest random case for each failing keyword.
describe('validate, as jsonschema raises', () => {
	it.each(fixtures.map((f, i) => [i, f] as const))('case %i', (_, f) => {
		expect(validate(f.instance, f.schema)).toBe(f.expected);
	});

	const weather = {
		type: 'object',
		properties: { city: { type: 'string' }, celsius: { type: 'number' } },
		required: ['city', 'celsius']
	};

	it('says which required property is missing, with the schema and the instance', () => {
		expect(validate({ city: 'Lisbon' }, weather)).toBe(
			[
				"'celsius' is a required property",
				'',
				"Failed validating 'required' in schema:",
				"    {'type': 'object',",
				"     'properties': {'city': {'type': 'string'},",
				"                    'celsius': {'type': 'number'}},",
				"     'required': ['city', 'celsius']}",
				'',
				'On instance:',
				"    {'city': 'Lisbon'}"
			].join('\n')
		);
	});

	it('points into the schema and the instance for a nested error', () => {
		expect(validate({ city: 'Lisbon', celsius: '21' }, weather)).toBe(
			[
				"'21' is not of type 'number'",
				'',
				"Failed validating 'type' in schema['properties']['celsius']:",
				"    {'type': 'number'}",
				'',
				"On instance['celsius']:",
				"    '21'"
			].join('\n')
		);
	});

	it('passes a valid instance, and keywords it does not check', () => {
		expect(validate({ city: 'Lisbon', celsius: 21 }, weather)).toBeNull();
		expect(validate([1], { contains: { type: 'string' } })).toBeNull();
	});

	it('follows a $ref inside the schema (a pointer or an anchor)', () => {
		const schema = { $defs: { n: { type: 'integer' } }, properties: { n: { $ref: '#/$defs/n' } } };
		expect(validate({ n: 'x' }, schema)?.split('\n')[2]).toBe(
			"Failed validating 'type' in schema['properties']['n']:"
		);
		const anchored = { $defs: { n: { $anchor: 'num', type: 'integer' } }, $ref: '#num' };
		expect(validate('x', anchored)?.split('\n')[0]).toBe("'x' is not of type 'integer'");
	});

	it('raises what jsonschema raises for a $ref it cannot resolve', () => {
		// Texts from CPython's jsonschema 4.26 (referencing's errors, as str() prints them).
		const at = (ref: string) => () => validate({ n: 'x' }, { properties: { n: { $ref: ref } } });
		expect(at('https://example.test/n')).toThrow(/^Unresolvable: https:\/\/example\.test\/n$/);
		expect(at('#/$defs/missing')).toThrow(
			"PointerToNowhere: '/$defs/missing' does not exist within {'properties': {'n': {'$ref': '#/$defs/missing'}}}"
		);
		expect(at('#foo')).toThrow(
			"NoSuchAnchor: 'foo' does not exist within {'properties': {'n': {'$ref': '#foo'}}}"
		);
	});

	it('gives up on a $ref loop as Python does, with a RecursionError', () => {
		expect(() => validate(1, { $ref: '#' })).toThrow(PyRecursionError);
		expect(() => validate(1, { $ref: '#' })).toThrow(
			'maximum recursion depth exceeded while calling a Python object'
		);
	});
});
