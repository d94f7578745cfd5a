/**
 * jsonschema 4.26's keyword functions (`_keywords.py`) for Draft 2020-12: the errors each yields,
 * in its words, and where it descends. jsonschema.ts walks a schema with them.
 */
import { pyRepr, pyStrRepr } from './repr';
import { compilePattern, type Pattern } from './pattern-engine';

export type Key = string | number;
export type Dict = Record<string, unknown>;

export interface PyValidationError {
	message: string;
	/** The keyword that failed; `null` for a `false` schema (jsonschema prints `None`). */
	validator: string | null;
	/** Relative to where the error was raised from (jsonschema's `relative_path`). */
	path: Key[];
	schemaPath: Key[];
	schema: unknown;
	instance: unknown;
	context: PyValidationError[];
}

export const isDict = (v: unknown): v is Dict =>
	typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number';

export function isType(instance: unknown, type: unknown): boolean {
	switch (type) {
		case 'array':
			return Array.isArray(instance);
		case 'boolean':
			return typeof instance === 'boolean';
		case 'integer':
			return Number.isInteger(instance);
		case 'null':
			return instance === null;
		case 'number':
			return isNumber(instance);
		case 'object':
			return isDict(instance);
		case 'string':
			return typeof instance === 'string';
		default:
			// An unknown type name makes the schema invalid: check_schema's case, not checked here.
			return true;
	}
}

/** jsonschema's `equal`: `True` is not `1`, dicts compare without order. */
function equal(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) && Array.isArray(b))
		return a.length === b.length && a.every((item, i) => equal(item, b[i]));
	if (isDict(a) && isDict(b)) {
		const keys = Object.keys(a);
		return (
			keys.length === Object.keys(b).length &&
			keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]))
		);
	}
	return false;
}

/** One text per value that `equal` calls equal (for `uniqueItems` in linear time). */
function canonical(v: unknown): string {
	if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
	if (isDict(v))
		return `{${Object.keys(v)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
			.join(',')}}`;
	return typeof v === 'boolean' ? `b${v}` : JSON.stringify(v ?? null);
}

/** A server's pattern, run on RE2 (pattern-engine.ts); null when it is not checked. */
function regex(pattern: unknown): Pattern | null {
	return typeof pattern === 'string' ? compilePattern(pattern) : null;
}

function codePoints(s: string): number {
	return [...s].length;
}

export const leaf = (message: string): PyValidationError => ({
	message,
	validator: undefined as unknown as string,
	path: [],
	schemaPath: [],
	schema: undefined,
	instance: undefined,
	context: []
});

/** What a keyword asks of the validator walking the schema (jsonschema.ts's Validator). */
export interface Walker {
	resolve(ref: unknown): unknown;
	descend(instance: unknown, schema: unknown, path?: Key, schemaPath?: Key): PyValidationError[];
	isValid(instance: unknown, schema: unknown): boolean;
}

type Keyword = (v: Walker, value: unknown, instance: unknown, schema: Dict) => PyValidationError[];

const sizeMessage = (limit: unknown, empty: 'non-empty' | 'empty', other: string) =>
	empty === 'non-empty'
		? limit === 1
			? 'should be non-empty'
			: other
		: limit === 0
			? 'is expected to be empty'
			: other;

