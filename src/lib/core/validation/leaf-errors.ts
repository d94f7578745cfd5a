import type { OutputUnit } from '@cfworker/json-schema';

/**
 * cfworker reports each failing keyword and every keyword above it (`properties`, `items`…):
 * the innermost ones say what is wrong; the rest repeat "does not match schema" on the way up.
 */
export function leafErrors(errors: readonly OutputUnit[]): OutputUnit[] {
	const leaves = errors.filter(
		(e) => !['properties', 'items', 'allOf', 'false'].includes(e.keyword)
	);
	return leaves.length ? leaves : [...errors];
}
