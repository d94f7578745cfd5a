import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { misfitEnglish, misfitIssues, misfitParams } from './form-misfit';

/** A form with every kind of field an elicitation may ask for. */
const schema = {
	type: 'object',
	properties: {
		date: { type: 'string', format: 'date' },
		people: { type: 'integer', minimum: 1, maximum: 8 },
		email: { type: 'string', format: 'email', minLength: 3 },
		room: { type: 'string', enum: ['lab', 'office'] },
		titled: { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] },
		multi: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, maxItems: 2 },
		code: { type: 'string', pattern: '^[A-Z]+$' },
		'a/b': { type: 'number', exclusiveMinimum: 0 }
	},
	required: ['date', 'people', 'room']
};

const said = (content: Record<string, unknown>, form: object = schema) =>
	misfitIssues(
		form,
		content,
		new Validator(form as never, '2020-12', false).validate(content).errors
	)
		.map(misfitEnglish)
		.join(' ');

describe('a form answer that does not fit, in plain words', () => {
	it('names each missing required field, in the schema’s order', () => {
		expect(said({ people: 2 })).toBe('date is required. room is required.');
	});

	it('says what each field must be, one problem per field, the first three only', () => {
		const ok = { date: '2025-06-02', people: 2, room: 'lab' };
		expect(said({ ...ok, people: 2.5 })).toBe('people must be a whole number.');
		expect(said({ ...ok, people: 0 })).toBe('people must be at least 1.');
		expect(said({ ...ok, people: 9 })).toBe('people must be at most 8.');
		expect(said({ ...ok, date: 'soon' })).toBe('date is not a valid date.');
		// minLength and format both fail: the field's first problem is said.
		expect(said({ ...ok, email: 'a' })).toBe('email needs at least 3 characters.');
		expect(said({ ...ok, room: 'attic' })).toBe('room must be one of the offered choices.');
		expect(said({ ...ok, titled: 'c' })).toBe('titled must be one of the offered choices.');
		expect(said({ ...ok, multi: ['x', 'z'] })).toBe('multi must be one of the offered choices.');
		expect(said({ ...ok, multi: ['x', 'y', 'x'] })).toBe('multi takes at most 2 choices.');
		expect(said({ ...ok, code: 'ab' })).toBe('code does not match the pattern ^[A-Z]+$.');
		expect(said({ ...ok, 'a/b': 0 })).toBe('a/b must be more than 0.');
		expect(said({ date: 1, people: 'x', room: 'attic', code: 'z' })).toBe(
			'date must be text. people must be a whole number. room must be one of the offered choices.'
		);
	});

	it('keeps the validator’s sentence for a keyword it has no words for', () => {
		const form = { type: 'object', properties: { n: { type: 'number', multipleOf: 2 } } };
		expect(said({ n: 3 }, form)).toBe('n: 3 is not a multiple of 2.');
	});

	it('carries each problem as rule, field and limit beside the English words', () => {
		const issues = misfitIssues(schema, { people: 0 }, [
			...new Validator(schema as never, '2020-12', false).validate({ people: 0 }).errors
		]);
		expect(misfitParams(issues)).toEqual({
			detail: 'date is required. room is required. people must be at least 1.',
			rule1: 'required',
			field1: 'date',
			limit1: '',
			rule2: 'required',
			field2: 'room',
			limit2: '',
			rule3: 'minimum',
			field3: 'people',
			limit3: '1'
		});
	});
});
