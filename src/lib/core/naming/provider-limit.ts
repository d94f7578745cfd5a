/**
 * The tool-name rule several model providers enforce: `^[a-zA-Z0-9_-]{1,64}$`. No host above is
 * obliged to produce such names (OpenHarness has no length cap, ToolSource uses dots), so the lab
 * checks every adapted name against it and says why one would be rejected.
 */
export const PROVIDER_LIMIT = /^[a-zA-Z0-9_-]{1,64}$/;
export const PROVIDER_MAX_LENGTH = 64;

export interface ProviderLimitBreak {
	empty: boolean;
	/** Length in code points (what a reader counts); only ASCII passes, so the unit rarely matters. */
	length: number;
	tooLong: boolean;
	/** Each disallowed character once, in order of first appearance, by code point. */
	characters: string[];
}

/** null when the name fits; otherwise every reason it does not. */
export function breaksProviderLimit(name: string): ProviderLimitBreak | null {
	if (PROVIDER_LIMIT.test(name)) return null;
	const chars = [...name];
	const characters = [...new Set(chars.filter((ch) => !/^[a-zA-Z0-9_-]$/.test(ch)))];
	return {
		empty: chars.length === 0,
		length: chars.length,
		tooLong: chars.length > PROVIDER_MAX_LENGTH,
		characters
	};
}
