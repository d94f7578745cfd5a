import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../scenario/schema';
import {
	aboutServer,
	asciiRefusal,
	protocolRefusal,
	definitionError,
	resolveBindings,
	runHeaders,
	secretNames,
	secretValues,
	shownHeaders,
	sortedJson,
	supportedSource
} from './headers';

const alice = { user_id: 'u-alice', tenant_id: 'acme' };
const http = (headers: Record<string, string> = {}, url = 'https://kb.example.com/mcp') =>
	({ type: 'http', url, headers }) as ServerConfig;

describe('run headers (a13n ContextualMCP)', () => {
	it('resolves each binding once from the run: identity claim, run id, thread id, metadata key', () => {
		const resolved = resolveBindings(
			{
				'X-User-ID': { source: 'identity.user_id', required: true },
				'X-Run-ID': { source: 'context.run_id', required: true },
				'X-Thread-ID': { source: 'context.thread_id', required: true },
				'X-Region': { source: 'context.metadata.region', required: true }
			},
			{ identity: alice, run_id: 'run-1', thread_id: 't-9', metadata: { region: 'eu' } }
		);
		expect(resolved).toEqual({
			ok: true,
			headers: {
				'X-User-ID': 'u-alice',
				'X-Run-ID': 'run-1',
				'X-Thread-ID': 't-9',
				'X-Region': 'eu'
			}
		});
	});

	it('fails the run when a required value is missing, naming the source as Python prints it', () => {
		expect(
			resolveBindings(
				{ 'X-User-ID': { source: 'identity.user_id', required: true } },
				{
					identity: { tenant_id: 'acme' }
				}
			)
		).toEqual({
			ok: false,
			error: "Required MCP context header source 'identity.user_id' is missing."
		});
		// null counts as missing, as Python's None does.
		expect(
			resolveBindings(
				{ 'X-Run-ID': { source: 'context.metadata.ticket', required: true } },
				{
					identity: alice,
					metadata: { ticket: null }
				}
			)
		).toEqual({
			ok: false,
			error: "Required MCP context header source 'context.metadata.ticket' is missing."
		});
	});

	it('omits an optional header whose value is missing', () => {
		expect(
			resolveBindings(
				{
					'X-User-ID': { source: 'identity.user_id', required: true },
					'X-Thread-ID': { source: 'context.thread_id', required: false }
				},
				{ identity: alice }
			)
		).toEqual({ ok: true, headers: { 'X-User-ID': 'u-alice' } });
	});

	it('sends a non-string value as compact JSON with sorted keys', () => {
		const context = {
			identity: { ...alice, level: 3, admin: false },
			metadata: {
				request_context: { region: 'us-east', labels: ['interactive'], b: { z: 1, a: 2 } }
			}
		};
		expect(
			resolveBindings(
				{
					'X-Request-Context': { source: 'context.metadata.request_context', required: true },
					'X-Level': { source: 'identity.level', required: true },
					'X-Admin': { source: 'identity.admin', required: true }
				},
				context
			)
		).toEqual({
			ok: true,
			headers: {
				'X-Request-Context': '{"b":{"a":2,"z":1},"labels":["interactive"],"region":"us-east"}',
				'X-Level': '3',
				'X-Admin': 'false'
			}
		});
		expect(sortedJson([{ b: 1, a: [{ d: 1, c: 2 }] }])).toBe('[{"a":[{"c":2,"d":1}],"b":1}]');
		// Keys sort as strings, as Python's sort_keys does, even where JavaScript puts
		// integer-like keys first.
		expect(sortedJson({ b: 1, '10': 2, '2': 3 })).toBe('{"10":2,"2":3,"b":1}');
		// By code point: an astral character sorts after U+FFxx (UTF-16 order would put it first).
		expect(sortedJson({ '\uff21': 1, '\u{1f600}': 2 })).toBe('{"\uff21":1,"\u{1f600}":2}');
	});

	it('refuses a bound header that overlaps a static one, whatever the case', () => {
		expect(
			runHeaders(
				{ 'X-Tenant-ID': 'acme' },
				{ 'x-tenant-id': { source: 'identity.tenant_id', required: true } },
				{ identity: alice }
			)
		).toEqual({
			ok: false,
			error: 'Static and resolved MCP header names must not overlap case-insensitively.'
		});
	});

	it('merges static headers first, then the resolved ones', () => {
		expect(
			runHeaders(
				{ 'X-Application': 'support' },
				{ 'X-User-ID': { source: 'identity.user_id', required: true } },
				{ identity: alice }
			)
		).toEqual({ ok: true, headers: { 'X-Application': 'support', 'X-User-ID': 'u-alice' } });
	});

	it('looks a missing value up before the overlap (the factory runs first)', () => {
		expect(
			runHeaders(
				{ 'X-User-ID': 'static' },
				{ 'X-User-ID': { source: 'identity.user_id', required: true } },
				{ identity: {} }
			)
		).toEqual({
			ok: false,
			error: "Required MCP context header source 'identity.user_id' is missing."
		});
	});

	it('hides the values of headers whose name says secret, and of bindings marked secret', () => {
		const headers = {
			Authorization: 'Bearer sk-1',
			'X-Api-Key': 'k',
			'X-User-ID': 'u-alice',
			'X-Session': 's-9'
		};
		const secret = secretNames(headers, {
			'x-session': { source: 'identity.session', required: true, secret: true },
			'X-User-ID': { source: 'identity.user_id', required: true }
		});
		expect([...secret]).toEqual(['authorization', 'x-api-key']);
		const flagged = secretNames(headers, {
			'X-Session': { source: 'identity.session', required: true, secret: true }
		});
		expect(shownHeaders(headers, flagged)).toEqual({
			Authorization: '••••',
			'X-Api-Key': '••••',
			'X-User-ID': 'u-alice',
			'X-Session': '••••'
		});
		// The values to hide inside other text: a bearer credential on its own too.
		expect(secretValues(headers, flagged)).toEqual(['Bearer sk-1', 'sk-1', 'k', 's-9']);
	});
});

