import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../scenario/schema';
import {
	aboutServer,
	asciiRefusal,
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
			error: "'ascii' codec can't encode character '\\xe9' in position 3: ordinal not in range(128)"
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