export const KEYWORDS: Record<string, Keyword> = {
	$ref: (v, ref, instance) => v.descend(instance, v.resolve(ref)),
	additionalProperties: (v, aP, instance, schema) => {
		if (!isDict(instance)) return [];
		const properties = isDict(schema.properties) ? schema.properties : {};
		const patterns = isDict(schema.patternProperties)
			? regex(Object.keys(schema.patternProperties).join('|'))
			: null;
		const extras = Object.keys(instance).filter(
			(k) => !Object.hasOwn(properties, k) && !(patterns && patterns.search(k))
		);
		if (isDict(aP)) return extras.flatMap((k) => v.descend(instance[k], aP, k));
		if (aP !== false || extras.length === 0) return [];
		const sorted = [...extras].sort();
		if ('patternProperties' in schema) {
			const verb = extras.length === 1 ? 'does' : 'do';
			const patternList = Object.keys(schema.patternProperties as Dict).sort();
			return [
				leaf(
					`${sorted.map(pyStrRepr).join(', ')} ${verb} not match any of the regexes: ${patternList.map(pyStrRepr).join(', ')}`
				)
			];
		}
		const verb = extras.length === 1 ? 'was' : 'were';
		return [
			leaf(
				`Additional properties are not allowed (${sorted.map(pyStrRepr).join(', ')} ${verb} unexpected)`
			)
		];
	},
	allOf: (v, allOf, instance) =>
		Array.isArray(allOf) ? allOf.flatMap((sub, i) => v.descend(instance, sub, undefined, i)) : [],
	anyOf: (v, anyOf, instance) => {
		if (!Array.isArray(anyOf)) return [];
		const all: PyValidationError[] = [];
		for (const [i, sub] of anyOf.entries()) {
			const errors = v.descend(instance, sub, undefined, i);
			if (errors.length === 0) return [];
			all.push(...errors);
		}
		const error = leaf(`${pyRepr(instance)} is not valid under any of the given schemas`);
		error.context = all;
		return [error];
	},
	const: (_v, value, instance) =>
		equal(value, instance) ? [] : [leaf(`${pyRepr(value)} was expected`)],
	dependentRequired: (_v, deps, instance) => {
		if (!isDict(instance) || !isDict(deps)) return [];
		return Object.entries(deps).flatMap(([property, needs]) =>
			Object.hasOwn(instance, property) && Array.isArray(needs)
				? needs
						.filter((each) => !Object.hasOwn(instance, String(each)))
						.map((each) => leaf(`${pyRepr(each)} is a dependency of ${pyStrRepr(property)}`))
				: []
		);
	},
	dependentSchemas: (v, deps, instance) => {
		if (!isDict(instance) || !isDict(deps)) return [];
		return Object.entries(deps).flatMap(([property, sub]) =>
			Object.hasOwn(instance, property) ? v.descend(instance, sub, undefined, property) : []
		);
	},
	enum: (_v, enums, instance) =>
		Array.isArray(enums) && !enums.some((each) => equal(each, instance))
			? [leaf(`${pyRepr(instance)} is not one of ${pyRepr(enums)}`)]
			: [],
	exclusiveMaximum: (_v, max, instance) =>
		isNumber(instance) && isNumber(max) && instance >= max
			? [leaf(`${pyRepr(instance)} is greater than or equal to the maximum of ${pyRepr(max)}`)]
			: [],
	exclusiveMinimum: (_v, min, instance) =>
		isNumber(instance) && isNumber(min) && instance <= min
			? [leaf(`${pyRepr(instance)} is less than or equal to the minimum of ${pyRepr(min)}`)]
			: [],
	items: (v, items, instance, schema) => {
		if (!Array.isArray(instance)) return [];
		const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
		const extra = instance.length - prefix;
		if (extra <= 0) return [];
		if (items === false) {
			const rest = extra !== 1 ? instance.slice(prefix) : instance[prefix];
			const item = prefix !== 1 ? 'items' : 'item';
			return [leaf(`Expected at most ${prefix} ${item} but found ${extra} extra: ${pyRepr(rest)}`)];
		}
		return instance.slice(prefix).flatMap((item, i) => v.descend(item, items, prefix + i));
	},
	maxItems: (_v, max, instance) =>
		Array.isArray(instance) && isNumber(max) && instance.length > max
			? [leaf(`${pyRepr(instance)} ${sizeMessage(max, 'empty', 'is too long')}`)]
			: [],
	maxLength: (_v, max, instance) =>
		typeof instance === 'string' && isNumber(max) && codePoints(instance) > max
			? [leaf(`${pyRepr(instance)} ${sizeMessage(max, 'empty', 'is too long')}`)]
			: [],
	maxProperties: (_v, max, instance) =>
		isDict(instance) && isNumber(max) && Object.keys(instance).length > max
			? [leaf(`${pyRepr(instance)} ${sizeMessage(max, 'empty', 'has too many properties')}`)]
			: [],
	maximum: (_v, max, instance) =>
		isNumber(instance) && isNumber(max) && instance > max
			? [leaf(`${pyRepr(instance)} is greater than the maximum of ${pyRepr(max)}`)]
			: [],
	minItems: (_v, min, instance) =>
		Array.isArray(instance) && isNumber(min) && instance.length < min
			? [leaf(`${pyRepr(instance)} ${sizeMessage(min, 'non-empty', 'is too short')}`)]
			: [],
	minLength: (_v, min, instance) =>
		typeof instance === 'string' && isNumber(min) && codePoints(instance) < min
			? [leaf(`${pyRepr(instance)} ${sizeMessage(min, 'non-empty', 'is too short')}`)]
			: [],
	minProperties: (_v, min, instance) =>
		isDict(instance) && isNumber(min) && Object.keys(instance).length < min
			? [
					leaf(
						`${pyRepr(instance)} ${sizeMessage(min, 'non-empty', 'does not have enough properties')}`
					)
				]
			: [],
	minimum: (_v, min, instance) =>
		isNumber(instance) && isNumber(min) && instance < min
			? [leaf(`${pyRepr(instance)} is less than the minimum of ${pyRepr(min)}`)]
			: [],
	multipleOf: (_v, dB, instance) => {
		if (!isNumber(instance) || !isNumber(dB) || dB === 0) return [];
		const quotient = instance / dB;
		// Python's float path (int(q) != q); an overflow it settles with fractions is let pass.
		const failed = Number.isInteger(dB)
			? instance % dB !== 0
			: Number.isFinite(quotient) && Math.trunc(quotient) !== quotient;
		return failed ? [leaf(`${pyRepr(instance)} is not a multiple of ${pyRepr(dB)}`)] : [];
	},
	not: (v, sub, instance) =>
		v.isValid(instance, sub)
			? [leaf(`${pyRepr(instance)} should not be valid under ${pyRepr(sub)}`)]
			: [],
	oneOf: (v, oneOf, instance) => {
		if (!Array.isArray(oneOf)) return [];
		const all: PyValidationError[] = [];
		let first = -1;
		for (const [i, sub] of oneOf.entries()) {
			const errors = v.descend(instance, sub, undefined, i);
			if (errors.length === 0) {
				first = i;
				break;
			}
			all.push(...errors);
		}
		if (first < 0) {
			const error = leaf(`${pyRepr(instance)} is not valid under any of the given schemas`);
			error.context = all;
			return [error];
		}
		const more = oneOf.slice(first + 1).filter((sub) => v.isValid(instance, sub));
		if (more.length === 0) return [];
		const reprs = [...more, oneOf[first]].map((s) => pyRepr(s)).join(', ');
		return [leaf(`${pyRepr(instance)} is valid under each of ${reprs}`)];
	},
	pattern: (_v, pattern, instance) => {
		const re = regex(pattern);
		return typeof instance === 'string' && re && !re.search(instance)
			? [leaf(`${pyRepr(instance)} does not match ${pyRepr(pattern)}`)]
			: [];
	},
	patternProperties: (v, patterns, instance) => {
		if (!isDict(instance) || !isDict(patterns)) return [];
		return Object.entries(patterns).flatMap(([pattern, sub]) => {
			const re = regex(pattern);
			if (!re) return [];
			return Object.entries(instance).flatMap(([k, value]) =>
				re.search(k) ? v.descend(value, sub, k, pattern) : []
			);
		});
	},
	prefixItems: (v, prefixItems, instance) =>
		Array.isArray(instance) && Array.isArray(prefixItems)
			? prefixItems.slice(0, instance.length).flatMap((sub, i) => v.descend(instance[i], sub, i, i))
			: [],
	properties: (v, properties, instance) => {
		if (!isDict(instance) || !isDict(properties)) return [];
		return Object.entries(properties).flatMap(([property, sub]) =>
			Object.hasOwn(instance, property)
				? v.descend(instance[property], sub, property, property)
				: []
		);
	},
	propertyNames: (v, sub, instance) =>
		isDict(instance) ? Object.keys(instance).flatMap((k) => v.descend(k, sub)) : [],
	required: (_v, required, instance) =>
		isDict(instance) && Array.isArray(required)
			? required
					.filter((property) => !Object.hasOwn(instance, String(property)))
					.map((property) => leaf(`${pyRepr(property)} is a required property`))
			: [],
	type: (_v, types, instance) => {
		const list = Array.isArray(types) ? types : [types];
		return list.some((t) => isType(instance, t))
			? []
			: [leaf(`${pyRepr(instance)} is not of type ${list.map((t) => pyRepr(t)).join(', ')}`)];
	},
	uniqueItems: (_v, unique, instance) => {
		if (unique !== true || !Array.isArray(instance)) return [];
		const seen = new Set(instance.map(canonical));
		return seen.size < instance.length ? [leaf(`${pyRepr(instance)} has non-unique elements`)] : [];
	}
};
