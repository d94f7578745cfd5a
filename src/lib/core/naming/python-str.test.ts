import { describe, expect, it } from 'vitest';
import { pyRepr, pyStrip } from './python-str';

describe('pyStrip', () => {
	it('strips any of the characters from both ends, or only the right', () => {
		expect(pyStrip('_-a_b-_', '_-')).toBe('a_b');
		expect(pyStrip('_-a_b-_', '_-', 'right')).toBe('_-a_b');
		expect(pyStrip('___', '_')).toBe('');
		expect(pyStrip('😀x😀', '😀')).toBe('x');
	});
});

// Expected values are what CPython 3 prints for repr(s).
describe('pyRepr', () => {
	it.each([
		['search', "'search'"],
		["it's", `"it's"`],
		[`it's "x"`, `'it\\'s "x"'`],
		['a\\b', "'a\\\\b'"],
		['tab\there\n', "'tab\\there\\n'"],
		['\u0007bell', "'\\x07bell'"],
		['\u202eevil', "'\\u202eevil'"],
		['读文件 😀 café', "'读文件 😀 café'"],
		['a\u00a0b', "'a\\xa0b'"]
	])('%j', (text, repr) => {
		expect(pyRepr(text)).toBe(repr);
	});
});
