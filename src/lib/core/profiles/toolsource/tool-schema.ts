import { Validator } from '@cfworker/json-schema';
import { compilePattern } from '../../python/pattern-engine';
import { leafErrors } from '../../validation/leaf-errors';

/**
 * ToolSource regenerates the schema the model sees instead of passing the server's through
 * (harness-behaviors.md §4): only plain JSON Schema keywords are kept, unknown keys are refused
 * (`additionalProperties: false` on every object that lists its properties, unless it says
 * otherwise below the top), and a schema the harness cannot regenerate keeps the tool out of the
 * model's sight rather than sending the model something it cannot honour.
 *
 * A `pattern` is the server's, and so is the text the model fills in from it: it runs on RE2
 * (python/pattern-engine.ts), never on JavaScript's backtracking engine, where `^(a+)+$` froze
 * the page and Python's `(?P<name>…)` threw mid-call. A pattern RE2 cannot read keeps the tool
 * out (a ToolSource world loads the engine before it lists a tool with one: World).
 */
const KEPT = new Set([
	'type',
	'description',
	'enum',
	'const',
	'items',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'minLength',
	'maxLength',
	'pattern',
	'format',
	'default',
	'minItems',
	'maxItems',
	'uniqueItems',
	'properties',
	'required',
	'additionalProperties'
]);
/** References and composition would need the server's whole document: not regenerated. */
const REFUSED = ['$ref', '$defs', 'definitions', 'allOf', 'anyOf', 'oneOf', 'not', 'if'];
const MAX_DEPTH = 8;
const MAX_DESCRIPTION = 1024;
const MAX_PROBLEMS = 3;

export type Regenerated =
	{ ok: true; schema: Record<string, unknown> } | { ok: false; reason: string };

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => !!v && typeof v === 'object' && !Array.isArray(v);

function copy(node: unknown, at: string, depth: number): Plain | string {
	if (!isPlain(node)) return `${at} is not a JSON Schema object`;
	if (depth > MAX_DEPTH) return `${at} is nested deeper than ${MAX_DEPTH} levels`;
	const refused = REFUSED.find((k) => Object.hasOwn(node, k));
	if (refused) return `${at} uses ${refused}, which the harness does not regenerate`;
	const out: Plain = {};
	for (const [key, value] of Object.entries(node)) {
		if (!KEPT.has(key)) continue;
		if (key === 'pattern' && (typeof value !== 'string' || !compilePattern(value)))
			return `${at}.pattern is not a regular expression the harness can check`;
		if (key === 'description' && typeof value === 'string')
			out.description = value.slice(0, MAX_DESCRIPTION);
		else if (key === 'properties') {
			if (!isPlain(value)) return `${at}.properties is not an object`;
			const props: Plain = {};
			for (const [name, sub] of Object.entries(value)) {
				const inner = copy(sub, `${at}.properties.${name}`, depth + 1);
				if (typeof inner === 'string') return inner;
				props[name] = inner;
			}
			out.properties = props;
		} else if (key === 'items' || (key === 'additionalProperties' && isPlain(value))) {
			const inner = copy(value, `${at}.${key}`, depth + 1);
			if (typeof inner === 'string') return inner;
			out[key] = inner;
		} else out[key] = structuredClone(value);
	}
	if (depth > 0 && isPlain(out.properties) && !Object.hasOwn(out, 'additionalProperties'))
		out.additionalProperties = false;
	return out;
}

export function regenerateSchema(input: Plain | undefined): Regenerated {
	const source = input ?? { type: 'object', properties: {} };
	if (source.type !== 'object')
		return {
			ok: false,
			reason: `inputSchema.type must be "object", not ${JSON.stringify(source.type ?? null)}`
		};
	const copied = copy(source, 'inputSchema', 0);
	if (typeof copied === 'string') return { ok: false, reason: copied };
	const properties = isPlain(copied.properties) ? copied.properties : {};
	const required = Array.isArray(copied.required)
		? copied.required.filter(
				(r): r is string => typeof r === 'string' && Object.hasOwn(properties, r)
			)
		: [];
	const schema: Plain = { type: 'object', properties, additionalProperties: false };
	if (required.length) schema.required = required;
	try {
		new Validator(withoutPatterns(schema) as never, '2020-12');
	} catch (error) {
		return { ok: false, reason: `inputSchema is not valid JSON Schema (${String(error)})` };
	}
	return { ok: true, schema };
}

/** A regenerated schema without its patterns, which the validator would run on RegExp. */
function withoutPatterns(node: Plain): Plain {
	const out: Plain = {};
	for (const [key, value] of Object.entries(node)) {
		if (key === 'pattern') continue;
		if (key === 'properties' && isPlain(value))
			out.properties = Object.fromEntries(
				Object.entries(value).map(([name, sub]) => [
					name,
					isPlain(sub) ? withoutPatterns(sub) : sub
				])
			);
		else if ((key === 'items' || key === 'additionalProperties') && isPlain(value))
			out[key] = withoutPatterns(value);
		else out[key] = value;
	}
	return out;
}

/** The strings under `at` that a pattern of `node` (on RE2) does not match, as problems. */
function patternProblems(node: Plain, value: unknown, at: string, out: string[]): void {
	if (out.length >= MAX_PROBLEMS) return;
	if (typeof node.pattern === 'string' && typeof value === 'string') {
		const pattern = compilePattern(node.pattern);
		// The validator's own words for the same failure.
		if (pattern && !pattern.search(value)) out.push(`${at || '/'}: String does not match pattern.`);
	}
	const props = isPlain(node.properties) ? node.properties : {};
	if (isPlain(value))
		for (const [key, item] of Object.entries(value)) {
			const sub = Object.hasOwn(props, key) ? props[key] : node.additionalProperties;
			if (isPlain(sub))
				patternProblems(sub, item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
		}
	if (Array.isArray(value) && isPlain(node.items))
		value.forEach((item, i) => patternProblems(node.items as Plain, item, `${at}/${i}`, out));
}

/** One validator per regenerated schema: every call is checked, the schema is kept per tool. */
const validators = new WeakMap<Plain, Validator>();

/** The arguments checked against the regenerated schema; null when they pass. */
export function argumentProblems(schema: Plain, args: Record<string, unknown>): string | null {
	let validator = validators.get(schema);
	if (!validator)
		validators.set(
			schema,
			(validator = new Validator(withoutPatterns(schema) as never, '2020-12', false))
		);
	const result = validator.validate(args);
	const problems = result.valid
		? []
		: leafErrors(result.errors).map(
				(e) => `${e.instanceLocation.replace(/^#/, '') || '/'}: ${e.error}`
			);
	patternProblems(schema, args, '', problems);
	return problems.length ? problems.slice(0, MAX_PROBLEMS).join('; ') : null;
}
