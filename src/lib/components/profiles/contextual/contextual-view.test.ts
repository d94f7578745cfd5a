import { describe, expect, it } from 'vitest';
import { parseMetadata } from './contextual-view';

describe('the run form metadata box', () => {
	it('takes a JSON object, and an empty box as no metadata', () => {
		expect(parseMetadata('{"request_context": {"region": "eu"}}')).toEqual({
			request_context: { region: 'eu' }
		});
		expect(parseMetadata('  ')).toEqual({});
	});

	it('refuses anything that is not a JSON object', () => {
		for (const text of ['[1]', '"x"', '3', 'null', '{broken'])
			expect(parseMetadata(text), text).toBeNull();
	});
});
