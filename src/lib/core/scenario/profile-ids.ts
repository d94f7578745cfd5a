/**
 * The harness profiles a scenario may name (embed-api.md's `setProfile` ids). Apart from
 * schema.ts, whose zod schemas a page loads only when it is given a world: the embed host checks
 * `setProfile` against this list from the start.
 */
export const profileIds = [
	'openharness',
	'toolsource',
	'trust',
	'miniharness',
	'contextual'
] as const;
