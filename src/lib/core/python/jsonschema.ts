/**
 * Python's `jsonschema.validate(instance, schema)` (4.26, Draft 2020-12, no format checker) as
 * the Python MCP SDK calls it on a tool's structured content: the error it raises, chosen by
 * `best_match` and printed by `str(ValidationError)`. Checked against jsonschema itself by
 * jsonschema.test.ts. Keywords it does not know here (`contains`, `if`, `unevaluated*`,
 * `$dynamicRef`) pass, and the schema itself is not checked (`check_schema`): limits of the
 * lab, said where the check is shown.
 */
import {
	isDict,
	isType,
	KEYWORDS,
	leaf,
	type Key,
	type PyValidationError,
	type Walker
} from './jsonschema-keywords';
import { pyPformat } from './pformat';
import { PY_RECURSION_LIMIT, PyRecursionError, pyRepr, pyStrRepr } from './repr';

export type { PyValidationError } from './jsonschema-keywords';

/** The subschema that declares `$anchor: name`, searched depth first. */
function findAnchor(schema: unknown, name: string, depth: number): unknown {
	if (depth > PY_RECURSION_LIMIT || typeof schema !== 'object' || schema === null) return undefined;
	if (isDict(schema) && schema.$anchor === name) return schema;
	for (const inner of Object.values(schema)) {
		const found = findAnchor(inner, name, depth + 1);
		if (found !== undefined) return found;
	}
	return undefined;
}

class Validator implements Walker {
	#depth = 0;
	constructor(readonly root: unknown) {}

	/**
	 * A `$ref` inside this schema: `#`, a JSON pointer or an `$anchor`. Anything else, or a
	 * pointer or anchor the schema lacks, raises what jsonschema's `referencing` raises (no
	 * document is fetched, none is registered).
	 */
	resolve(ref: unknown): unknown {
		if (typeof ref !== 'string' || !ref.startsWith('#'))
			throw new Error(`Unresolvable: ${String(ref)}`);
		const fragment = decodeURIComponent(ref.slice(1));
		const nowhere = (kind: string) =>
			new Error(`${kind}: ${pyStrRepr(fragment)} does not exist within ${pyRepr(this.root)}`);
		if (fragment === '') return this.root;
		if (!fragment.startsWith('/')) {
			const found = findAnchor(this.root, fragment, 0);
			if (found === undefined) throw nowhere('NoSuchAnchor');
			return found;
		}
		let target: unknown = this.root;
		for (const raw of fragment.slice(1).split('/')) {
			const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
			if (Array.isArray(target) && /^\d+$/.test(part)) target = target[Number(part)];
			else if (isDict(target) && Object.hasOwn(target, part)) target = target[part];
			else throw nowhere('PointerToNowhere');
		}
		return target;
	}

	iterErrors(instance: unknown, schema: unknown): PyValidationError[] {
		if (schema === true || !(schema === false || isDict(schema))) return [];
		if (schema === false) {
			const error = leaf(`False schema does not allow ${pyRepr(instance)}`);
			return [{ ...error, validator: null, schema, instance }];
		}
		if (++this.#depth > PY_RECURSION_LIMIT) throw new PyRecursionError('calling a Python object');
		try {
			const errors: PyValidationError[] = [];
			for (const [k, value] of Object.entries(schema)) {
				const keyword = Object.hasOwn(KEYWORDS, k) ? KEYWORDS[k] : undefined;
				if (!keyword) continue;
				for (const error of keyword(this, value, instance, schema)) {
					if (error.validator === undefined) {
						error.validator = k;
						error.schema = schema;
						error.instance = instance;
					}
					if (k !== '$ref') error.schemaPath.unshift(k);
					errors.push(error);
				}
			}
			return errors;
		} finally {
			this.#depth--;
		}
	}

	descend(instance: unknown, schema: unknown, path?: Key, schemaPath?: Key): PyValidationError[] {
		const errors = this.iterErrors(instance, schema);
		for (const error of errors) {
			if (path !== undefined) error.path.unshift(path);
			if (schemaPath !== undefined) error.schemaPath.unshift(schemaPath);
		}
		return errors;
	}

	isValid(instance: unknown, schema: unknown): boolean {
		return this.iterErrors(instance, schema).length === 0;
	}
}

// ---- best_match and str(error) ---------------------------------------------------------------

const WEAK = new Set(['anyOf', 'oneOf']);

function matchesType(error: PyValidationError): boolean {
	if (!isDict(error.schema) || !('type' in error.schema)) return false;
	const expected = error.schema.type;
	const list = Array.isArray(expected) ? expected : [expected];
	return list.some((t) => isType(error.instance, t));
}

/** Python's ordering of two paths (deques of str or int), elementwise, then by length. */
function comparePaths(a: Key[], b: Key[]): number {
	for (let i = 0; i < Math.min(a.length, b.length); i++) {
		if (a[i] === b[i]) continue;
		return a[i] < b[i] ? -1 : 1;
	}
	return a.length - b.length;
}

/** `relevance`: shallower, then the later path, then not weak, then not matching its type. */
function compareRelevance(a: PyValidationError, b: PyValidationError): number {
	if (a.path.length !== b.path.length) return b.path.length - a.path.length;
	const byPath = comparePaths(a.path, b.path);
	if (byPath !== 0) return byPath;
	const weak = (e: PyValidationError) => (e.validator !== null && WEAK.has(e.validator) ? 0 : 1);
	if (weak(a) !== weak(b)) return weak(a) - weak(b);
	return Number(!matchesType(a)) - Number(!matchesType(b));
}

/** `best_match`: the most relevant error, then into anyOf/oneOf context for the least. */
export function bestMatch(errors: PyValidationError[]): PyValidationError | undefined {
	let best = errors[0];
	if (!best) return undefined;
	for (const error of errors) if (compareRelevance(error, best) > 0) best = error;
	while (best.context.length > 0) {
		const ranked = [...best.context].sort(compareRelevance);
		if (ranked.length >= 2 && compareRelevance(ranked[0], ranked[1]) === 0) return best;
		best = ranked[0];
	}
	return best;
}

/** `format_as_index`: `schema['properties']['city']`. */
function asIndex(container: string, indices: Key[]): string {
	if (indices.length === 0) return container;
	return `${container}[${indices.map((i) => (typeof i === 'number' ? String(i) : pyStrRepr(i))).join('][')}]`;
}

/** `str(ValidationError)`: the message, the failing keyword's schema, and the instance. */
export function validationErrorText(error: PyValidationError): string {
	const pretty = (thing: unknown) => pyPformat(thing, 72).replaceAll('\n', '\n    ');
	const validator = error.validator === null ? 'None' : pyStrRepr(error.validator);
	return [
		error.message,
		'',
		`Failed validating ${validator} in ${asIndex('schema', error.schemaPath.slice(0, -1))}:`,
		`    ${pretty(error.schema)}`,
		'',
		`On ${asIndex('instance', error.path)}:`,
		`    ${pretty(error.instance)}`
	].join('\n');
}

/** What `jsonschema.validate` raises, as text; `null` when the instance is valid. */
export function validate(instance: unknown, schema: unknown): string | null {
	const error = bestMatch(new Validator(schema).iterErrors(instance, schema));
	return error ? validationErrorText(error) : null;
}
