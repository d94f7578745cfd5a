/**
 * Whitespace trimming as the Python hosts do it. JavaScript's `trim()` is neither: it removes
 * U+FEFF (which both keep) and keeps U+0085 (which both remove).
 */

/** Python's `str.isspace()` characters: what `str.strip()` with no argument removes. */
const PY_WHITESPACE =
	'\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

/**
 * Unicode's White_Space property: what Rust's `str::trim()` removes, and so pydantic-core when it
 * reads a number from a string (Python's set without the four separators U+001C–U+001F).
 */
const UNICODE_WHITESPACE =
	'\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

function stripOf(set: string): (text: string) => string {
	return (text) => {
		let start = 0;
		let end = text.length;
		// Every character of both sets is in the BMP, so UTF-16 units are code points here.
		while (start < end && set.includes(text[start])) start++;
		while (end > start && set.includes(text[end - 1])) end--;
		return text.slice(start, end);
	};
}

/** `s.strip()`. */
export const pyStripSpace = stripOf(PY_WHITESPACE);

/** Rust's `str::trim()`, as pydantic-core trims a string before reading a number from it. */
export const rustTrim = stripOf(UNICODE_WHITESPACE);
