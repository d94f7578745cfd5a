import { describe, expect, it } from 'vitest';
import { maskSecrets, maskText } from './mask';

describe('masking secrets for display', () => {
	it('masks secret-named fields at any depth, keeping the rest', () => {
		expect(
			maskSecrets({ user: 'ana', apiKey: 'k1', nested: [{ Authorization: 'Bearer x', n: 1 }] })
		).toEqual({ user: 'ana', apiKey: '***', nested: [{ Authorization: '***', n: 1 }] });
	});

	it('takes a name ending in -key or _key, X-Auth and signatures for secret, not an author', () => {
		const fields = {
			'Ocp-Apim-Subscription-Key': 'sub-1',
			private_key: 'pk',
			'X-Auth': 'xa-1',
			'X-Signature': 'sig',
			author: 'Ada',
			keyboard: 'qwerty'
		};
		expect(maskSecrets(fields)).toEqual({
			'Ocp-Apim-Subscription-Key': '***',
			private_key: '***',
			'X-Auth': '***',
			'X-Signature': '***',
			author: 'Ada',
			keyboard: 'qwerty'
		});
	});

	it('masks inline secrets in free text', () => {
		expect(maskText('auth Bearer abc.def-1 ok')).toBe('auth Bearer *** ok');
		expect(maskText('login password=hunter2; user=ana')).toBe('login password=***; user=ana');
		expect(maskText('{"api_key": "k-123", "q": 1}')).toBe('{"api_key": "***", "q": 1}');
		expect(maskText('use sk-abcdefghijklmnopqrstuv now')).toBe('use *** now');
		expect(maskText('ghp_abcdefghijklmnopqrstuvwxyz0123')).toBe('***');
		expect(maskText('nothing to hide here')).toBe('nothing to hide here');
		// The secret ends where its bracket closes: the text around it is kept whole.
		expect(maskText('tickets for ana (api_key=hd-live-8c41)')).toBe(
			'tickets for ana (api_key=***)'
		);
		expect(maskText('[token=abc] <secret=x>')).toBe('[token=***] <secret=***>');
		expect(maskText('x-my_session_token: 9f8e')).toBe('x-my_session_token: ***');
	});

	it('masks a megabyte of a server’s text in one pass (no rescan at every word start)', () => {
		// `a-a-a-…` has a word start every two characters; the old pattern rescanned the rest of
		// the run from each, which took minutes here.
		const run = 'a-'.repeat(500_000);
		expect(maskText(`${run} api_token=abc`)).toBe(`${run} api_token=***`);
	});
});