describe('header values httpx cannot send (not ASCII)', () => {
	// Each expected text is what Python 3 printed for `value.encode("ascii")` on the same value.
	const refused = (value: string) => asciiRefusal({ 'X-App': 'support', 'X-User': value });

	it("is Python's UnicodeEncodeError text, positions counted in code points", () => {
		expect(refused('José')).toEqual({
			header: 'X-User',
			error:
				"'ascii' codec can't encode character '\\xe9' in position 3: ordinal not in range(128)",
			part: 'value'
		});
		expect(refused('中')?.error).toBe(
			"'ascii' codec can't encode character '\\u4e2d' in position 0: ordinal not in range(128)"
		);
		// Beyond the BMP: one code point (two UTF-16 units) and counted as one.
		expect(refused('a😀b')?.error).toBe(
			"'ascii' codec can't encode character '\\U0001f600' in position 1: ordinal not in range(128)"
		);
	});

	it('names the run of characters the codec stops at, not every one', () => {
		expect(refused('张三 li')?.error).toBe(
			"'ascii' codec can't encode characters in position 0-1: ordinal not in range(128)"
		);
		expect(refused('abé中cé')?.error).toBe(
			"'ascii' codec can't encode characters in position 2-3: ordinal not in range(128)"
		);
	});

	it('applies to a claim sent as JSON too: a13n keeps the characters (ensure_ascii=False)', () => {
		const value = sortedJson({ name: 'José', id: 1 });
		expect(value).toBe('{"id":1,"name":"José"}');
		expect(refused(value)?.error).toBe(
			"'ascii' codec can't encode character '\\xe9' in position 19: ordinal not in range(128)"
		);
	});

	it('passes ASCII, DEL included, and stops at the first header that fails', () => {
		expect(refused('u-alice \u007f~')).toBeNull();
		expect(asciiRefusal({ A: 'é', B: '中' })).toMatchObject({ header: 'A' });
	});

	it('applies to names too, each name before its value (httpx encodes both)', () => {
		// An audit: a bound header named X-Usér was sent.
		expect(asciiRefusal({ 'X-App': 'é', 'X-Usér': 'u' })).toMatchObject({ header: 'X-App' });
		expect(asciiRefusal({ 'X-Usér': 'José' })).toEqual({
			header: 'X-Usér',
			error:
				"'ascii' codec can't encode character '\\xe9' in position 4: ordinal not in range(128)",
			part: 'name'
		});
	});
});

