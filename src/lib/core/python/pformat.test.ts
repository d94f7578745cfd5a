import { describe, expect, it } from 'vitest';
import fixtures from './pformat.fixtures.json';
import stringFixtures from './pformat-strings.fixtures.json';
import { pyLen, pyPformat } from './pformat';

// Written by CPython 3.11's pprint.pformat(value, width=…, sort_dicts=False).
describe('pyPformat', () => {
	it.each(fixtures.map((f, i) => [i, f] as const))('prints case %i as CPython does', (_, f) => {
		expect(pyPformat(f.value, f.width)).toBe(f.expected);
	});

	// scripts/pformat-fixtures.py: quotes, backslashes, every line break and space Python knows
	// (U+001C–U+001F and U+0085 are spaces to its `re`, U+FEFF is not), bidi and zero-width
	// controls, private-use, astral and lone surrogate characters.
	it.each(stringFixtures.map((f, i) => [i, f] as const))(
		'prints hostile string case %i as CPython does',
		(_, f) => {
			expect(pyPformat(f.value, f.width)).toBe(f.expected);
		}
	);

	it('wraps a dict one item a line, values aligned after their keys', () => {
		expect(pyPformat({ city: 'Lisbon', forecast: [{ day: 'mon', high: 22.5 }] }, 30)).toBe(
			"{'city': 'Lisbon',\n 'forecast': [{'day': 'mon',\n               'high': 22.5}]}"
		);
	});

	it('counts code points, not UTF-16 units', () => {
		expect(pyLen('😀a')).toBe(2);
		// 72 code points fit on one line (136 UTF-16 units); CPython prints it so.
		expect(pyPformat(['😀'.repeat(32), '😀'.repeat(32)], 72)).toBe(
			`['${'😀'.repeat(32)}', '${'😀'.repeat(32)}']`
		);
	});

	it('cuts a long hostile string in linear time', () => {
		const long = 'word '.repeat(400_000);
		const text = pyPformat({ s: long }, 72);
		// CPython prints this in 33,334 lines (checked with pprint).
		expect(text.split('\n')).toHaveLength(33_334);
	});

	it('prints a 10 MB word, and a megabyte of short lines or of short words', () => {
		// Lengths and line counts as CPython prints them (checked with pprint).
		expect(pyPformat({ a: 'x'.repeat(10_000_000) }, 72)).toHaveLength(10_000_009);
		expect(pyPformat('ab cdé\n'.repeat(100_000), 72).split('\n')).toHaveLength(100_000);
		expect(pyPformat('ab cd '.repeat(160_000), 72).split('\n')).toHaveLength(13_914);
	}, 30_000);
});
