/**
 * Small pieces of Python's str behaviour that the Python hosts' names and messages depend on.
 * Strings are walked by code point, as Python does: an emoji is one character.
 */

/** `s.strip(chars)` / `lstrip` / `rstrip`: drop any of `chars` from the ends. */
export function pyStrip(s: string, chars: string, side: 'both' | 'right' = 'both'): string {
	const list = [...s];
	let start = 0;
	let end = list.length;
	if (side === 'both') while (start < end && chars.includes(list[start])) start++;
	while (end > start && chars.includes(list[end - 1])) end--;
	return list.slice(start, end).join('');
}

/** `repr(s)` for a str, as `{name!r}` prints it in an error message. */
export function pyRepr(s: string): string {
	const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
	let out = '';
	for (const ch of s) {
		if (ch === quote || ch === '\\') out += `\\${ch}`;
		else if (ch === '\n') out += '\\n';
		else if (ch === '\r') out += '\\r';
		else if (ch === '\t') out += '\\t';
		else if (ch !== ' ' && NOT_PRINTABLE.test(ch)) out += escape(ch.codePointAt(0)!);
		else out += ch;
	}
	return `${quote}${out}${quote}`;
}

// str.isprintable(): false for control, format, surrogate, private-use, unassigned and
// separator characters (the ASCII space excepted).
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function escape(cp: number): string {
	if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, '0')}`;
	if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, '0')}`;
	return `\\U${cp.toString(16).padStart(8, '0')}`;
}
