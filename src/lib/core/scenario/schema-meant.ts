import type { z } from 'zod';
import { closestWord } from '../text/closest-word';
import { keysAt } from './schema-keys';

/**
 * "Did you mean" for a zod issue: zod names the key or value it refused, never the one it
 * knows, and the reader has to guess it. The word meant, or undefined when none is close:
 * - a key a strict object does not know (`tool` → `tools`), from the keys the schema allows there;
 * - a misspelt word of a closed list (`faild`, `fullauto` → `full_auto`), from the list zod gives;
 * - a discriminated union's unknown kind (`{"do": "kil"}` → `kill`), from its options.
 */
export function meantWord(
	issue: z.core.$ZodIssue,
	schema: z.ZodType,
	data: unknown
): string | undefined {
	if (issue.code === 'unrecognized_keys')
		return issue.keys.length === 1
			? closestWord(issue.keys[0], keysAt(schema, issue.path))
			: undefined;
	// The words a closed list or a discriminated union allowed here.
	const allowed: unknown =
		issue.code === 'invalid_value'
			? issue.values
			: issue.code === 'invalid_union' && 'options' in issue
				? issue.options
				: null;
	const value = valueAt(data, issue.path);
	if (!Array.isArray(allowed) || typeof value !== 'string') return undefined;
	return closestWord(
		value,
		allowed.filter((v): v is string => typeof v === 'string')
	);
}

/**
 * The issue to report first, with its word meant. A misspelt required key (`{"sever": "a"}`)
 * is two issues, and zod lists the missing `server` first ("expected string, received
 * undefined"), which reads as if the key were never written; the unknown key beside it, when
 * it is close to the missing one, says what happened.
 */
export function firstIssue(
	issues: readonly z.core.$ZodIssue[],
	schema: z.ZodType,
	data: unknown
): { issue: z.core.$ZodIssue; meant: string | undefined } {
	const first = issues[0];
	const key = first.path.at(-1);
	const parent = first.path.slice(0, -1);
	if (first.code === 'invalid_type' && typeof key === 'string' && missing(data, parent, key))
		for (const other of issues)
			if (
				other.code === 'unrecognized_keys' &&
				other.keys.length === 1 &&
				samePath(other.path, parent) &&
				closestWord(other.keys[0], [key]) === key
			)
				return { issue: other, meant: key };
	return { issue: first, meant: meantWord(first, schema, data) };
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
	let value = data;
	for (const key of path)
		value =
			value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
	return value;
}

function missing(data: unknown, parent: readonly PropertyKey[], key: string): boolean {
	const object = valueAt(data, parent);
	return !!object && typeof object === 'object' && !Object.hasOwn(object, key);
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
	a.length === b.length && a.every((k, i) => k === b[i]);

/** The guess as the English sentences append it (the page's own words: scenario_problem_meant). */
export const meantText = (meant: string | undefined) =>
	meant ? ` (did you mean "${meant}"?)` : '';
