import { describe, expect, it } from 'vitest';
import { formContent, formFields, formValues, initialValues, MAX_FIELDS } from './schema-form';

const schema = {
	type: 'object',
	properties: {
		date: { type: 'string', format: 'date', description: 'The day' },
		people: { type: 'integer', minimum: 1, maximum: 8, title: 'People' },
		budget: { type: 'number' },
		room: { type: 'string', enum: ['office', 'lab'], enumNames: ['Office', 'Lab'] },
		size: {
			type: 'string',
			oneOf: [
				{ const: 's', title: 'Small' },
				{ const: 'l', title: 'Large' }
			]
		},
		urgent: { type: 'boolean', default: true },
		tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
		nested: { type: 'object', properties: {} }
	},
	required: ['date', 'people']
};

describe('an elicitation form from its requested schema', () => {
	it('gives each property a field: kind, label, required, options, bounds', () => {
		const fields = formFields(schema);
		expect(fields.map((f) => [f.name, f.kind, f.label, f.required])).toEqual([
			['date', 'string', 'date', true],
			['people', 'integer', 'People', true],
			['budget', 'number', 'budget', false],
			['room', 'enum', 'room', false],
			['size', 'enum', 'size', false],
			['urgent', 'boolean', 'urgent', false],
			['tags', 'list', 'tags', false],
			['nested', 'unsupported', 'nested', false]
		]);
		expect(fields[0]).toMatchObject({ format: 'date', description: 'The day' });
		expect(fields[1]).toMatchObject({ min: 1, max: 8 });
		expect(fields[3].options).toEqual([
			{ value: 'office', label: 'Office' },
			{ value: 'lab', label: 'Lab' }
		]);
		expect(fields[4].options).toEqual([
			{ value: 's', label: 'Small' },
			{ value: 'l', label: 'Large' }
		]);
		expect(fields[6].options.map((o) => o.value)).toEqual(['a', 'b']);
	});

	it('has no fields without properties, and at most MAX_FIELDS', () => {
		expect(formFields(null)).toEqual([]);
		expect(formFields({ type: 'object' })).toEqual([]);
		const many = Object.fromEntries(
			Array.from({ length: 80 }, (_, i) => [`f${i}`, { type: 'string' }])
		);
		expect(formFields({ type: 'object', properties: many })).toHaveLength(MAX_FIELDS);
	});

	it('starts from the defaults', () => {
		const fields = formFields(schema);
		expect(initialValues(fields, schema)).toMatchObject({
			date: '',
			people: '',
			urgent: true,
			tags: []
		});
	});

	it('sends typed values, leaves empty ones out, and passes a bad number on for the world to name', () => {
		const fields = formFields(schema);
		const values = {
			...initialValues(fields, schema),
			date: '2025-06-02',
			people: '2',
			budget: 'lots',
			room: 'lab',
			tags: ['b']
		};
		expect(formContent(fields, values)).toEqual({
			date: '2025-06-02',
			people: 2,
			budget: 'lots',
			room: 'lab',
			urgent: true,
			tags: ['b']
		});
		expect(formContent(fields, initialValues(fields, schema))).toEqual({ urgent: true });
	});
});

describe("a tool call's form from the tool's inputSchema", () => {
	const inputSchema = {
		type: 'object',
		properties: {
			path: { type: 'string', description: 'File to read' },
			head: { type: ['integer', 'null'], default: 10 },
			mode: { type: 'string', enum: ['text', 'base64'], default: 'text' },
			recursive: { type: 'boolean' },
			paths: { type: 'array', items: { type: 'string' }, default: ['/a', '/b'] },
			options: { type: 'object' }
		},
		required: ['path']
	};
	const fields = formFields(inputSchema, { tool: true });

	it('reads free string lists and nullable types, which an elicitation form does not', () => {
		expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
			['path', 'string', true],
			['head', 'integer', false],
			['mode', 'enum', false],
			['recursive', 'boolean', false],
			['paths', 'lines', false],
			['options', 'unsupported', false]
		]);
		expect(formFields(inputSchema).map((f) => f.kind)).toEqual([
			'string',
			'unsupported',
			'enum',
			'boolean',
			'unsupported',
			'unsupported'
		]);
	});

	it('starts from the defaults and sends typed arguments, one list item per line', () => {
		const values = initialValues(fields, inputSchema);
		expect(values).toEqual({
			path: '',
			head: '10',
			mode: 'text',
			recursive: false,
			paths: '/a\n/b',
			options: ''
		});
		expect(formContent(fields, { ...values, path: '/data/a.txt', paths: ' /x \n\n/y\n' })).toEqual({
			path: '/data/a.txt',
			head: 10,
			mode: 'text',
			recursive: false,
			paths: ['/x', '/y']
		});
	});

	it('carries arguments written as JSON over to the form', () => {
		expect(
			formValues(fields, { path: '/p', head: 3, recursive: true, paths: ['/x', 7], options: {} })
		).toEqual({ path: '/p', head: '3', mode: '', recursive: true, paths: '/x', options: '' });
	});
});
