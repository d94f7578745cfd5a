import { describe, expect, it } from 'vitest';
import { breaksProviderLimit } from './provider-limit';

describe('provider limit ^[a-zA-Z0-9_-]{1,64}$', () => {
	it.each(['a', 'mcp__internal-api__search_orders', 'x'.repeat(64), '_', '-', '0'])(
		'accepts %j',
		(name) => {
			expect(breaksProviderLimit(name)).toBeNull();
		}
	);

	it('says an empty name is empty', () => {
		expect(breaksProviderLimit('')).toEqual({
			empty: true,
			length: 0,
			tooLong: false,
			characters: []
		});
	});

	it('says a 65-character name is too long', () => {
		expect(breaksProviderLimit('x'.repeat(65))).toEqual({
			empty: false,
			length: 65,
			tooLong: true,
			characters: []
		});
	});

	it('names each disallowed character once, by code point, in order', () => {
		expect(breaksProviderLimit('mcp.srv.a😀b. c:d/é')).toEqual({
			empty: false,
			length: 18,
			tooLong: false,
			characters: ['.', '😀', ' ', ':', '/', 'é']
		});
	});

	it('counts 64 characters as not too long, even when a character breaks the rule', () => {
		expect(breaksProviderLimit(`.${'x'.repeat(63)}`)).toEqual({
			empty: false,
			length: 64,
			tooLong: false,
			characters: ['.']
		});
	});

	it('gives every reason at once', () => {
		const result = breaksProviderLimit(`${'読'.repeat(70)}`);
		expect(result).toEqual({ empty: false, length: 70, tooLong: true, characters: ['読'] });
	});

	it('rejects a trailing newline (a `$` that allowed one would not)', () => {
		expect(breaksProviderLimit('name\n')?.characters).toEqual(['\n']);
	});
});
