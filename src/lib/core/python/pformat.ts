/**
 * Python's `pprint.pformat(value, width=…, sort_dicts=False)` of decoded JSON, as jsonschema
 * prints a schema and an instance in a validation error (output-check.ts). A port of CPython's
 * `PrettyPrinter._format` with its dict, list and str printers (indent 1, not compact).
 * Lengths are Python's: code points, not UTF-16 units.
 */
import { PY_RECURSION_LIMIT, PyRecursionError, pyRepr, pyStrRepr, reprCharLength } from './repr';

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `len(s)`: code points. */
export function pyLen(s: string): number {
	let pairs = 0;
	for (let i = 0; i < s.length; i++) {
		const unit = s.charCodeAt(i);
		if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
			const next = s.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) pairs++;
		}
	}
	return s.length - pairs;
}

export function pyPformat(value: unknown, width = 80): string {
	// pprint asks for a value's repr at every level to see whether it fits; only its length
	// matters until it does, so lengths are counted (once per container) and a repr is built
	// only for what fits. A 10 MB string is never copied into a repr just to be measured.
	const lengths = new Map<object, number>();
	const reprLength = (v: unknown, depth: number): number => {
		if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('getting the repr of an object');
		if (typeof v === 'string') return strReprLength(v);
		if (typeof v !== 'object' || v === null) return pyRepr(v).length;
		const known = lengths.get(v);
		if (known !== undefined) return known;
		// The brackets, and `, ` between items; `: ` after each key.
		let length = 2;
		if (Array.isArray(v)) {
			for (const item of v) length += reprLength(item, depth + 1) + 2;
			if (v.length) length -= 2;
		} else {
			const entries = Object.entries(v);
			for (const [k, item] of entries)
				length += strReprLength(k) + 2 + reprLength(item, depth + 1) + 2;
			if (entries.length) length -= 2;
		}
		lengths.set(v, length);
		return length;
	};
	const out: string[] = [];

	const format = (v: unknown, indent: number, allowance: number, level: number): void => {
		if (reprLength(v, level) > width - indent - allowance) {
			if (Array.isArray(v)) return formatList(v, indent, allowance, level + 1);
			if (isDict(v)) return formatDict(v, indent, allowance, level + 1);
			if (typeof v === 'string') return formatStr(v, indent, allowance, level + 1);
		}
		out.push(pyRepr(v, level));
	};

	const formatDict = (v: Dict, indent: number, allowance: number, level: number): void => {
		out.push('{');
		const entries = Object.entries(v);
		const inner = indent + 1;
		entries.forEach(([key, item], i) => {
			const last = i === entries.length - 1;
			const rep = pyStrRepr(key);
			out.push(rep, ': ');
			format(item, inner + pyLen(rep) + 2, last ? allowance + 1 : 1, level);
			if (!last) out.push(`,\n${' '.repeat(inner)}`);
		});
		out.push('}');
	};

	const formatList = (v: unknown[], indent: number, allowance: number, level: number): void => {
		out.push('[');
		const inner = indent + 1;
		v.forEach((item, i) => {
			if (i > 0) out.push(`,\n${' '.repeat(inner)}`);
			format(item, inner, i === v.length - 1 ? allowance + 1 : 1, level);
		});
		out.push(']');
	};

	const formatStr = (s: string, indent: number, allowance: number, level: number): void => {
		if (s.length === 0) {
			out.push(pyStrRepr(s));
			return;
		}
		if (level === 1) {
			indent += 1;
			allowance += 1;
		}
		const chunks = strChunks(s, width - indent, allowance);
		if (chunks.length === 1) {
			out.push(chunks[0]);
			return;
		}
		if (level === 1) out.push('(');
		out.push(chunks.join(`\n${' '.repeat(indent)}`));
		if (level === 1) out.push(')');
	};

	format(value, 0, 0, 0);
	return out.join('');
}

/** `str.splitlines(True)`: Python's line boundaries (file separators included), each kept. */
const BREAKS = '\\n\\r\\v\\f\\x1c\\x1d\\x1e\\x85\\u2028\\u2029';
// Without the `u` flag (every break is one UTF-16 unit, so pairs never split): several times faster.
const LINE = new RegExp(`[^${BREAKS}]*(?:\\r\\n|[${BREAKS}])?`, 'g');

