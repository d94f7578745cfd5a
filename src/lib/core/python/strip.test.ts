import { describe, expect, it } from 'vitest';
import { pyStripSpace, rustTrim } from './strip';

describe('whitespace as the Python hosts trim it', () => {
	it("str.strip(): Python's isspace set, not JavaScript's trim", () => {
		// U+FEFF is not whitespace to Python; U+0085 and the separators U+001C–U+001F are.
		expect(pyStripSpace('\ufeffhi\ufeff')).toBe('\ufeffhi\ufeff');
		expect(pyStripSpace('\x85\x1c hi \x1f\u3000')).toBe('hi');
		expect(pyStripSpace(' \t\n')).toBe('');
		expect(pyStripSpace('a b')).toBe('a b');
	});

	it("pydantic-core's trim (Rust, Unicode White_Space): keeps U+001F, removes U+0085", () => {
		expect(rustTrim('\x1f5')).toBe('\x1f5');
		expect(rustTrim('\x855\u2003')).toBe('5');
		expect(rustTrim('\ufeff5')).toBe('\ufeff5');
	});
});