describe('headers HTTP cannot carry (h11, when the first request goes out)', () => {
	const none = new Set<string>();

	it("refuses a name that is not a token, with h11's text and the bytes' repr", () => {
		expect(protocolRefusal({ 'X-App': 'a', 'X U': 'u' }, none)).toEqual({
			header: 'X U',
			error: "Illegal header name b'X U'",
			part: 'name'
		});
		expect(protocolRefusal({ "X'Q": 'u' }, none)).toBeNull();
		expect(protocolRefusal({ 'X:Q': 'u' }, none)?.error).toBe("Illegal header name b'X:Q'");
	});

	it('refuses a line break (no header injection), a NUL, and whitespace at either end', () => {
		// An audit: 'u\r\nX-Evil: 1' was sent as one header's value.
		expect(protocolRefusal({ 'X-U': 'u\r\nX-Evil: 1' }, none)).toEqual({
			header: 'X-U',
			error: "Illegal header value b'u\\r\\nX-Evil: 1'",
			part: 'value'
		});
		expect(protocolRefusal({ 'X-U': 'a\x00b' }, none)?.error).toBe(
			"Illegal header value b'a\\x00b'"
		);
		expect(protocolRefusal({ 'X-U': 'u ' }, none)?.error).toBe("Illegal header value b'u '");
		expect(protocolRefusal({ 'X-U': '\tu' }, none)?.error).toBe("Illegal header value b'\\tu'");
		// The quotes as Python's repr picks them.
		expect(protocolRefusal({ 'X-U': "it's\n" }, none)?.error).toBe(
			'Illegal header value b"it\'s\\n"'
		);
	});

	it('passes inner spaces and tabs, control characters h11 allows, and an empty value', () => {
		expect(protocolRefusal({ A: 'a b\tc', B: '', C: 'x\x01y', D: '{"a":1}' }, none)).toBeNull();
	});

	it("hides a secret header's value where Python would print it", () => {
		expect(
			protocolRefusal({ Authorization: 'Bearer sk-1\n' }, new Set(['authorization']))?.error
		).toBe('Illegal header value ••••');
	});
});

