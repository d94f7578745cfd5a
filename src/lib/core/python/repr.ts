/**
 * Python's repr() of decoded JSON values, as the Python harnesses print them in messages and
 * results (checked against CPython and pydantic-core by the input-model tests).
 */

/**
 * The Python type of a JSON value as the harness decoded it. JSON.parse cannot tell `2.0` from
 * `2`, so a number without a fractional part is taken as an int (an illustration limit).
 */
export function pyTypeName(value: unknown): string {
	if (value === null || value === undefined) return 'NoneType';
	if (typeof value === 'boolean') return 'bool';
	if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
	if (typeof value === 'string') return 'str';
	if (Array.isArray(value)) return 'list';
	return 'dict';
}

/**
 * Python gives up on values nested deeper than its recursion limit (1,000 frames by default)
 * with a RecursionError; the lab does the same instead of overflowing the browser's stack.
 */
export const PY_RECURSION_LIMIT = 1000;

export class PyRecursionError extends Error {
	constructor(doing: string) {
		super(`maximum recursion depth exceeded while ${doing}`);
		this.name = 'RecursionError';
	}
}

/** Python's `repr()` of decoded JSON: ints, floats (`1e-07`, `inf`), strings, lists, dicts. */
export function pyRepr(value: unknown, depth = 0): string {
	if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('getting the repr of an object');
	if (value === null || value === undefined) return 'None';
	if (value === true) return 'True';
	if (value === false) return 'False';
	if (typeof value === 'number')
		return Number.isInteger(value) ? BigInt(value).toString() : pyFloatRepr(value);
	if (typeof value === 'string') return pyStrRepr(value);
	if (Array.isArray(value)) return `[${value.map((v) => pyRepr(v, depth + 1)).join(', ')}]`;
	const entries = Object.entries(value as Record<string, unknown>);
	return `{${entries.map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v, depth + 1)}`).join(', ')}}`;
}

/** `repr(float)`: shortest round-trip digits; exponent form below 1e-4 and from 1e16. */
export function pyFloatRepr(n: number): string {
	if (Number.isNaN(n)) return 'nan';
	if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
	if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
	const [mantissa, exp] = n.toExponential().split('e');
	const exponent = Number(exp);
	if (exponent < -4 || exponent >= 16) {
		const sign = exponent < 0 ? '-' : '+';
		return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
	}
	const text = String(n);
	return text.includes('.') ? text : `${text}.0`;
}

/**
 * What `repr(str)` escapes besides the quotes: the backslash, and every character Python does not
 * print: Unicode's C categories and its Z categories but the space (Zs, Zl, Zp, spelled out: one
 * class is several times faster than `(?! )[\p{Z}]`). One regex pass over the string: a hostile
 * server's 10 MB string in an error message costs milliseconds, not seconds.
 */
const NOT_PRINTED = '\\p{C}\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const ESCAPED = new RegExp(`[\\\\'"${NOT_PRINTED}]`, 'gu');
const ESCAPED_ONE = new RegExp(`^[\\\\${NOT_PRINTED}]$`, 'u');
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

// One replacer per quote, made once: a closure per call is most of the cost of a short string.
const inSingle = (ch: string) =>
	ch === "'" ? "\\'" : ch === '"' ? ch : (NAMED[ch] ?? escapeCode(ch.codePointAt(0)!));
const inDouble = (ch: string) =>
	ch === '"' ? '\\"' : ch === "'" ? ch : (NAMED[ch] ?? escapeCode(ch.codePointAt(0)!));

/** `repr(str)`: quotes as Python picks them; non-printable characters escaped. */
export function pyStrRepr(s: string): string {
	return s.includes("'") && !s.includes('"')
		? `"${s.replace(ESCAPED, inDouble)}"`
		: `'${s.replace(ESCAPED, inSingle)}'`;
}

/** How long `repr` writes one character that is not a quote: 1, or its escape's length. */
export function reprCharLength(ch: string): number {
	if (!ESCAPED_ONE.test(ch)) return 1;
	if (NAMED[ch]) return 2;
	const code = ch.codePointAt(0)!;
	return code < 0x100 ? 4 : code < 0x10000 ? 6 : 10;
}

function escapeCode(code: number): string {
	if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
	if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
	return `\\U${code.toString(16).padStart(8, '0')}`;
}

const utf8 = new TextEncoder();

/**
 * pydantic-core shortens an `input_value` repr of more than 50 UTF-8 bytes to its first 25 and
 * last 24 bytes (whole characters only) around `...`.
 */
export function truncatedRepr(value: unknown): string {
	const repr = pyRepr(value);
	if (utf8.encode(repr).length <= 50) return repr;
	const chars = [...repr];
	let head = '';
	let headBytes = 0;
	for (const ch of chars) {
		const size = utf8.encode(ch).length;
		if (headBytes + size > 25) break;
		head += ch;
		headBytes += size;
	}
	let tail = '';
	let tailBytes = 0;
	for (let i = chars.length - 1; i >= 0; i--) {
		const size = utf8.encode(chars[i]).length;
		if (tailBytes + size > 24) break;
		tail = chars[i] + tail;
		tailBytes += size;
	}
	return `${head}...${tail}`;
}
