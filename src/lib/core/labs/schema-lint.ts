import { closestWord } from '../text/closest-word';

/**
 * A lab author's typos in a tool's JSON Schema (`inputSchema`, `outputSchema`), found when the
 * lab is built. A scenario sends schemas as written, and a simulated server never checks them:
 * `{"type": "objekt"}` or `"required": "query"` would build, run, and teach a tool no real
 * client would list (the TypeScript SDK's refuses both). Only what is surely a mistake is
 * reported: an unknown keyword is one only when it is a near miss of a known one, since schemas
 * may carry vendor keywords (`x-…`) and annotations.
 */

export interface SchemaProblem {
	/** JSON path from the schema's own key, e.g. `inputSchema.properties.query.type`. */
	path: string;
	message: string;
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

type Rule = 'schema' | 'schemaMap' | 'schemaList' | 'number' | 'count' | 'strings' | 'array';

/** Keywords of JSON Schema draft 2020-12 and draft-07 with the shape their value must have. */
const RULES: Record<string, Rule | null> = {
	// Applicators
	properties: 'schemaMap',
	patternProperties: 'schemaMap',
	$defs: 'schemaMap',
	definitions: 'schemaMap',
	dependentSchemas: 'schemaMap',
	items: 'schema',
	additionalItems: 'schema',
	additionalProperties: 'schema',
	unevaluatedItems: 'schema',
	unevaluatedProperties: 'schema',
	contains: 'schema',
	propertyNames: 'schema',
	not: 'schema',
	if: 'schema',
	then: 'schema',
	else: 'schema',
	allOf: 'schemaList',
	anyOf: 'schemaList',
	oneOf: 'schemaList',
	prefixItems: 'schemaList',
	// Validation
	minimum: 'number',
	maximum: 'number',
	exclusiveMinimum: 'number',
	exclusiveMaximum: 'number',
	multipleOf: 'number',
	minLength: 'count',
	maxLength: 'count',
	minItems: 'count',
	maxItems: 'count',
	minProperties: 'count',
	maxProperties: 'count',
	minContains: 'count',
	maxContains: 'count',
	required: 'strings',
	enum: 'array',
	// Checked on their own below, or any value will do.
	type: null,
	pattern: null,
	const: null,
	format: null,
	uniqueItems: null,
	dependentRequired: null,
	dependencies: null,
	// Core and annotations
	$schema: null,
	$id: null,
	$ref: null,
	$anchor: null,
	$dynamicRef: null,
	$dynamicAnchor: null,
	$vocabulary: null,
	$comment: null,
	title: null,
	description: null,
	default: null,
	examples: null,
	deprecated: null,
	readOnly: null,
	writeOnly: null,
	contentEncoding: null,
	contentMediaType: null,
	contentSchema: null
};
const KEYWORDS = Object.keys(RULES);

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => JSON.stringify(value) ?? String(value);
/** As formatPath (scenario/parse.ts) writes a step of a path. */
const key = (path: string, name: string) =>
	/^[A-Za-z_$][\w$-]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

/** Problems of one tool's schema; `path` names it (`…inputSchema`). */
export function schemaProblems(schema: unknown, path: string): SchemaProblem[] {
	const out: SchemaProblem[] = [];
	if (isObject(schema) && schema.type !== 'object')
		out.push({
			path: `${path}.type`,
			message: `A tool's ${path.split('.').at(-1)} describes an object: its type is "object" (the MCP spec; the TypeScript SDK's client refuses a tool with any other).`
		});
	walk(schema, path, out, 0);
	return out;
}

/** Deeper than this is no schema an author wrote by hand: stop rather than recurse forever. */
const MAX_DEPTH = 64;

function walk(schema: unknown, path: string, out: SchemaProblem[], depth: number): void {
	if (typeof schema === 'boolean' || depth > MAX_DEPTH) return;
	if (!isObject(schema)) {
		out.push({ path, message: `A schema is an object or a boolean, not ${show(schema)}.` });
		return;
	}
	for (const [name, value] of Object.entries(schema)) {
		const at = key(path, name);
		if (!Object.hasOwn(RULES, name)) {
			const meant = closestWord(name, KEYWORDS);
			if (meant)
				out.push({ path: at, message: `Unknown keyword "${name}" (did you mean "${meant}"?).` });
			continue;
		}
		const problem = shapeProblem(RULES[name], value, at, out, depth) ?? ownProblem(name, value);
		if (problem) out.push({ path: at, message: problem });
	}
	requiredProblems(schema, path, out);
}

function shapeProblem(
	rule: Rule | null,
	value: unknown,
	at: string,
	out: SchemaProblem[],
	depth: number
): string | undefined {
	switch (rule) {
		case 'schema':
			walk(value, at, out, depth + 1);
			return;
		case 'schemaMap':
			if (!isObject(value)) return `An object of schemas, not ${show(value)}.`;
			for (const [name, inner] of Object.entries(value)) walk(inner, key(at, name), out, depth + 1);
			return;
		case 'schemaList':
			if (!Array.isArray(value) || value.length === 0)
				return `A non-empty array of schemas, not ${show(value)}.`;
			value.forEach((inner, i) => walk(inner, `${at}[${i}]`, out, depth + 1));
			return;
		case 'number':
			return typeof value === 'number' ? undefined : `A number, not ${show(value)}.`;
		case 'count':
			return Number.isInteger(value) && (value as number) >= 0
				? undefined
				: `A whole number of 0 or more, not ${show(value)}.`;
		case 'strings':
			return Array.isArray(value) && value.every((v) => typeof v === 'string')
				? undefined
				: `An array of property names, not ${show(value)}.`;
		case 'array':
			return Array.isArray(value) ? undefined : `An array of values, not ${show(value)}.`;
	}
}

/** The keywords whose value is checked on its own terms. */
function ownProblem(name: string, value: unknown): string | undefined {
	if (name === 'type') {
		const types = Array.isArray(value) ? value : [value];
		if (types.length === 0) return `At least one type: ${TYPES.join(', ')}.`;
		const wrong = types.find((t) => typeof t !== 'string' || !TYPES.includes(t));
		if (wrong !== undefined) {
			const meant = typeof wrong === 'string' ? closestWord(wrong, TYPES) : undefined;
			return `Unknown type ${show(wrong)}${meant ? ` (did you mean "${meant}"?)` : ''}: one of ${TYPES.join(', ')}, or an array of them.`;
		}
	}
	if (name === 'pattern') {
		if (typeof value !== 'string') return `A regular expression as a string, not ${show(value)}.`;
		try {
			new RegExp(value, 'u');
		} catch (error) {
			return `Not a regular expression: ${(error as Error).message}.`;
		}
	}
	if (name === 'uniqueItems' && typeof value !== 'boolean')
		return `true or false, not ${show(value)}.`;
	if (name === 'format' && typeof value !== 'string') return `A format name, not ${show(value)}.`;
}

/**
 * A required name that is not among the properties: JSON Schema allows it, but a near miss of a
 * property, or any name when no other property is allowed, is a typo no argument can satisfy.
 */
function requiredProblems(schema: Record<string, unknown>, path: string, out: SchemaProblem[]) {
	const { required, properties } = schema;
	if (!Array.isArray(required) || !isObject(properties)) return;
	const names = Object.keys(properties);
	required.forEach((name, i) => {
		if (typeof name !== 'string' || Object.hasOwn(properties, name)) return;
		const meant = closestWord(name, names);
		if (!meant && schema.additionalProperties !== false) return;
		out.push({
			path: `${path}.required[${i}]`,
			message: meant
				? `"${name}" is required, but properties has no "${name}" (did you mean "${meant}"?).`
				: `"${name}" is required, but properties has no "${name}" and additionalProperties is false: no arguments can satisfy it.`
		});
	});
}

/**
 * Every tool schema in a scenario (its servers', its plugins', the tools a step adds), each
 * with its path below `root`: any key `inputSchema` or `outputSchema` that is not inside a schema.
 */
export function scenarioSchemaProblems(scenario: unknown, root: string): SchemaProblem[] {
	const out: SchemaProblem[] = [];
	const visit = (value: unknown, path: string) => {
		if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
		else if (isObject(value))
			for (const [name, inner] of Object.entries(value)) {
				const at = key(path, name);
				if ((name === 'inputSchema' || name === 'outputSchema') && inner !== undefined)
					out.push(...schemaProblems(inner, at));
				else visit(inner, at);
			}
	};
	visit(scenario, root);
	return out;
}
