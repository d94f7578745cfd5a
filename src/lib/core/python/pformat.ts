/**
 * Python's `pprint.pformat(value, width=…, sort_dicts=False)` of decoded JSON, as jsonschema
 * prints a schema and an instance in a validation error (output-check.ts). A port of CPython's
 * `PrettyPrinter._format` with its dict, list and str printers (indent 1, not compact).
 * Lengths are Python's: code points, not UTF-16 units.
 */
import { PY_RECURSION_LIMIT, PyRecursionError, pyRepr, pyStrRepr } from './repr';

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
	// A container's repr is built once from its children's (pprint asks for it at every level).
	const reprs = new Map<object, string>();
	const repr = (v: unknown, depth: number): string => {
		if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('getting the repr of an object');
		if (typeof v !== 'object' || v === null) return pyRepr(v);
		const known = reprs.get(v);
		if (known !== undefined) return known;
		const text = Array.isArray(v)
			? `[${v.map((item) => repr(item, depth + 1)).join(', ')}]`
			: `{${Object.entries(v)
					.map(([k, item]) => `${pyStrRepr(k)}: ${repr(item, depth + 1)}`)
					.join(', ')}}`;
		reprs.set(v, text);
		return text;
	};
	const out: string[] = [];

	const format = (v: unknown, indent: number, allowance: number, level: number): void => {
		const rep = repr(v, level);
		if (pyLen(rep) > width - indent - allowance) {
			if (Array.isArray(v)) return formatList(v, indent, allowance, level + 1);
			if (isDict(v)) return formatDict(v, indent, allowance, level + 1);
			if (typeof v === 'string') return formatStr(v, indent, allowance, level + 1);
		}
		out.push(rep);
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
const LINE = new RegExp(`[^${BREAKS}]*(?:\\r\\n|[${BREAKS}])?`, 'gu');

/**
 * `_pprint_str`'s pieces: each line's repr when it fits, else the line cut after runs of
 * whitespace (`re.findall(r'\S*\s*', line)`) into reprs that fit. A piece's repr length is kept
 * by counting (a repr per candidate, as CPython does, is quadratic on a long hostile string).
 */
function strChunks(s: string, maxWidth: number, allowance: number): string[] {
	const lines = (s.match(LINE) ?? []).filter((line) => line !== '');
	const chunks: string[] = [];
	lines.forEach((line, i) => {
		const lastLine = i === lines.length - 1;
		const maxWidth1 = lastLine ? maxWidth - allowance : maxWidth;
		if (reprLength(ReprCount.of(line)) <= maxWidth1) {
			chunks.push(pyStrRepr(line));
			return;
		}
		const parts = line.match(/\S*\s*/gu)!.filter((part) => part !== '');
		let current = '';
		let count = new ReprCount();
		parts.forEach((part, j) => {
			const limit = j === parts.length - 1 && lastLine ? maxWidth - allowance : maxWidth;
			const partCount = ReprCount.of(part);
			const candidate = count.plus(partCount);
			if (reprLength(candidate) > limit) {
				if (current) chunks.push(pyStrRepr(current));
				current = part;
				count = partCount;
			} else {
				current += part;
				count = candidate;
			}
		});
		if (current) chunks.push(pyStrRepr(current));
	});
	return chunks;
}

/** What `len(repr(s))` depends on: escaped length without quote escapes, and the quotes in it. */
class ReprCount {
	constructor(
		readonly body = 0,
		readonly singles = 0,
		readonly doubles = 0
	) {}

	static of(s: string): ReprCount {
		let body = 0;
		let singles = 0;
		let doubles = 0;
		for (const ch of s) {
			const code = ch.charCodeAt(0);
			if (ch === "'") singles++;
			else if (ch === '"') doubles++;
			// A quote is 1 or 2 long depending on the quote picked: counted apart.
			else if (code >= 0x20 && code < 0x7f && ch !== '\\') body++;
			else body += pyLen(pyStrRepr(ch)) - 2;
		}
		return new ReprCount(body, singles, doubles);
	}

	plus(other: ReprCount): ReprCount {
		return new ReprCount(
			this.body + other.body,
			this.singles + other.singles,
			this.doubles + other.doubles
		);
	}
}

/** `len(repr(s))`: Python quotes with `"` only when `'` is in it and `"` is not. */
function reprLength(c: ReprCount): number {
	const doubleQuoted = c.singles > 0 && c.doubles === 0;
	return c.body + c.singles + c.doubles + (doubleQuoted ? 0 : c.singles) + 2;
}
