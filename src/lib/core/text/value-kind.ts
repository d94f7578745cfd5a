/**
 * The kind of a JSON value, as zod names it in its messages (its `util.parsedType`): "array",
 * "null", "nan" where `typeof` says object or number. Written here: reading `z.core.util` keeps
 * the whole of zod's util namespace in the page's start-up code (2 KiB gzipped, past the embed's
 * budget).
 */
export function kindOf(input: unknown): string {
	if (typeof input === 'number') return Number.isNaN(input) ? 'nan' : 'number';
	if (input === null) return 'null';
	if (Array.isArray(input)) return 'array';
	return typeof input;
}