describe('ContextualMCP definitions', () => {
	it('accepts an http(s) URL server with supported bindings', () => {
		expect(
			definitionError('kb', http({ 'X-App': 'a' }), {
				headers: { 'X-User-ID': { source: 'identity.user_id', required: true } }
			})
		).toBeNull();
		expect(definitionError('kb', http({}, 'http://localhost:3000/mcp'), undefined)).toBeNull();
	});

	it('refuses a stdio server (no URL) and a ws one (not HTTP(S))', () => {
		const stdio = { type: 'stdio', command: 'files-mcp', args: [] } as ServerConfig;
		expect(definitionError('files', stdio, undefined)).toBe(
			'Contextual MCP url must be a non-blank string.'
		);
		const ws = { type: 'ws', url: 'wss://rt.example.com/mcp', headers: {} } as ServerConfig;
		expect(definitionError('rt', ws, undefined)).toBe('Contextual MCP url must be an HTTP(S) URL.');
		expect(definitionError('x', http({}, 'https:///nohost'), undefined)).toBe(
			'Contextual MCP url must be an HTTP(S) URL.'
		);
		expect(aboutServer('rt', 'Contextual MCP url must be an HTTP(S) URL.')).toBe(
			"ContextualMCP 'rt': Contextual MCP url must be an HTTP(S) URL."
		);
	});

	it("refuses an id with ':' (a plugin's server) or a blank one", () => {
		expect(definitionError('tools:kb', http(), undefined)).toBe(
			"Contextual MCP id must be a non-blank string without ':'."
		);
		expect(definitionError(' ', http(), undefined)).toBe(
			"Contextual MCP id must be a non-blank string without ':'."
		);
		// Blank as Python's strip() sees it: U+001F is whitespace there, U+FEFF is not.
		expect(definitionError('\x1f', http(), undefined)).toBe(
			"Contextual MCP id must be a non-blank string without ':'."
		);
		expect(definitionError('\ufeff', http(), undefined)).toBeNull();
	});

	it('refuses a blank static header name, with the TypeError text of the source', () => {
		// An audit: a blank name was sent as a header.
		for (const name of ['', ' '])
			expect(definitionError('kb', http({ [name]: 'v' }), undefined)).toBe(
				'MCP static headers must map non-blank strings to strings'
			);
	});

	it('checks in the order Python meets them: bindings, their names, URL and id, static headers', () => {
		const bogus = { source: 'bogus', required: true };
		const user = { source: 'identity.user_id', required: true };
		// Every binding is built (its source checked) before their config checks the names.
		expect(definitionError('kb', http(), { headers: { ' ': user, X: bogus } })).toBe(
			'MCP context header source is unsupported.'
		);
		// The config's loop: each name blank, then seen before.
		expect(definitionError('kb', http(), { headers: { A: user, a: user, ' ': user } })).toBe(
			'MCP context header names must be unique case-insensitively.'
		);
		// Both are arguments of ContextualMCP(...), so they fail before its URL check.
		expect(definitionError('kb', http({}, 'ftp://x'), { headers: { X: bogus } })).toBe(
			'MCP context header source is unsupported.'
		);
		expect(definitionError('kb', http({ ' ': 'v' }, 'ftp://x'), undefined)).toBe(
			'Contextual MCP url must be an HTTP(S) URL.'
		);
		// casefold, not lower case: ß folds to ss.
		expect(definitionError('kb', http({ Straße: '1', STRASSE: '2' }), undefined)).toBe(
			'MCP static header names must be unique case-insensitively.'
		);
	});

	it('reads a URL as urlsplit does: leading spaces and controls dropped, tabs and line breaks removed', () => {
		expect(definitionError('kb', http({}, ' https://kb.example/mcp'), undefined)).toBeNull();
		expect(definitionError('kb', http({}, 'ht\ttps://kb.example/mcp'), undefined)).toBeNull();
	});

	it('refuses unsupported sources and bound names that repeat case-insensitively', () => {
		expect(
			definitionError('kb', http(), {
				headers: { 'X-Env': { source: 'context.env', required: true } }
			})
		).toBe('MCP context header source is unsupported.');
		expect(
			definitionError('kb', http(), {
				headers: {
					'X-User': { source: 'identity.user_id', required: true },
					'x-user': { source: 'identity.subject', required: true }
				}
			})
		).toBe('MCP context header names must be unique case-insensitively.');
		expect(definitionError('kb', http({ 'X-A': '1', 'x-a': '2' }), undefined)).toBe(
			'MCP static header names must be unique case-insensitively.'
		);
	});

	it('supports exactly the selectors the source lists', () => {
		for (const source of [
			'identity.issuer',
			'identity.subject',
			'identity.user_id',
			'instance.actor',
			'context.run_id',
			'context.thread_id',
			'context.metadata.request_context'
		])
			expect(supportedSource(source), source).toBe(true);
		for (const source of ['identity.', 'context.metadata.', 'context.user', 'instance.other', ''])
			expect(supportedSource(source), source).toBe(false);
	});
});
