/** Where a tool sits in the grant editor's two circles. */
export type Region = 'available' | 'both' | 'granted';

export interface VennItem {
	tool: string;
	region: Region;
	granted: boolean;
}

/** The grid column each region is drawn in: the pool in the middle. */
export const COLUMN: Record<Region, number> = { available: 1, both: 2, granted: 3 };

/**
 * Every tool of either circle, once, in a stable order (offered tools first, then names only the
 * grant holds), so ticking a box moves it between circles without replacing it under the focus.
 */
export function vennItems(available: readonly string[], granted: readonly string[]): VennItem[] {
	const grantedSet = new Set(granted);
	const offered = new Set(available);
	return [
		...available.map((tool) => ({
			tool,
			region: grantedSet.has(tool) ? ('both' as const) : ('available' as const),
			granted: grantedSet.has(tool)
		})),
		...granted
			.filter((tool) => !offered.has(tool))
			.map((tool) => ({ tool, region: 'granted' as const, granted: true }))
	];
}
