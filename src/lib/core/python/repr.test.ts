import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixtures from './repr.fixtures.json';
import { pyStrRepr, reprCharLength } from './repr';

/** One flag per code point: 1 escaped, 2 unassigned in CPython's Unicode. */
const kind = new Uint8Array(0x110000);
for (const [from, to] of fixtures.escaped) kind.fill(1, from, to + 1);
for (const [from, to] of fixtures.unassigned) kind.fill(2, from, to + 1);

describe('pyStrRepr', () => {
	// scripts/repr-fixtures.py: what CPython 3.11 (Unicode 14) does not print. A code point it
	// leaves unassigned is skipped: the browser's newer Unicode may have assigned it since.
	it('escapes exactly the code points CPython escapes, each as long as reprCharLength says', () => {
		const wrong: string[] = [];
		for (let code = 0; code <= 0x10ffff; code++) {
			if (kind[code] === 2) continue;
			const ch = String.fromCodePoint(code);
			const body = pyStrRepr(ch).slice(1, -1);
			const escaped = body !== ch;
			// A lone `'` is not escaped: Python quotes it with `"`.
			const shouldBe = kind[code] === 1 || ch === '\\';
			if (escaped !== shouldBe || (ch !== "'" && [...body].length !== reprCharLength(ch)))
				wrong.push(code.toString(16));
		}
		expect(wrong).toEqual([]);
	}, 30_000);

	it('picks and escapes quotes as CPython does', () => {
		// CPython's repr(s), printed by repr() once more to show the escapes.
		expect(pyStrRepr(`a'b"`)).toBe(`'a\\'b"'`);
		expect(pyStrRepr(`it's`)).toBe(`"it's"`);
		expect(pyStrRepr('x\\y')).toBe(`'x\\\\y'`);
		expect(pyStrRepr('\u0000\u0085\u2028\ud800\u{f0000} \t')).toBe(
			`'\\x00\\x85\\u2028\\ud800\\U000f0000 \\t'`
		);
	});

	it('reads any string a character at a time, as the plain definition does', () => {
		// The definition, one code point at a time: the one-pass regex must agree with it.
		const plain = (s: string) => {
			const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
			let body = '';
			for (const ch of s)
				body +=
					ch === quote ? `\\${ch}` : ch === '"' || ch === "'" ? ch : pyStrRepr(ch).slice(1, -1);
			return `${quote}${body}${quote}`;
		};
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
				expect(pyStrRepr(s)).toBe(plain(s));
			}),
			{ numRuns: 2_000 }
		);
	});
});
