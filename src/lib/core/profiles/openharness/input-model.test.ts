import { describe, expect, it } from 'vitest';
import {
	buildInputModel,
	fieldTitle,
	inputModelName,
	pyFloatRepr,
	pyRepr,
	pyTitle,
	toApiSchema,
	truncatedRepr,
	validateInput
} from './input-model';

/*
 * Every expected `sent` object and error text below was produced by running OpenHarness's
 * `_input_model_from_schema` + `model_validate` + `model_dump(mode="json", exclude_none=True)`
 * under pydantic 2.13.4 on the same schema and arguments.
 */

const TOOL = 'mcp__internal-api__search_orders';

const schemas: Record<string, Record<string, unknown>> = {
	S1: {
		type: 'object',
		properties: {
			query: { type: 'string', pattern: '^[a-z]+$', description: 'Search text' },
			limit: { type: 'integer', minimum: 1, maximum: 50 },
			priority: { type: 'string', enum: ['low', 'high'] },
			ratio: { type: 'number' },
			urgent: { type: 'boolean', default: false },
			tags: { type: 'array', items: { type: 'string' } },
			filter: {
				type: 'object',
				properties: { status: { type: 'string' } },
				required: ['status']
			},
			note: { type: ['string', 'null'] },
			extra: {}
		},
		required: ['query', 'ghost'],
		additionalProperties: false
	},
	S2: { properties: ['a'], required: ['a'] },
	S3: { type: 'object', properties: null },
	S4: { type: 'object', properties: { payload: {} }, required: ['payload'] },
	S5: { type: 'object' }
};

interface Case {
	title: string;
	schema: string;
	args: Record<string, unknown>;
	sent?: Record<string, unknown>;
	error?: string;
	dropped?: string[];
	/** [field, from as Python shows it, to as Python shows it] */
	coerced?: [string, string, string][];
	nullsNotSent?: string[];
}

