import { describe, expect, it } from 'vitest';
import { headerSecrets, MASK, masker } from './secret-mask';

describe('masker', () => {
	const hide = masker(['tok-123456', undefined, '', 'tok-123456-long']);

	it('hides each secret wherever it appears, the longest first', () => {
		expect(hide.text('Bearer tok-123456-long and tok-123456')).toBe(`Bearer ${MASK} and ${MASK}`);
		expect(
			hide.value({
				content: [{ type: 'text', text: 'You sent: Bearer tok-123456' }],
				'tok-123456': 1
			})
		).toEqual({ content: [{ type: 'text', text: `You sent: Bearer ${MASK}` }], [MASK]: 1 });
	});

	it('returns the same value when there is nothing to hide', () => {
		const message = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
		expect(hide.value(message)).toBe(message);
		expect(masker([]).value(message)).toBe(message);
	});

	it('masks an error’s message in place, keeping what it is', () => {
		const error = new TypeError('echo: tok-123456');
		expect(hide.error(error)).toBe(error);
		expect(error).toBeInstanceOf(TypeError);
		expect(error.message).toBe(`echo: ${MASK}`);
	});

	it('finds secrets that JSON escapes, and below any sensible depth', () => {
		const quoted = masker(['a"b\\c']);
		expect(quoted.value({ x: ['say a"b\\c'] })).toEqual({ x: [`say ${MASK}`] });
		let deep: unknown = 'tok-123456';
		for (let i = 0; i < 100; i++) deep = [deep];
		expect(JSON.stringify(hide.value(deep))).not.toContain('tok-123456');
	});
});

describe('headerSecrets', () => {
	it('takes every value of the page’s headers, and the scenario’s secret-named ones', () => {
		expect(headerSecrets({ 'X-Version': '2', Authorization: 'Bearer abc123' }, false)).toEqual([
			'Bearer abc123',
			'abc123'
		]);
		expect(headerSecrets({ 'X-Tenant': 'acme-7' }, true)).toEqual(['acme-7']);
	});

	it('hides a scenario header of any name once its value is 8 characters long', () => {
		expect(
			headerSecrets(
				{ 'X-Tenant': 'acme-prod-9f3k2', 'X-Version': '2026', 'X-Team': 'abcdefg' },
				false
			)
		).toEqual(['acme-prod-9f3k2']);
	});

	it('hides a value as typed and as sent (Headers.set trims it)', () => {
		const secrets = headerSecrets({ 'X-Api-Key': ' sk-live-123 \t' }, false);
		expect(secrets).toEqual([' sk-live-123 \t', 'sk-live-123']);
		const sent = new Headers({ 'X-Api-Key': ' sk-live-123 \t' }).get('X-Api-Key')!;
		expect(masker(secrets).text(`you sent key ${sent}.`)).toBe(`you sent key ${MASK}.`);
		expect(
			masker(headerSecrets({ 'X-Tenant': 'acme-prod-9f3k2' }, false)).text(
				'X-Tenant=acme-prod-9f3k2'
			)
		).toBe(`X-Tenant=${MASK}`);
	});
});
