/**
 * The harness profiles a scenario may name (embed-api.md's `setProfile` ids). Apart from
 * schema.ts, whose zod schemas a page loads only when it is given a world: setProfile's check
 * (profile-choice.ts, loaded when a host or the world editor switches harness) reads this list
 * without them, and so does the world editor's harness choice.
 */
export const profileIds = [
	'openharness',
	'toolsource',
	'trust',
	'miniharness',
	'contextual'
] as const;
