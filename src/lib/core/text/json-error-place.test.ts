import { describe, expect, it } from 'vitest';
import { engineWords, jsonErrorPlace } from './json-error-place';

describe('where JSON.parse says a text broke', () => {
	it('reads V8’s position, counting the column in code points', () => {
		expect(jsonErrorPlace('["😀", x]', 'Unexpected token at position 7')).toEqual({
			offset: 7,
			line: 1,
			column: 7
		});
		expect(jsonErrorPlace('{\n  a: 1}', 'Expected property name in JSON at position 4')).toEqual({
			offset: 4,
			line: 2,
			column: 3
		});
	});

	it('reads Firefox’s line and column', () => {
		expect(
			jsonErrorPlace('{\n  "a": 1\n  "b": 2\n}', "Expected ',' at line 3 column 3 of the JSON data")
		).toEqual({ offset: 13, line: 3, column: 3 });
	});

	it('never takes a place from the text V8 quotes', () => {
		const message =
			'Unexpected token \'x\', "{"at position 3 line 1 column 9": x}" is not valid JSON';
		expect(engineWords(message)).toBe("Unexpected token 'x'");
		expect(jsonErrorPlace('{"at position 3 line 1 column 9": x}', message)).toBeNull();
	});
});