/**
 * `_pprint_str`'s pieces: each line's repr when it fits, else the line cut after runs of
 * whitespace (`re.findall(r'\S*\s*', line)`) into reprs that fit. A piece's repr length is kept
 * by counting (a repr per candidate, as CPython does, is quadratic on a long hostile string), and
 * pieces are index ranges, not strings: a 10 MB line of short words stays linear and cheap.
 */
function strChunks(s: string, maxWidth: number, allowance: number): string[] {
	const lines = (s.match(LINE) ?? []).filter((line) => line !== '');
	const chunks: string[] = [];
	const line_ = new ReprCount();
	const current = new ReprCount();
	const part = new ReprCount();
	lines.forEach((line, i) => {
		const lastLine = i === lines.length - 1;
		const maxWidth1 = lastLine ? maxWidth - allowance : maxWidth;
		if (line_.reset().add(line, 0, line.length).length() <= maxWidth1) {
			chunks.push(pyStrRepr(line));
			return;
		}
		const parts = PART;
		let start = 0;
		let end = 0;
		current.reset();
		while (end < line.length) {
			parts.lastIndex = end;
			const partEnd = end + parts.exec(line)![0].length;
			const limit = partEnd === line.length && lastLine ? maxWidth - allowance : maxWidth;
			part.reset().add(line, end, partEnd);
			if (current.lengthWith(part) > limit) {
				if (end > start) chunks.push(pyStrRepr(line.slice(start, end)));
				start = end;
				current.reset();
			}
			current.addCount(part);
			end = partEnd;
		}
		if (end > start) chunks.push(pyStrRepr(line.slice(start, end)));
	});
	return chunks;
}

/**
 * `\S*\s*` as Python's `re` reads it: its `\s` is `str.isspace()` (the file separators and U+0085
 * are spaces, U+FEFF is not), which JavaScript's `\s` is not. Every space is one UTF-16 unit.
 */
const SPACE =
	'\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PART = new RegExp(`[^${SPACE}]*[${SPACE}]*`, 'g');

/** `len(repr(s))`, counted without building the repr. */
function strReprLength(s: string): number {
	return new ReprCount().add(s, 0, s.length).length();
}

/** Each BMP character's repr length, once looked up (0: not yet). */
const bmpReprLength = new Uint8Array(0x10000);

/** What `len(repr(s))` depends on: escaped length without quote escapes, and the quotes in it. */
class ReprCount {
	body = 0;
	singles = 0;
	doubles = 0;

	reset(): this {
		this.body = this.singles = this.doubles = 0;
		return this;
	}

	/** Counts `s[from:to]` in (UTF-16 indices on code point boundaries). */
	add(s: string, from: number, to: number): this {
		for (let i = from; i < to; i++) {
			const unit = s.charCodeAt(i);
			if (unit === 0x27) this.singles++;
			else if (unit === 0x22) this.doubles++;
			// A quote is 1 or 2 long depending on the quote picked: counted apart.
			else if (unit >= 0x20 && unit < 0x7f && unit !== 0x5c) this.body++;
			else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < to && isLow(s.charCodeAt(i + 1))) {
				this.body += reprCharLength(s.slice(i, i + 2));
				i++;
			} else this.body += bmpReprLength[unit] || (bmpReprLength[unit] = reprCharLength(s[i]));
		}
		return this;
	}

	addCount(other: ReprCount): void {
		this.body += other.body;
		this.singles += other.singles;
		this.doubles += other.doubles;
	}

	length(): number {
		return reprLength(this.body, this.singles, this.doubles);
	}

	lengthWith(other: ReprCount): number {
		return reprLength(
			this.body + other.body,
			this.singles + other.singles,
			this.doubles + other.doubles
		);
	}
}

const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** `len(repr(s))`: Python quotes with `"` only when `'` is in it and `"` is not. */
function reprLength(body: number, singles: number, doubles: number): number {
	const doubleQuoted = singles > 0 && doubles === 0;
	return body + singles + doubles + (doubleQuoted ? 0 : singles) + 2;
}
