import { describe, expect, it } from 'vitest';
import { maskDisplayText, maskedJson, maskJsonValue, maskUrl } from './display-mask';

describe('maskUrl', () => {
	it('keeps the host and path, hides the query string, fragment and user info', () => {
		expect(maskUrl('http://127.0.0.1:8787/filesystem/mcp')).toBe(
			'http://127.0.0.1:8787/filesystem/mcp'
		);
		expect(maskUrl('https://api.example.com/mcp?key=abc&team=blue')).toBe(
			'https://api.example.com/mcp?••••'
		);
		expect(maskUrl('https://ada:pw@api.example.com/mcp#token=x')).toBe(
			'https://••••@api.example.com/mcp#••••'
		);
	});
});

describe('maskDisplayText', () => {
	it('hides URL queries inside text, bearer credentials and secret-named values', () => {
		expect(
			maskDisplayText('GET https://x.example/mcp?api_key=123 failed; Authorization: Bearer abc.def')
		).toBe('GET https://x.example/mcp?•••• failed; Authorization: •••• ••••');
		expect(maskDisplayText('sent Bearer abc123')).toBe('sent Bearer ••••');
		expect(maskDisplayText('{"password": "hunter2", "user": "ada"}')).toBe(
			'{"password": "••••", "user": "ada"}'
		);
	});

	it('hides what looks like a token: JWTs, keys and long ids; plain words stay', () => {
		expect(maskDisplayText('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig here')).toBe(
			'token •••• here'
		);
		expect(maskDisplayText('session 3b241101-e2bb-4255-8caf-4136c566a962 open')).toBe(
			'session •••• open'
		);
		expect(maskDisplayText('key sk-abcdefghijklmnop1234 and ghp_abcdefghij1234567890ab')).toBe(
			'key •••• and ••••'
		);
		expect(maskDisplayText('POST tools/call → 200, text/event-stream, mcp-session-id')).toBe(
			'POST tools/call → 200, text/event-stream, mcp-session-id'
		);
		expect(maskDisplayText('internationalization_is_long_but_plain')).toBe(
			'internationalization_is_long_but_plain'
		);
	});
});

describe('maskJsonValue and maskedJson', () => {
	const scenario = {
		mcp_servers: {
			api: {
				type: 'http',
				url: 'https://api.example.com/mcp?key=abc',
				headers: { 'X-Team': 'blue', 'X-Api-Key': 'k-1' },
				live: true
			},
			fs: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { HOME: '/home/ada' } }
		}
	};

	it('hides every header and env value, URL queries and secret-named fields; the shape stays', () => {
		expect(maskJsonValue(scenario)).toEqual({
			mcp_servers: {
				api: {
					type: 'http',
					url: 'https://api.example.com/mcp?••••',
					headers: { 'X-Team': '••••', 'X-Api-Key': '••••' },
					live: true
				},
				fs: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { HOME: '••••' } }
			}
		});
		expect(maskJsonValue({ client_secret: { nested: 1 }, n: 3 })).toEqual({
			client_secret: '••••',
			n: 3
		});
	});

	it('hides whatever a headers or env key holds that is not an object of values', () => {
		expect(
			maskJsonValue({ headers: 'X-Tenant: acme', Env: ['HOME=/home/ada'], HEADERS: { A: 'b' } })
		).toEqual({ headers: '••••', Env: '••••', HEADERS: { A: '••••' } });
	});

	it('masks JSON text as JSON, and shows none of text that does not parse', () => {
		expect(JSON.parse(maskedJson(JSON.stringify(scenario)) ?? '')).toEqual(maskJsonValue(scenario));
		// Half-typed: which value is a header's cannot be told, so nothing of it is shown.
		expect(maskedJson('{ "headers": { "X-Tenant": "acme" } ')).toBeNull();
		expect(maskedJson('')).toBeNull();
	});
});
