import { describe, expect, it } from 'vitest';
import { nameBreaks } from './name-breaks';

describe('nameBreaks', () => {
	it('breaks after separators, keeping the pieces in order', () => {
		expect(nameBreaks('create_invoice')).toEqual(['create_', 'invoice']);
		expect(nameBreaks('mcp__internal-api__search_orders')).toEqual([
			'mcp__',
			'internal-',
			'api__',
			'search_',
			'orders'
		]);
		expect(nameBreaks('{"path":"/srv/a.db"}').join('')).toBe('{"path":"/srv/a.db"}');
	});

	it('cuts a stretch without separators every run characters', () => {
		const long = 'a'.repeat(30);
		expect(nameBreaks(long).map((p) => p.length)).toEqual([12, 12, 6]);
		expect(nameBreaks(long, 10).map((p) => p.length)).toEqual([10, 10, 10]);
	});

	it('counts a stretch from the last space, so words in a phrase stay whole', () => {
		// "tools (listC" is 12 characters: the word was cut as listC|hanged on a phone.
		expect(nameBreaks('tools (listChanged), resources (subscribe)')).toEqual([
			'tools ',
			'(listChanged',
			'),',
			' ',
			'resources ',
			'(subscribe)'
		]);
	});

	it('has no piece for nothing', () => {
		expect(nameBreaks('')).toEqual([]);
	});
});
