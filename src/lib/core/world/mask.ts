/** Names whose values are never shown: arguments in the journal, fields in server logs. */
export const SECRET_NAME =
	/(token|secret|password|passwd|api[-_]?key|[-_]key$|authorization|^x-auth\b|cookie|credential|signature)/i;

/**
 * Secrets written inline in free text, as servers log them: `Bearer …`, `password=…`,
 * `"api_key": "…"`, and a few well-known token shapes. A mask errs on the side of hiding.
 */
const INLINE: ReadonlyArray<[RegExp, string]> = [
	[/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***'],
	// From the keyword on, its name's start left as it is (`api_token=…` keeps `api_`). A name
	// matched from its start (`\b[\w-]*token`) rescanned the rest of a long run such as `a-a-a-…`
	// (a server's text) at every word start: quadratic, minutes for a megabyte.
	[
		/((?:token|secret|password|passwd|api[-_]?key|authorization|cookie|credential)[\w-]{0,64}"?\s{0,8}[:=]\s{0,8}"?)[^\s"',;&})\]>]+/gi,
		'$1***'
	],
	[/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}/g, '***'],
	[/\bgh[pousr]_[A-Za-z0-9]{20,}/g, '***'],
	[/\bxox[abpr]-[A-Za-z0-9-]{10,}/g, '***'],
	[/\bAKIA[0-9A-Z]{16}\b/g, '***']
];

export function maskText(text: string): string {
	return INLINE.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A copy of a JSON value with secret-named fields and inline secrets masked. */
export function maskSecrets(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return maskText(value);
	// Deeper than any log a person reads; what is left is cut rather than walked.
	if (depth > 8 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [
			k,
			SECRET_NAME.test(k) ? '***' : maskSecrets(v, depth + 1)
		])
	);
}
