/**
 * OpenHarness's input model for an MCP tool (`tools/mcp_tool.py`, `_input_model_from_schema`), and
 * what pydantic v2 does with it: validation in lax mode, the ValidationError text, and
 * `model_json_schema()` — the schema the model is shown.
 *
 * The Python being reproduced (OpenHarness, e.g. pierg/OpenHarness@35667ae):
 *
 *     _JSON_TYPE_MAP = {"string": str, "integer": int, "number": float,
 *                       "boolean": bool, "array": list, "object": dict}
 *     properties = schema.get("properties", {})
 *     if not isinstance(properties, dict):
 *         return create_model(f"{tool_name.title()}Input")
 *     required = set(schema.get("required", [])) if isinstance(schema.get("required", []), list) else set()
 *     for key in properties:
 *         prop = properties[key] if isinstance(properties[key], dict) else {}
 *         py_type = _JSON_TYPE_MAP.get(str(prop.get("type", "")), object)
 *         if key in required: fields[key] = (py_type, Field(default=...))
 *         else:               fields[key] = (py_type | None, Field(default=None))
 *     return create_model(f"{tool_name.title().replace('-', '_')}Input", **fields)
 *
 * then `tool.input_model.model_validate(tool_input)` (engine/query.py; a failure becomes
 * `f"Invalid input for {tool_name}: {exc}"`) and `arguments.model_dump(mode="json", exclude_none=True)`
 * is what is sent. Every message, error type and format below was checked against pydantic 2.13.4.
 */

import { pyFloatRepr, pyRepr, pyTypeName, truncatedRepr } from '../../python/repr';
import { pyStripSpace, rustTrim } from '../../python/strip';

export type PyType = 'str' | 'int' | 'float' | 'bool' | 'list' | 'dict' | 'any';

export interface InputField {
	name: string;
	type: PyType;
	required: boolean;
}

/**
 * A keyword of the server's schema that the shallow model does not keep. `constraint`: the
 * harness no longer checks it, so any value of the field's Python type passes. `annotation`:
 * it checked nothing, but the model is no longer shown it (a field's description, default…).
 */
export interface LostKeyword {
	/** `priority.enum`; a keyword of the schema itself is just `additionalProperties`. */
	path: string;
	/** The property it belonged to; null for a keyword of the schema itself. */
	field: string | null;
	/** null when the property's schema is not an object at all (e.g. `false`). */
	keyword: string | null;
	value: unknown;
	kind: 'constraint' | 'annotation';
}

/** Creating the pydantic model raises: OpenHarness cannot build this tool's input model at all. */
export interface BuildError {
	exception: 'TypeError' | 'NameError' | 'ValueError';
	message: string;
	/** false when pydantic's text holds something the lab cannot know (a memory address). */
	exact: boolean;
}

export interface InputModel {
	fields: InputField[];
	/** `properties` is present but not an object: the model has no fields, every argument is dropped. */
	dropsAll: boolean;
	/** Names in `required` that `properties` does not have: ignored. */
	ignoredRequired: string[];
	lost: LostKeyword[];
	buildError: BuildError | null;
}

const TYPE_MAP: Readonly<Record<string, PyType>> = {
	string: 'str',
	integer: 'int',
	number: 'float',
	boolean: 'bool',
	array: 'list',
	object: 'dict'
};

/**
 * Keywords that only describe or document. Everything else on a property (enum, const, pattern,
 * format, min/max*, multipleOf, items, properties, required, additionalProperties, anyOf/oneOf/
 * allOf/not, $ref, a type list…) is counted as a lost constraint. `format` is counted as a
 * constraint on purpose: to a learner it reads as one, and the model no longer sees it.
 */
