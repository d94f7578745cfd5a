import { MASK } from '$lib/core/live/secret-mask';
import { maskText, SECRET_NAME } from '$lib/core/world/mask';

/**
 * "Mask secrets" for screen sharing: what the page shows, never what it keeps. The world already
 * hides the secrets it knows (the token, secret headers); this also hides what only looks
 * secret, erring on the side of hiding: URL query strings and credentials, header and env
 * values, credentials after `Bearer`, secret-named fields and long opaque strings.
 */
export { MASK };

const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>`]+/gi;
/** JWTs, and long runs of letters and digits with both in them (keys, session ids, hashes). */
const TOKEN_LIKE = [
	/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g,
	/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}(?![\w-])/g
];
/** Keys whose every value is a secret in a scenario: request headers and process environment. */
const ALL_VALUES = /^(?:headers|env)$/i;
const MAX_DEPTH = 64;

/** An address with its user info, query string and fragment hidden; the host and path stay. */
export function maskUrl(url: string): string {
	return url
		.replace(/^([a-z][\w+.-]*:\/\/)[^/?#\s]*@/i, `$1${MASK}@`)
		.replace(/\?[^#]*/, `?${MASK}`)
		.replace(/#.*/, `#${MASK}`);
}

/** Free text (a log line, an error, a JSON dump) with everything that looks secret hidden. */
export function maskDisplayText(text: string): string {
	const urls = text.replace(URL_IN_TEXT, (url) => maskUrl(url));
	// The core's inline patterns write `***`; here every hidden part reads the same.
	const inline = maskText(urls).split('***').join(MASK);
	return TOKEN_LIKE.reduce((out, pattern) => out.replace(pattern, MASK), inline);
}

/** A JSON value (a scenario) for display: header and env values, secret-named fields, text. */
export function maskJsonValue(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return maskDisplayText(value);
	if (value === null || typeof value !== 'object') return value;
	if (depth > MAX_DEPTH) return MASK;
	if (Array.isArray(value)) return value.map((v) => maskJsonValue(v, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([key, v]) => {
			if (SECRET_NAME.test(key)) return [key, MASK];
			// Their names stay (what a header is called is what a lab teaches); anything else under
			// such a key (a draft's string or list of headers) is hidden whole.
			if (ALL_VALUES.test(key))
				return [
					key,
					v && typeof v === 'object' && !Array.isArray(v)
						? Object.fromEntries(Object.keys(v).map((name) => [name, MASK]))
						: MASK
				];
			return [key, maskJsonValue(v, depth + 1)];
		})
	);
}

/**
 * JSON text (the world editor's) for display, masked; null when it does not parse. Text that
 * does not parse is not shown at all: masked as text, a header's value that looks like nothing
 * secret (`"X-Tenant": "acme"`) stayed readable, and only the parsed JSON says which values are
 * a header's.
 */
export function maskedJson(text: string): string | null {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	return JSON.stringify(maskJsonValue(value), null, 2);
}
