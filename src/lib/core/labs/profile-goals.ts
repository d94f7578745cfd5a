import type { ProfileGoal } from './lab-schema';

/** The value at a dotted path (`connectors.github.state`); array indexes are numbers. */
export function valueAt(root: unknown, path: string): unknown {
	let value = root;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the profile's view meets the goal; every condition given must hold. `some` picks an
 * entry by what it holds rather than by its id, which depends on how many calls a learner made.
 */
export function profileMet(goal: ProfileGoal, view: unknown): boolean {
	const value = valueAt(view, goal.path);
	if (value === undefined) return false;
	if ('some' in goal && goal.some !== undefined) {
		const want = Object.entries(goal.some);
		const entries = Array.isArray(value)
			? value
			: value && typeof value === 'object'
				? Object.values(value)
				: [];
		const fits = (entry: unknown) =>
			entry !== null &&
			typeof entry === 'object' &&
			want.every(
				([key, expected]) =>
					Object.hasOwn(entry, key) && same((entry as Record<string, unknown>)[key], expected)
			);
		if (!entries.some(fits)) return false;
	}
	if ('equals' in goal && !same(value, goal.equals)) return false;
	if ('includes' in goal) {
		const ok =
			typeof value === 'string'
				? typeof goal.includes === 'string' && value.includes(goal.includes)
				: Array.isArray(value) && value.some((v) => same(v, goal.includes));
		if (!ok) return false;
	}
	if (goal.count !== undefined) {
		const n = Array.isArray(value)
			? value.length
			: value && typeof value === 'object'
				? Object.keys(value).length
				: -1;
		if (n !== goal.count) return false;
	}
	return true;
}