const ANNOTATIONS = new Set([
	'title',
	'description',
	'default',
	'examples',
	'deprecated',
	'readOnly',
	'writeOnly',
	'$comment',
	'$schema',
	'$id',
	'$anchor',
	'$defs',
	'definitions',
	'contentMediaType',
	'contentEncoding'
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const kindOf = (keyword: string): LostKeyword['kind'] =>
	ANNOTATIONS.has(keyword) ? 'annotation' : 'constraint';

/** BaseModel members in pydantic's default protected namespaces ('model_validate', 'model_dump'). */
const PROTECTED_MEMBERS: Readonly<Record<string, string>> = {
	model_validate:
		"<bound method BaseModel.model_validate of <class 'pydantic.main.BaseModel'>> of protected namespace 'model_validate'",
	model_validate_json:
		"<bound method BaseModel.model_validate_json of <class 'pydantic.main.BaseModel'>> of protected namespace 'model_validate'",
	model_validate_strings:
		"<bound method BaseModel.model_validate_strings of <class 'pydantic.main.BaseModel'>> of protected namespace 'model_validate'",
	model_dump: "<function BaseModel.model_dump at 0x…> of protected namespace 'model_dump'",
	model_dump_json: "<function BaseModel.model_dump_json at 0x…> of protected namespace 'model_dump'"
};

/** The shallow model OpenHarness builds from a tool's inputSchema, and what it leaves out. */
export function buildInputModel(inputSchema: unknown): InputModel {
	// The registry always holds an object; anything else is read as an empty schema.
	const schema = isObject(inputSchema) ? inputSchema : {};
	const lost: LostKeyword[] = [];
	for (const [keyword, value] of Object.entries(schema)) {
		if (keyword === 'properties' && isObject(value)) continue;
		if (keyword === 'required' && Array.isArray(value)) continue;
		if (keyword === 'type' && value === 'object') continue;
		lost.push({ path: keyword, field: null, keyword, value, kind: kindOf(keyword) });
	}
	// `schema.get("properties", {})`: only a missing key means "no properties"; null drops all.
	const properties = 'properties' in schema ? schema.properties : {};
	if (!isObject(properties))
		return { fields: [], dropsAll: true, ignoredRequired: [], lost, buildError: null };

	const requiredList = Array.isArray(schema.required) ? schema.required : [];
	const required = new Set(requiredList.filter((r): r is string => typeof r === 'string'));
	const fields: InputField[] = [];
	for (const [name, prop] of Object.entries(properties)) {
		fields.push({ name, type: fieldType(prop), required: required.has(name) });
		if (!isObject(prop)) {
			// `true` allows anything, so nothing is lost; `false` and non-schemas are.
			if (prop !== true)
				lost.push({ path: name, field: name, keyword: null, value: prop, kind: 'constraint' });
			continue;
		}
		for (const [keyword, value] of Object.entries(prop)) {
			if (keyword === 'type' && typeof value === 'string' && Object.hasOwn(TYPE_MAP, value))
				continue;
			lost.push({ path: `${name}.${keyword}`, field: name, keyword, value, kind: kindOf(keyword) });
		}
	}
	const ignoredRequired = [...required].filter((r) => !Object.hasOwn(properties, r));
	return {
		fields,
		dropsAll: false,
		ignoredRequired,
		lost,
		buildError: buildErrorOf(requiredList, fields)
	};
}

/** `_JSON_TYPE_MAP.get(str(prop.get("type", "")), object)`; pydantic treats `object` as Any. */
function fieldType(prop: unknown): PyType {
	if (!isObject(prop)) return 'any';
	const type = prop.type;
	return typeof type === 'string' && Object.hasOwn(TYPE_MAP, type) ? TYPE_MAP[type] : 'any';
}

/** What `set(required)` and `create_model(...)` raise, in the order pydantic gets to them. */
function buildErrorOf(required: unknown[], fields: InputField[]): BuildError | null {
	const unhashable = required.find((r) => typeof r === 'object' && r !== null);
	if (unhashable !== undefined)
		return {
			exception: 'TypeError',
			message: `unhashable type: '${Array.isArray(unhashable) ? 'list' : 'dict'}'`,
			exact: true
		};
	if (fields.some((f) => f.name === 'model_config'))
		return { exception: 'TypeError', message: "'FieldInfo' object is not iterable", exact: true };
	const underscored = fields.find((f) => f.name.startsWith('_'));
	if (underscored) {
		const suggested = underscored.name.replace(/^_+/, '') || 'my_field';
		return {
			exception: 'NameError',
			message: `Fields must not use names with leading underscores; e.g., use ${pyRepr(suggested)} instead of ${pyRepr(underscored.name)}.`,
			exact: true
		};
	}
	const clash = fields.find((f) => Object.hasOwn(PROTECTED_MEMBERS, f.name));
	if (clash)
		return {
			exception: 'ValueError',
			message: `Field '${clash.name}' conflicts with member ${PROTECTED_MEMBERS[clash.name]}.`,
			exact: !clash.name.startsWith('model_dump')
		};
	return null;
}

// ---------------------------------------------------------------------------------------------
// Names

/** Python's `str.title()`: a cased character after a cased one is lowered, otherwise titled. */
export function pyTitle(text: string): string {
	let out = '';
	let previousCased = false;
	for (const ch of text) {
		const lower = ch.toLowerCase();
		const upper = ch.toUpperCase();
		const cased = lower !== upper;
		out += cased ? (previousCased ? lower : upper) : ch;
		previousCased = cased;
	}
	return out;
}

/**
 * The pydantic model's class name, from the adapted tool name. In the source it is
 * `f"{tool_name.title().replace('-', '_')}Input"`, except when `properties` is not an object:
 * then `f"{tool_name.title()}Input"` (no replacement) — e.g. `Mcp__Internal_Api__Search_OrdersInput`.
 */
export function inputModelName(toolName: string, model: Pick<InputModel, 'dropsAll'>): string {
	const titled = pyTitle(toolName);
	return `${model.dropsAll ? titled : titled.replaceAll('-', '_')}Input`;
}

/** pydantic's `GenerateJsonSchema.get_title_from_name`: `name.title().replace('_', ' ').strip()`. */
export function fieldTitle(name: string): string {
	return pyStripSpace(pyTitle(name).replaceAll('_', ' '));
}

// ---------------------------------------------------------------------------------------------
// Validation

/**
 * The pydantic version whose docs URL ends each error line (`https://errors.pydantic.dev/<v>/v/…`).
 * OpenHarness requires `pydantic>=2.0.0`, so the real number is whatever is installed; the lab
 * shows 2.13, the version these texts were checked against. An illustration.
 */
export const PYDANTIC_DOCS_VERSION = '2.13';

export interface Coercion {
	name: string;
	from: unknown;
	to: unknown;
	/** Both sides as Python shows them, e.g. `'5'` → `5`, `5` → `5.0`. */
	fromRepr: string;
	toRepr: string;
}

/** One line item of pydantic's ValidationError. */
export interface PydanticError {
	loc: string;
	type: string;
	msg: string;
	input: unknown;
}

export type Validation =
	| {
			ok: true;
			/** What `model_dump(mode="json", exclude_none=True)` sends, in field order. */
			sent: Record<string, unknown>;
			/** Argument keys the model has no field for: dropped without a word. */
			dropped: string[];
			coerced: Coercion[];
			/** Fields given as null: accepted as None, then not sent (exclude_none). */
			nullsNotSent: string[];
	  }
	| { ok: false; error: string; errors: PydanticError[] };

const MESSAGES: Readonly<Record<string, string>> = {
	missing: 'Field required',
	string_type: 'Input should be a valid string',
	int_type: 'Input should be a valid integer',
	int_from_float: 'Input should be a valid integer, got a number with a fractional part',
	int_parsing: 'Input should be a valid integer, unable to parse string as an integer',
	int_parsing_size: 'Unable to parse input string as an integer, exceeded maximum size',
	float_type: 'Input should be a valid number',
	float_parsing: 'Input should be a valid number, unable to parse string as a number',
	bool_type: 'Input should be a valid boolean',
	bool_parsing: 'Input should be a valid boolean, unable to interpret input',
	list_type: 'Input should be a valid list',
	dict_type: 'Input should be a valid dictionary'
};

type Outcome = { ok: true; value: unknown } | { ok: false; type: string };

/** A model's field names, once per model: validation runs on every call, the model is reused. */
const fieldNames = new WeakMap<InputModel, ReadonlySet<string>>();
function fieldNamesOf(model: InputModel): ReadonlySet<string> {
	let names = fieldNames.get(model);
	if (!names) fieldNames.set(model, (names = new Set(model.fields.map((f) => f.name))));
	return names;
}

/**
 * `model_validate(args)` on the shallow model, then what is sent. A failure is the exact text the
 * model receives: `Invalid input for <name>: ` + `str(ValidationError)`. `modelName` is the class
 * the error names: the MCP adapter's made-up one unless a built-in tool has its own (only an
 * error reads it, so the made-up one is not built for a valid call).
 */
export function validateInput(
	model: InputModel,
	toolName: string,
	args: Record<string, unknown>,
	modelName?: string
): Validation {
	const errors: PydanticError[] = [];
	const sent: Record<string, unknown> = {};
	const coerced: Coercion[] = [];
	const nullsNotSent: string[] = [];
	for (const field of model.fields) {
		if (!Object.hasOwn(args, field.name)) {
			if (field.required)
				errors.push({ loc: field.name, type: 'missing', msg: MESSAGES.missing, input: args });
			continue;
		}
		const input = args[field.name] ?? null;
		// `T | None = None` takes None; a required field of a concrete type does not.
		if (input === null && (field.type === 'any' || !field.required)) {
			nullsNotSent.push(field.name);
			continue;
		}
		const outcome = coerce(field.type, input);
		if (!outcome.ok) {
			errors.push({ loc: field.name, type: outcome.type, msg: MESSAGES[outcome.type], input });
			continue;
		}
		sent[field.name] = outcome.value;
		const from = pyTypeName(input);
		const to = field.type === 'float' ? 'float' : pyTypeName(outcome.value);
		if (from !== to)
			coerced.push({
				name: field.name,
				from: input,
				to: outcome.value,
				fromRepr: pyRepr(input),
				toRepr:
					field.type === 'float' ? pyFloatRepr(outcome.value as number) : pyRepr(outcome.value)
			});
	}
	if (errors.length > 0)
		return {
			ok: false,
			error: `Invalid input for ${toolName}: ${validationErrorText(modelName ?? inputModelName(toolName, model), errors)}`,
			errors
		};
	const known = fieldNamesOf(model);
	const dropped = Object.keys(args).filter((k) => !known.has(k));
	return { ok: true, sent, dropped, coerced, nullsNotSent };
}

/** `str(ValidationError)` as pydantic v2 prints it, docs URL line included. */
export function validationErrorText(modelName: string, errors: PydanticError[]): string {
	const count = errors.length;
	const head = `${count} validation error${count === 1 ? '' : 's'} for ${modelName}`;
	const blocks = errors.map(
		(e) =>
			`${e.loc}\n  ${e.msg} [type=${e.type}, input_value=${truncatedRepr(e.input)}, input_type=${pyTypeName(e.input)}]\n` +
			`    For further information visit https://errors.pydantic.dev/${PYDANTIC_DOCS_VERSION}/v/${e.type}`
	);
	return [head, ...blocks].join('\n');
}

function coerce(type: PyType, input: unknown): Outcome {
	switch (type) {
		case 'any':
			return { ok: true, value: input };
		case 'str':
			// v2 lax mode does not turn numbers into strings.
			return typeof input === 'string'
				? { ok: true, value: input }
				: { ok: false, type: 'string_type' };
		case 'int':
			return toInt(input);
		case 'float':
			return toFloat(input);
		case 'bool':
			return toBool(input);
		case 'list':
			// Lax mode also takes tuples, sets and generators: JSON has only arrays.
			return Array.isArray(input) ? { ok: true, value: input } : { ok: false, type: 'list_type' };
		case 'dict':
			return isObject(input) ? { ok: true, value: input } : { ok: false, type: 'dict_type' };
	}
}

/**
 * pydantic-core's lax int: bool → 0/1, a float only without a fractional part, a string of ASCII
 * digits (sign, single underscores between digits, surrounding whitespace, a `.0…` tail) — no
 * exponent, no hex.
 */
function toInt(input: unknown): Outcome {
	if (typeof input === 'boolean') return { ok: true, value: input ? 1 : 0 };
	if (typeof input === 'number')
		return Number.isInteger(input)
			? { ok: true, value: input }
			: { ok: false, type: 'int_from_float' };
	if (typeof input === 'string') {
		const text = rustTrim(input);
		if (text.length > 4300) return { ok: false, type: 'int_parsing_size' };
		const match = /^([+-]?)([0-9]+(?:_[0-9]+)*)(?:\.0+)?$/.exec(text);
		if (!match) return { ok: false, type: 'int_parsing' };
		const value = Number(BigInt(`${match[1]}${match[2].replaceAll('_', '')}`));
		return { ok: true, value: value === 0 ? 0 : value };
	}
	return { ok: false, type: 'int_type' };
}

const FLOAT_TEXT =
	/^[+-]?(?:(?:[0-9]+(?:_[0-9]+)*(?:\.(?:[0-9]+(?:_[0-9]+)*)?)?|\.[0-9]+(?:_[0-9]+)*)(?:[eE][+-]?[0-9]+(?:_[0-9]+)*)?|nan|inf|infinity)$/i;

/** Lax float: bool, int, or a string Python's `float()` reads (underscores, `inf`, `nan`). */
function toFloat(input: unknown): Outcome {
	if (typeof input === 'boolean') return { ok: true, value: input ? 1 : 0 };
	if (typeof input === 'number') return { ok: true, value: input };
	if (typeof input === 'string') {
		const text = rustTrim(input);
		if (!FLOAT_TEXT.test(text)) return { ok: false, type: 'float_parsing' };
		const body = text.replace(/^[+-]/, '').toLowerCase();
		const sign = text.startsWith('-') ? -1 : 1;
		if (body === 'nan') return { ok: true, value: NaN };
		if (body === 'inf' || body === 'infinity') return { ok: true, value: sign * Infinity };
		return { ok: true, value: Number(text.replaceAll('_', '')) };
	}
	return { ok: false, type: 'float_type' };
}

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** Lax bool: the words above (any case, not trimmed), and the numbers 0 and 1. */
function toBool(input: unknown): Outcome {
	if (typeof input === 'boolean') return { ok: true, value: input };
	if (typeof input === 'string') {
		const word = input.toLowerCase();
		if (TRUE_WORDS.has(word)) return { ok: true, value: true };
		if (FALSE_WORDS.has(word)) return { ok: true, value: false };
		return { ok: false, type: 'bool_parsing' };
	}
	if (typeof input === 'number' && Number.isInteger(input)) {
		if (input === 0 || input === 1) return { ok: true, value: input === 1 };
		return { ok: false, type: 'bool_parsing' };
	}
	return { ok: false, type: 'bool_type' };
}

// ---------------------------------------------------------------------------------------------
// Python text

export { pyFloatRepr, pyRepr, pyTypeName, truncatedRepr };

// ---------------------------------------------------------------------------------------------
// What the model is shown

export interface ApiTool {
	name: string;
	description: string;
	input_schema: Record<string, unknown>;
}

/**
 * `BaseTool.to_api_schema()`: name, description (`tool_info.description or f"MCP tool {name}"`)
 * and `input_model.model_json_schema()`. pydantic sorts each field's keys; a required field is
 * `{title, type}`, an optional one `{anyOf: [{type}, {type: 'null'}], default: null, title}`, an
 * Any (`object`) field has no type (`{}` inside anyOf); list adds `items: {}`, dict
 * `additionalProperties: true`. `required` follows field order and is left out when empty.
 */
export function toApiSchema(tool: {
	name: string;
	description: string;
	inputSchema: unknown;
	/** The server's own tool name, for the fallback description. */
	tool?: string;
}): ApiTool {
	const model = buildInputModel(tool.inputSchema);
	const properties: Record<string, unknown> = {};
	for (const field of model.fields) {
		const title = fieldTitle(field.name);
		const typed = typeSchema(field.type);
		properties[field.name] = field.required
			? sortKeys({ ...typed, title })
			: { anyOf: [typed, { type: 'null' }], default: null, title };
	}
	const required = model.fields.filter((f) => f.required).map((f) => f.name);
	const input_schema: Record<string, unknown> = { properties };
	if (required.length > 0) input_schema.required = required;
	input_schema.title = inputModelName(tool.name, model);
	input_schema.type = 'object';
	return {
		name: tool.name,
		description: tool.description || `MCP tool ${tool.tool ?? tool.name}`,
		input_schema
	};
}

function typeSchema(type: PyType): Record<string, unknown> {
	switch (type) {
		case 'any':
			return {};
		case 'list':
			return { items: {}, type: 'array' };
		case 'dict':
			return { additionalProperties: true, type: 'object' };
		default:
			return { type: { str: 'string', int: 'integer', float: 'number', bool: 'boolean' }[type] };
	}
}

function sortKeys(schema: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(schema).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	);
}

// ---------------------------------------------------------------------------------------------

/**
 * Where the lab cannot be exact; the UI says so. `docs-version`: the pydantic version in the
 * docs URL. `int-or-float`: JSON.parse cannot tell `2.0` from `2`, so integral numbers are
 * treated as Python ints (also in `input_type` and in reprs). `key-order`: a JavaScript object
 * lists integer-like keys first, Python keeps the order written. `big-numbers`: integers past
 * 2^53 lose precision in the browser, Python keeps them exact. `build-error`: what OpenHarness
 * does when pydantic cannot create a tool's model is not reproduced.
 */
export const ILLUSTRATION_NOTES = [
	'docs-version',
	'int-or-float',
	'key-order',
	'big-numbers',
	'build-error'
] as const;
export type IllustrationNote = (typeof ILLUSTRATION_NOTES)[number];
