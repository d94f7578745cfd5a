/** Share-link helpers a page needs at start, apart from the time-travel module (loaded on demand). */

/** The share-link `lab` of a page: the sandbox has none. */
export const linkLab = (labId: string): string | null => (labId === 'sandbox' ? null : labId);

/** The `s=` value of a location hash (`#s=1.abc`); '' when present but empty, null when absent. */
export function shareParam(hash: string): string | null {
	// Codes are base64url behind a format number: nothing in them is percent-encoded.
	return /(?:^#?|&)s=([^&]*)/.exec(hash)?.[1] ?? null;
}
