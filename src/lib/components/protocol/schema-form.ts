/**
 * The form a host builds from an elicitation's `requestedSchema`. The protocol allows a flat
 * object of primitives only: strings (optionally with a format), numbers, integers, booleans,
 * single-choice enums and multi-choice string lists. Anything else is listed as a field the
 * form cannot fill. Checking the answer is the world's job (its message is shown as is).
 *
 * A tool's `inputSchema` gets the same form (the call panel's Form mode) with two more readings
 * (`tool: true`): a free list of strings (`lines`, one item per line) and a nullable type such
 * as `["string", "null"]`.
 */
export type FieldKind =
	'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'list' | 'lines' | 'unsupported';

export interface FormOptions {
	/** Read a tool's inputSchema: free string lists and nullable types too. */
	tool?: boolean;
}

export interface FieldOption {
	value: string;
	label: string;
}

export interface FormField {
	name: string;
	/** The property's `title`, else its name (server text: shown bounded). */
	label: string;
	description: string;
	kind: FieldKind;
	required: boolean;
	/** `email`, `uri`, `date`, `date-time` for strings; '' otherwise. */
	format: string;
	options: FieldOption[];
	min: number | null;
	max: number | null;
}

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
export type FormContent = Record<string, string | number | boolean | string[]>;

/** A form of more fields than this is cut: nobody fills it in a lab. */
export const MAX_FIELDS = 50;
const MAX_OPTIONS = 100;

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value) ? value : null;

/** `enum` (with legacy `enumNames`) or `oneOf`/`anyOf` of `{ const, title }`. */
function optionsOf(schema: Obj): FieldOption[] | null {
	if (Array.isArray(schema.enum)) {
		const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
		return schema.enum
			.slice(0, MAX_OPTIONS)
			.map((v, i) => ({ value: String(v), label: text(names[i]) || String(v) }));
	}
	const choices = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf;
	if (Array.isArray(choices) && choices.every((c) => isObject(c) && 'const' in c))
		return (choices as Obj[])
			.slice(0, MAX_OPTIONS)
			.map((c) => ({ value: String(c.const), label: text(c.title) || String(c.const) }));
	return null;
}

/** `["string", "null"]` reads as `"string"`. */
function nonNull(schema: Obj): Obj {
	if (!Array.isArray(schema.type)) return schema;
	const types = schema.type.filter((t) => t !== 'null');
	return types.length === 1 ? { ...schema, type: types[0] } : schema;
}

function kindOf(
	raw: Obj,
	{ tool = false }: FormOptions
): { kind: FieldKind; options: FieldOption[] } {
	const schema = tool ? nonNull(raw) : raw;
	const options = optionsOf(schema);
	if (schema.type === 'string' || (schema.type === undefined && options))
		return options ? { kind: 'enum', options } : { kind: 'string', options: [] };
	if (schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean')
		return { kind: schema.type, options: [] };
	if (schema.type === 'array' && isObject(schema.items)) {
		const items = optionsOf(schema.items);
		if (items) return { kind: 'list', options: items };
		if (tool && schema.items.type === 'string') return { kind: 'lines', options: [] };
	}
	return { kind: 'unsupported', options: [] };
}

export function formFields(
	schema: Record<string, unknown> | null,
	options: FormOptions = {}
): FormField[] {
	if (!schema || !isObject(schema.properties)) return [];
	const required = new Set(
		Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []
	);
	return Object.entries(schema.properties)
		.slice(0, MAX_FIELDS)
		.map(([name, raw]) => {
			const property = isObject(raw) ? raw : {};
			const { kind, options: choices } = kindOf(property, options);
			const isString = kind === 'string';
			return {
				name,
				label: text(property.title) || name,
				description: text(property.description),
				kind,
				required: required.has(name),
				format: isString ? text(property.format) : '',
				options: choices,
				min: num(isString ? property.minLength : (property.minimum ?? property.minItems)),
				max: num(isString ? property.maxLength : (property.maximum ?? property.maxItems))
			};
		});
}

/** What the form starts with: each property's `default` when it has a usable one. */
export function initialValues(
	fields: readonly FormField[],
	schema: Record<string, unknown> | null
): FormValues {
	const properties = schema && isObject(schema.properties) ? schema.properties : {};
	return Object.fromEntries(
		fields.map((field) => {
			const fallback = isObject(properties[field.name])
				? (properties[field.name] as Obj).default
				: undefined;
			if (field.kind === 'boolean') return [field.name, fallback === true];
			if (field.kind === 'list')
				return [
					field.name,
					Array.isArray(fallback) ? fallback.filter((v) => typeof v === 'string') : []
				];
			if (field.kind === 'lines')
				return [
					field.name,
					Array.isArray(fallback) ? fallback.filter((v) => typeof v === 'string').join('\n') : ''
				];
			const value =
				typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : '';
			return [field.name, value];
		})
	);
}

/**
 * The content an Accept sends. An empty optional field is left out; a required one is left
 * out too, so the world says which is missing. A number that does not parse is sent as the
 * text typed, so the world's check names it rather than the form guessing.
 */
export function formContent(fields: readonly FormField[], values: FormValues): FormContent {
	const content: FormContent = {};
	for (const field of fields) {
		const value = values[field.name];
		if (field.kind === 'unsupported' || value === undefined) continue;
		if (field.kind === 'boolean') {
			content[field.name] = value === true;
			continue;
		}
		if (field.kind === 'list') {
			if (Array.isArray(value) && value.length) content[field.name] = [...value];
			continue;
		}
		if (field.kind === 'lines') {
			const items = typeof value === 'string' ? value.split('\n').map((v) => v.trim()) : [];
			if (items.some(Boolean)) content[field.name] = items.filter(Boolean);
			continue;
		}
		if (typeof value !== 'string' || value === '') continue;
		if (field.kind === 'number' || field.kind === 'integer') {
			const n = Number(value.trim());
			content[field.name] = value.trim() !== '' && Number.isFinite(n) ? n : value;
		} else content[field.name] = value;
	}
	return content;
}

/**
 * The form's values for content already written (the call panel's Raw JSON, carried over to
 * Form): what a field cannot show is left at its empty value.
 */
export function formValues(
	fields: readonly FormField[],
	content: Record<string, unknown>
): FormValues {
	const strings = (value: unknown) =>
		Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
	return Object.fromEntries(
		fields.map((field): [string, FieldValue] => {
			const value = content[field.name];
			if (field.kind === 'boolean') return [field.name, value === true];
			if (field.kind === 'list') return [field.name, strings(value)];
			if (field.kind === 'lines') return [field.name, strings(value).join('\n')];
			const plain = typeof value === 'string' || typeof value === 'number';
			return [field.name, plain ? String(value) : ''];
		})
	);
}