const cases: Case[] = [
	{
		title: 'accepts a plain string',
		schema: 'S1',
		args: {
			query: 'abc'
		},
		sent: {
			query: 'abc'
		}
	},
	{
		title: 'pattern is not enforced',
		schema: 'S1',
		args: {
			query: 'ABC!'
		},
		sent: {
			query: 'ABC!'
		}
	},
	{
		title: 'enum is not enforced',
		schema: 'S1',
		args: {
			query: 'a',
			priority: 'urgent'
		},
		sent: {
			query: 'a',
			priority: 'urgent'
		}
	},
	{
		title: 'a numeric string becomes an int',
		schema: 'S1',
		args: {
			query: 'a',
			limit: '5'
		},
		sent: {
			query: 'a',
			limit: 5
		},
		coerced: [['limit', "'5'", '5']]
	},
	{
		title: 'whitespace around an int string is stripped',
		schema: 'S1',
		args: {
			query: 'a',
			limit: ' 7 '
		},
		sent: {
			query: 'a',
			limit: 7
		},
		coerced: [['limit', "' 7 '", '7']]
	},
	{
		title: 'an int string with a .0 tail is accepted',
		schema: 'S1',
		args: {
			query: 'a',
			limit: '4.0'
		},
		sent: {
			query: 'a',
			limit: 4
		},
		coerced: [['limit', "'4.0'", '4']]
	},
	{
		title: 'a fractional number is rejected for an int',
		schema: 'S1',
		args: {
			query: 'a',
			limit: 1.5
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nlimit\n  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=1.5, input_type=float]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_from_float'
	},
	{
		title: 'a fractional string is rejected for an int',
		schema: 'S1',
		args: {
			query: 'a',
			limit: '5.5'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nlimit\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='5.5', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing"
	},
	{
		title: 'an exponent string is rejected for an int',
		schema: 'S1',
		args: {
			query: 'a',
			limit: '1e3'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nlimit\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='1e3', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing"
	},
	{
		title: 'a bool is taken as an int',
		schema: 'S1',
		args: {
			query: 'a',
			limit: true
		},
		sent: {
			query: 'a',
			limit: 1
		},
		coerced: [['limit', 'True', '1']]
	},
	{
		title: 'maximum is not enforced',
		schema: 'S1',
		args: {
			query: 'a',
			limit: 500
		},
		sent: {
			query: 'a',
			limit: 500
		}
	},
	{
		title: 'a number is not a string',
		schema: 'S1',
		args: {
			query: 5
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Input should be a valid string [type=string_type, input_value=5, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type'
	},
	{
		title: 'a float in an error is shown as Python prints it',
		schema: 'S1',
		args: {
			query: 1.5e-7
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Input should be a valid string [type=string_type, input_value=1.5e-07, input_type=float]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type'
	},
	{
		title: 'null for a required str is an error',
		schema: 'S1',
		args: {
			query: null
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Input should be a valid string [type=string_type, input_value=None, input_type=NoneType]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type'
	},
	{
		title: 'a missing required field; a required name missing from properties is ignored',
		schema: 'S1',
		args: {},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Field required [type=missing, input_value={}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing'
	},
	{
		title: 'null for optional fields is accepted and not sent',
		schema: 'S1',
		args: {
			query: 'a',
			limit: null,
			ratio: null,
			tags: null
		},
		sent: {
			query: 'a'
		},
		nullsNotSent: ['limit', 'ratio', 'tags']
	},
	{
		title: 'unknown keys are dropped silently',
		schema: 'S1',
		args: {
			query: 'a',
			unknown: 1,
			other: 'x'
		},
		sent: {
			query: 'a'
		},
		dropped: ['unknown', 'other']
	},
	{
		title: 'sent in field order, not argument order',
		schema: 'S1',
		args: {
			limit: 3,
			query: 'a'
		},
		sent: {
			query: 'a',
			limit: 3
		}
	},
	{
		title: 'an int becomes a float',
		schema: 'S1',
		args: {
			query: 'a',
			ratio: 2
		},
		sent: {
			query: 'a',
			ratio: 2
		},
		coerced: [['ratio', '2', '2.0']]
	},
	{
		title: 'an exponent string becomes a float',
		schema: 'S1',
		args: {
			query: 'a',
			ratio: '1e3'
		},
		sent: {
			query: 'a',
			ratio: 1000
		},
		coerced: [['ratio', "'1e3'", '1000.0']]
	},
	{
		title: 'underscores in a number string',
		schema: 'S1',
		args: {
			query: 'a',
			ratio: '1_000.5'
		},
		sent: {
			query: 'a',
			ratio: 1000.5
		},
		coerced: [['ratio', "'1_000.5'", '1000.5']]
	},
	{
		title: 'a word is not a float',
		schema: 'S1',
		args: {
			query: 'a',
			ratio: 'abc'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nratio\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='abc', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/float_parsing"
	},
	{
		title: 'yes is true',
		schema: 'S1',
		args: {
			query: 'a',
			urgent: 'yes'
		},
		sent: {
			query: 'a',
			urgent: true
		},
		coerced: [['urgent', "'yes'", 'True']]
	},
	{
		title: 'OFF is false',
		schema: 'S1',
		args: {
			query: 'a',
			urgent: 'OFF'
		},
		sent: {
			query: 'a',
			urgent: false
		},
		coerced: [['urgent', "'OFF'", 'False']]
	},
	{
		title: '1 is true',
		schema: 'S1',
		args: {
			query: 'a',
			urgent: 1
		},
		sent: {
			query: 'a',
			urgent: true
		},
		coerced: [['urgent', '1', 'True']]
	},
	{
		title: '2 is not a bool',
		schema: 'S1',
		args: {
			query: 'a',
			urgent: 2
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nurgent\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value=2, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/bool_parsing'
	},
	{
		title: '0.5 is not a bool',
		schema: 'S1',
		args: {
			query: 'a',
			urgent: 0.5
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nurgent\n  Input should be a valid boolean [type=bool_type, input_value=0.5, input_type=float]\n    For further information visit https://errors.pydantic.dev/2.13/v/bool_type'
	},
	{
		title: 'a string is not a list',
		schema: 'S1',
		args: {
			query: 'a',
			tags: 'x'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\ntags\n  Input should be a valid list [type=list_type, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/list_type"
	},
	{
		title: 'list items are not checked',
		schema: 'S1',
		args: {
			query: 'a',
			tags: [1, null]
		},
		sent: {
			query: 'a',
			tags: [1, null]
		}
	},
	{
		title: 'nested properties and required are not checked',
		schema: 'S1',
		args: {
			query: 'a',
			filter: {
				status: 7
			}
		},
		sent: {
			query: 'a',
			filter: {
				status: 7
			}
		}
	},
	{
		title: 'nested required is not checked',
		schema: 'S1',
		args: {
			query: 'a',
			filter: {}
		},
		sent: {
			query: 'a',
			filter: {}
		}
	},
	{
		title: 'a list is not a dict',
		schema: 'S1',
		args: {
			query: 'a',
			filter: []
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nfilter\n  Input should be a valid dictionary [type=dict_type, input_value=[], input_type=list]\n    For further information visit https://errors.pydantic.dev/2.13/v/dict_type'
	},
	{
		title: 'a type union accepts anything',
		schema: 'S1',
		args: {
			query: 'a',
			note: 42
		},
		sent: {
			query: 'a',
			note: 42
		}
	},
	{
		title: 'no type accepts anything',
		schema: 'S1',
		args: {
			query: 'a',
			extra: {
				deep: [1, "it's"]
			}
		},
		sent: {
			query: 'a',
			extra: {
				deep: [1, "it's"]
			}
		}
	},
	{
		title: 'several errors, in field order',
		schema: 'S1',
		args: {
			priority: 1,
			limit: 'x',
			urgent: 'maybe'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 4 validation errors for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Field required [type=missing, input_value={'priority': 1, 'limit': 'x', 'urgent': 'maybe'}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing\nlimit\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing\npriority\n  Input should be a valid string [type=string_type, input_value=1, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type\nurgent\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='maybe', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/bool_parsing"
	},
	{
		title: 'a long input value is cut in the middle',
		schema: 'S1',
		args: {
			q: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
		},
		error:
			"Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Field required [type=missing, input_value={'q': 'aaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaa'}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"
	},
	{
		title: 'quotes in reprs',
		schema: 'S1',
		args: {
			query: ["it's", 'say "hi"']
		},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\nquery\n  Input should be a valid string [type=string_type, input_value=["it\'s", \'say "hi"\'], input_type=list]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type'
	},
	{
		title: 'properties not an object: every argument is dropped',
		schema: 'S2',
		args: {
			a: 1,
			b: 2
		},
		sent: {},
		dropped: ['a', 'b']
	},
	{
		title: 'properties null: every argument is dropped',
		schema: 'S3',
		args: {
			x: 'y'
		},
		sent: {},
		dropped: ['x']
	},
	{
		title: 'a required field with no type takes null, then does not send it',
		schema: 'S4',
		args: {
			payload: null
		},
		sent: {},
		nullsNotSent: ['payload']
	},
	{
		title: 'a required field with no type is still required',
		schema: 'S4',
		args: {},
		error:
			'Invalid input for mcp__internal-api__search_orders: 1 validation error for Mcp__Internal_Api__Search_OrdersInput\npayload\n  Field required [type=missing, input_value={}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing'
	},
	{
		title: 'no properties at all',
		schema: 'S5',
		args: {
			x: 1
		},
		sent: {},
		dropped: ['x']
	}
];

describe('validateInput: the shallow model in pydantic v2 lax mode', () => {
	it.each(cases)('$title', (c) => {
		const result = validateInput(buildInputModel(schemas[c.schema]), TOOL, c.args);
		if (c.error !== undefined) {
			expect(result).toMatchObject({ ok: false, error: c.error });
			return;
		}
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		// Key order matters: pydantic dumps fields in schema order.
		expect(JSON.stringify(result.sent)).toBe(JSON.stringify(c.sent));
		expect(result.dropped).toEqual(c.dropped ?? []);
		expect(result.coerced.map((x) => [x.name, x.fromRepr, x.toRepr])).toEqual(c.coerced ?? []);
		expect(result.nullsNotSent).toEqual(c.nullsNotSent ?? []);
	});

	it('has at least 25 cases', () => expect(cases.length).toBeGreaterThanOrEqual(25));

	it('keeps the structured errors beside the text', () => {
		const result = validateInput(buildInputModel(schemas.S1), TOOL, { query: 'a', limit: 1.5 });
		expect(result).toMatchObject({
			ok: false,
			errors: [{ loc: 'limit', type: 'int_from_float', input: 1.5 }]
		});
	});

	it('reports the coerced values themselves too', () => {
		const result = validateInput(buildInputModel(schemas.S1), TOOL, { query: 'a', limit: '5' });
		expect(result).toMatchObject({ ok: true, coerced: [{ name: 'limit', from: '5', to: 5 }] });
	});
});

describe('buildInputModel', () => {
	it('maps JSON Schema types to Python types, in property order', () => {
		const model = buildInputModel(schemas.S1);
		expect(model.fields).toEqual([
			{ name: 'query', type: 'str', required: true },
			{ name: 'limit', type: 'int', required: false },
			{ name: 'priority', type: 'str', required: false },
			{ name: 'ratio', type: 'float', required: false },
			{ name: 'urgent', type: 'bool', required: false },
			{ name: 'tags', type: 'list', required: false },
			{ name: 'filter', type: 'dict', required: false },
			{ name: 'note', type: 'any', required: false },
			{ name: 'extra', type: 'any', required: false }
		]);
		expect(model.dropsAll).toBe(false);
		expect(model.ignoredRequired).toEqual(['ghost']);
		expect(model.buildError).toBeNull();
	});

	it('lists every keyword the model does not keep, with its path', () => {
		expect(buildInputModel(schemas.S1).lost).toEqual([
			{
				path: 'additionalProperties',
				field: null,
				keyword: 'additionalProperties',
				value: false,
				kind: 'constraint'
			},
			{
				path: 'query.pattern',
				field: 'query',
				keyword: 'pattern',
				value: '^[a-z]+$',
				kind: 'constraint'
			},
			{
				path: 'query.description',
				field: 'query',
				keyword: 'description',
				value: 'Search text',
				kind: 'annotation'
			},
			{ path: 'limit.minimum', field: 'limit', keyword: 'minimum', value: 1, kind: 'constraint' },
			{ path: 'limit.maximum', field: 'limit', keyword: 'maximum', value: 50, kind: 'constraint' },
			{
				path: 'priority.enum',
				field: 'priority',
				keyword: 'enum',
				value: ['low', 'high'],
				kind: 'constraint'
			},
			{
				path: 'urgent.default',
				field: 'urgent',
				keyword: 'default',
				value: false,
				kind: 'annotation'
			},
			{
				path: 'tags.items',
				field: 'tags',
				keyword: 'items',
				value: { type: 'string' },
				kind: 'constraint'
			},
			{
				path: 'filter.properties',
				field: 'filter',
				keyword: 'properties',
				value: { status: { type: 'string' } },
				kind: 'constraint'
			},
			{
				path: 'filter.required',
				field: 'filter',
				keyword: 'required',
				value: ['status'],
				kind: 'constraint'
			},
			{
				path: 'note.type',
				field: 'note',
				keyword: 'type',
				value: ['string', 'null'],
				kind: 'constraint'
			}
		]);
	});

	it('drops everything when properties is present but not an object', () => {
		for (const schema of [schemas.S2, schemas.S3]) {
			const model = buildInputModel(schema);
			expect(model.dropsAll).toBe(true);
			expect(model.fields).toEqual([]);
			expect(model.lost.map((l) => l.path)).toContain('properties');
		}
		// A missing `properties` is an empty object, not "drop all".
		expect(buildInputModel(schemas.S5).dropsAll).toBe(false);
	});

	it('ignores a required that is not a list, and says it was lost', () => {
		const model = buildInputModel({ properties: { a: { type: 'string' } }, required: 'a' });
		expect(model.fields).toEqual([{ name: 'a', type: 'str', required: false }]);
		expect(model.lost).toEqual([
			{ path: 'required', field: null, keyword: 'required', value: 'a', kind: 'constraint' }
		]);
	});

	it('reads a property schema that is not an object as "any"', () => {
		const model = buildInputModel({ properties: { yes: true, no: false } });
		expect(model.fields.map((f) => f.type)).toEqual(['any', 'any']);
		expect(model.lost).toEqual([
			{ path: 'no', field: 'no', keyword: null, value: false, kind: 'constraint' }
		]);
	});

	it('says when pydantic cannot create the model at all', () => {
		const error = (properties: Record<string, unknown>, required: unknown[] = []) =>
			buildInputModel({ properties, required }).buildError;
		expect(error({ _id: { type: 'string' } })).toEqual({
			exception: 'NameError',
			message:
				"Fields must not use names with leading underscores; e.g., use 'id' instead of '_id'.",
			exact: true
		});
		expect(error({ __: {} })?.message).toBe(
			"Fields must not use names with leading underscores; e.g., use 'my_field' instead of '__'."
		);
		expect(error({ a: {} }, [['a']])).toEqual({
			exception: 'TypeError',
			message: "unhashable type: 'list'",
			exact: true
		});
		expect(error({ model_config: {}, _a: {} })?.message).toBe("'FieldInfo' object is not iterable");
		expect(error({ model_validate: {} })).toEqual({
			exception: 'ValueError',
			message:
				"Field 'model_validate' conflicts with member <bound method BaseModel.model_validate of <class 'pydantic.main.BaseModel'>> of protected namespace 'model_validate'.",
			exact: true
		});
		expect(error({ model_dump: {} })?.exact).toBe(false);
		expect(error({ json: {}, model_x: {} })).toBeNull();
	});
});

describe('Python names and text', () => {
	it('titles like str.title()', () => {
		expect(pyTitle('mcp__internal-api__search_orders')).toBe('Mcp__Internal-Api__Search_Orders');
		expect(pyTitle('mcp__srv__mcp_2fa')).toBe('Mcp__Srv__Mcp_2Fa');
		expect(pyTitle('getOrderByID')).toBe('Getorderbyid');
	});

	it('names the model as OpenHarness does', () => {
		expect(inputModelName(TOOL, { dropsAll: false })).toBe('Mcp__Internal_Api__Search_OrdersInput');
		expect(inputModelName(TOOL, { dropsAll: true })).toBe('Mcp__Internal-Api__Search_OrdersInput');
	});

	it('titles fields as pydantic does', () => {
		expect(['user_id', 'HTTPCode', 'a-b', 'x1y', 'a__b', 'x_'].map(fieldTitle)).toEqual([
			'User Id',
			'Httpcode',
			'A-B',
			'X1Y',
			'A  B',
			'X'
		]);
	});

	it('prints floats as repr() does', () => {
		expect(
			[0.0001, 0.00001, 1.5e-7, 1e16, 1e20, 2, -2.5e-10, NaN, -Infinity].map(pyFloatRepr)
		).toEqual(['0.0001', '1e-05', '1.5e-07', '1e+16', '1e+20', '2.0', '-2.5e-10', 'nan', '-inf']);
	});

	it('escapes strings as repr() does', () => {
		expect(pyRepr('x\u200by\u00a0z\u0007\ud83d\ude00 \u00ad')).toBe(
			"'x\\u200by\\xa0z\\x07\ud83d\ude00 \\xad'"
		);
		expect(pyRepr({ "k'": 'v"', n: [1.5, true, null] })).toBe(
			"{\"k'\": 'v\"', 'n': [1.5, True, None]}"
		);
	});

	it('cuts an input value over 50 UTF-8 bytes to 25 + 24 bytes', () => {
		expect(truncatedRepr({ x: 'a'.repeat(41) })).toBe(`{'x': '${'a'.repeat(41)}'}`);
		expect(truncatedRepr({ x: 'a'.repeat(42) })).toBe(
			"{'x': 'aaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaa'}"
		);
		expect(truncatedRepr({ x: 'é'.repeat(60) })).toBe("{'x': 'ééééééééé...ééééééééééé'}");
		expect(truncatedRepr({ x: '😀'.repeat(30) })).toBe("{'x': '😀😀😀😀...😀😀😀😀😀'}");
	});
});

describe('toApiSchema: what the model is shown', () => {
	it('rebuilds the schema from the fields: constraints and descriptions are gone', () => {
		expect(
			toApiSchema({ name: TOOL, description: 'Search orders', inputSchema: schemas.S1 })
		).toEqual({
			name: TOOL,
			description: 'Search orders',
			input_schema: {
				properties: {
					query: { title: 'Query', type: 'string' },
					limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' },
					priority: {
						anyOf: [{ type: 'string' }, { type: 'null' }],
						default: null,
						title: 'Priority'
					},
					ratio: { anyOf: [{ type: 'number' }, { type: 'null' }], default: null, title: 'Ratio' },
					urgent: {
						anyOf: [{ type: 'boolean' }, { type: 'null' }],
						default: null,
						title: 'Urgent'
					},
					tags: {
						anyOf: [{ items: {}, type: 'array' }, { type: 'null' }],
						default: null,
						title: 'Tags'
					},
					filter: {
						anyOf: [{ additionalProperties: true, type: 'object' }, { type: 'null' }],
						default: null,
						title: 'Filter'
					},
					note: { anyOf: [{}, { type: 'null' }], default: null, title: 'Note' },
					extra: { anyOf: [{}, { type: 'null' }], default: null, title: 'Extra' }
				},
				required: ['query'],
				title: 'Mcp__Internal_Api__Search_OrdersInput',
				type: 'object'
			}
		});
	});

	it('shows an empty model when properties is not an object', () => {
		const api = toApiSchema({
			name: TOOL,
			description: '',
			inputSchema: schemas.S2,
			tool: 'search.orders'
		});
		expect(JSON.stringify(api)).toBe(
			JSON.stringify({
				name: TOOL,
				description: 'MCP tool search.orders',
				input_schema: {
					properties: {},
					title: 'Mcp__Internal-Api__Search_OrdersInput',
					type: 'object'
				}
			})
		);
	});

	it('shows required list, dict and untyped fields; required follows field order', () => {
		const api = toApiSchema({
			name: 'mcp__srv__mcp_2fa',
			description: '',
			tool: '2fa',
			inputSchema: {
				type: 'object',
				properties: {
					user_id: { type: 'string' },
					HTTPCode: { type: 'integer' },
					items: { type: 'array', items: { type: 'integer' } },
					meta: { type: 'object' },
					value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
					dry_run: { type: 'boolean' }
				},
				required: ['items', 'user_id', 'meta', 'value']
			}
		});
		// Exact text, key order included, as `json.dumps(model_json_schema())` printed it.
		expect(JSON.stringify(api.input_schema)).toBe(
			'{"properties":{"user_id":{"title":"User Id","type":"string"},"HTTPCode":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":null,"title":"Httpcode"},"items":{"items":{},"title":"Items","type":"array"},"meta":{"additionalProperties":true,"title":"Meta","type":"object"},"value":{"title":"Value"},"dry_run":{"anyOf":[{"type":"boolean"},{"type":"null"}],"default":null,"title":"Dry Run"}},"required":["user_id","items","meta","value"],"title":"Mcp__Srv__Mcp_2FaInput","type":"object"}'
		);
		expect(api.description).toBe('MCP tool 2fa');
	});
});
