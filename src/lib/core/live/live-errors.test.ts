import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../world/wire';
import { z } from 'zod';
import { classifyLiveError, isLocalMcpError, needsProbe, resourceMetadataOf } from './live-errors';

const post = (status: number, more: Partial<HttpExchange> = {}): HttpExchange => ({
	method: 'POST',
	rpc: 'tools/call',
	status,
	contentType: 'application/json',
	sessionId: false,
	...more
});
const netError = (message: string, cause?: unknown) =>
	cause === undefined ? new TypeError(message) : new TypeError(message, { cause });
const sessionNotFound =
	'Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}';
const sessionRequired =
	'Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"},"id":null}';

describe('classifyLiveError', () => {
	it('the SDK’s own timeout and closed connection', () => {
		expect(
			classifyLiveError(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 5 }))
		).toEqual({ kind: 'timeout', detail: 'Request timed out' });
		expect(
			classifyLiveError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'))
		).toEqual({ kind: 'closed', detail: 'Connection closed' });
		expect(classifyLiveError(new Error('Not connected'))).toEqual({
			kind: 'closed',
			detail: 'Not connected'
		});
	});

	it('a waiting-for-headers limit that ran out is a timeout', () => {
		const error = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
		expect(classifyLiveError(error)).toMatchObject({ kind: 'timeout' });
	});

	it('a server’s own JSON-RPC error is no connection problem', () => {
		expect(classifyLiveError(new McpError(-32601, 'Method not found'))).toEqual({
			kind: 'other',
			detail: 'Method not found'
		});
		// Even with the codes the SDK uses for its own timeout and closed connection.
		expect(classifyLiveError(new McpError(-32000, 'Internal failure'))).toMatchObject({
			kind: 'other'
		});
		expect(classifyLiveError(new McpError(-32001, 'Quota exceeded'))).toMatchObject({
			kind: 'other'
		});
		expect(isLocalMcpError(new McpError(-32000, 'Internal failure'))).toBe(false);
		expect(isLocalMcpError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'))).toBe(
			true
		);
	});

	it('401 after a token was sent: the token was refused (not missing)', () => {
		const error = new StreamableHTTPError(401, 'Error POSTing to endpoint: {}');
		expect(
			classifyLiveError(error, { last: post(401), sentHeaders: ['Content-Type', 'Authorization'] })
		).toMatchObject({ kind: 'unauthorized', tokenSent: true });
		expect(
			classifyLiveError(error, { last: post(401), sentHeaders: ['Content-Type'] })
		).not.toHaveProperty('tokenSent');
	});

	it('401: unauthorized, with the resource metadata of a Bearer challenge', () => {
		const challenge =
			'Bearer error="invalid_token", resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp"';
		const error = new StreamableHTTPError(
			401,
			'Error POSTing to endpoint: {"error":"invalid_token"}'
		);
		expect(classifyLiveError(error, { last: post(401, { wwwAuthenticate: challenge }) })).toEqual({
			kind: 'unauthorized',
			status: 401,
			resourceMetadata: 'https://api.example.com/.well-known/oauth-protected-resource/mcp',
			detail: 'Streamable HTTP error: Error POSTing to endpoint: {"error":"invalid_token"}'
		});
		// The browser hides WWW-Authenticate unless the server exposes it: no hint then.
		expect(classifyLiveError(error, { last: post(401) })).toEqual({
			kind: 'unauthorized',
			status: 401,
			detail: 'Streamable HTTP error: Error POSTing to endpoint: {"error":"invalid_token"}'
		});
	});

	it('404 on a session the server knew: session-expired', () => {
		const error = new StreamableHTTPError(404, sessionNotFound);
		expect(
			classifyLiveError(error, { last: post(404, { sessionId: false }), sessionOnInitialize: true })
		).toMatchObject({ kind: 'session-expired', status: 404 });
	});

	it('a session refused after initialize showed no session id: the header is not exposed', () => {
		expect(
			classifyLiveError(new StreamableHTTPError(400, sessionRequired), {
				last: post(400, { rpc: 'notifications/initialized' }),
				sessionOnInitialize: false
			})
		).toMatchObject({ kind: 'cors-session-id', status: 400 });
		expect(
			classifyLiveError(new StreamableHTTPError(404, sessionNotFound), {
				last: post(404),
				sessionOnInitialize: false
			})
		).toMatchObject({ kind: 'cors-session-id', status: 404 });
	});

	it('not an MCP endpoint: HTML, an unexpected content type, a 404 or 405 before initialize', () => {
		expect(
			classifyLiveError(new StreamableHTTPError(-1, 'Unexpected content type: text/html'), {
				last: post(200, { contentType: 'text/html' }),
				sessionOnInitialize: null
			})
		).toMatchObject({ kind: 'not-mcp', status: 200 });
		expect(
			classifyLiveError(new StreamableHTTPError(404, 'Error POSTing to endpoint: Not Found'), {
				last: post(404, { rpc: 'initialize', contentType: 'text/plain' }),
				sessionOnInitialize: null
			})
		).toMatchObject({ kind: 'not-mcp', status: 404 });
		expect(
			classifyLiveError(new StreamableHTTPError(405, 'Error POSTing to endpoint: '), {
				last: post(405, { rpc: 'initialize' })
			})
		).toMatchObject({ kind: 'not-mcp', status: 405 });
		// A 2xx JSON answer that is not JSON-RPC (the SDK's parse fails).
		expect(
			classifyLiveError(new SyntaxError('Unexpected token'), { last: post(200) })
		).toMatchObject({ kind: 'not-mcp', status: 200 });
	});

	it('a 5xx is the server failing, even with an HTML error page (not "not an MCP endpoint")', () => {
		expect(
			classifyLiveError(new StreamableHTTPError(500, 'Error POSTing to endpoint: boom'), {
				last: post(500),
				sessionOnInitialize: true
			})
		).toEqual({
			kind: 'server-error',
			status: 500,
			detail: 'Streamable HTTP error: Error POSTing to endpoint: boom'
		});
		expect(
			classifyLiveError(new StreamableHTTPError(502, 'Error POSTing to endpoint: <html>…'), {
				last: post(502, { contentType: 'text/html' }),
				sessionOnInitialize: null
			})
		).toMatchObject({ kind: 'server-error', status: 502 });
	});

	it('any other HTTP failure keeps its status', () => {
		expect(
			classifyLiveError(new StreamableHTTPError(409, 'Error POSTing to endpoint: conflict'), {
				last: post(409),
				sessionOnInitialize: true
			})
		).toMatchObject({ kind: 'other', status: 409 });
	});

	it('a redirect the SDK did not follow, in a browser (opaque) or with its target', () => {
		expect(
			classifyLiveError(
				new StreamableHTTPError(
					0,
					"Error POSTing to endpoint: Redirect not followed: this runtime does not expose the redirect target (redirectPolicy: 'same-origin')"
				),
				{ last: post(0, { error: 'redirect not followed' }) }
			)
		).toMatchObject({ kind: 'redirect' });
		expect(
			classifyLiveError(
				new StreamableHTTPError(
					307,
					'Error POSTing to endpoint: Redirect to http://other.example/mcp not followed'
				),
				{ last: post(307) }
			)
		).toMatchObject({ kind: 'redirect', status: 307 });
	});

	it('an answer the SDK refuses from a server that speaks JSON-RPC: its bug, not the address', () => {
		const refused = z.object({ tools: z.array(z.string()) }).safeParse({ tools: 'x' }).error;
		expect(classifyLiveError(refused, { last: post(200), spokeJsonRpc: true })).toMatchObject({
			kind: 'invalid-answer',
			status: 200
		});
		expect(
			classifyLiveError(new SyntaxError('Unexpected end of JSON input'), {
				last: post(200),
				spokeJsonRpc: true
			})
		).toMatchObject({ kind: 'invalid-answer' });
		// Answered, then refused by the SDK: a protocol version it does not support.
		expect(
			classifyLiveError(new Error("Server's protocol version is not supported: 1999-01-01"), {
				last: post(200, { rpc: 'initialize' }),
				spokeJsonRpc: true
			})
		).toMatchObject({ kind: 'invalid-answer', status: 200 });
		// Before it ever sent JSON-RPC, the same answer says the address is not an MCP endpoint.
		expect(classifyLiveError(refused, { last: post(200) })).toMatchObject({ kind: 'not-mcp' });
	});

	it('Node names why nothing answered: refused or unreachable, or dropped mid-request', () => {
		for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH'])
			expect(classifyLiveError(netError('fetch failed', { code }))).toEqual({
				kind: 'refused',
				detail: 'fetch failed'
			});
		expect(
			classifyLiveError(netError('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } }))
		).toMatchObject({ kind: 'closed' });
		expect(classifyLiveError(netError('terminated'))).toMatchObject({ kind: 'closed' });
	});

	it('a browser’s bare “Failed to fetch”: the probe tells CORS from nothing there', () => {
		const error = netError('Failed to fetch');
		expect(needsProbe(error)).toBe(true);
		expect(classifyLiveError(error, { reachable: true })).toEqual({
			kind: 'cors',
			detail: 'Failed to fetch'
		});
		// The custom headers sent, which the server must allow too (names only, each once).
		expect(
			classifyLiveError(error, {
				reachable: true,
				sentHeaders: ['Content-Type', 'X-Api-Key', 'authorization', 'x-api-key', 'X-Team']
			})
		).toEqual({ kind: 'cors', detail: 'Failed to fetch', headers: ['x-api-key', 'x-team'] });
		expect(classifyLiveError(error, { reachable: false })).toMatchObject({ kind: 'refused' });
		// After initialize named a session id with control characters, whatever a probe found: a
		// server's HTTP parser refuses such a header, without CORS headers (Node's, checked).
		for (const reachable of [true, false, undefined])
			expect(classifyLiveError(error, { reachable, badSessionId: true })).toEqual({
				kind: 'invalid-answer',
				detail: 'Failed to fetch',
				sessionId: true
			});
		// Refused with CORS headers, the page sees the 400.
		const refused = new StreamableHTTPError(400, 'Error POSTing to endpoint: Bad Request');
		expect(classifyLiveError(refused, { badSessionId: true })).toMatchObject({
			kind: 'invalid-answer',
			status: 400,
			sessionId: true
		});
		expect(classifyLiveError(refused)).toMatchObject({ kind: 'other', status: 400 });
		// Nothing answered because the browser held the request back (Local Network Access).
		expect(classifyLiveError(error, { reachable: false, localNetwork: 'policy' })).toEqual({
			kind: 'local-network-policy',
			detail: 'Failed to fetch'
		});
		expect(classifyLiveError(error, { reachable: false, localNetwork: 'denied' })).toMatchObject({
			kind: 'local-network-denied'
		});
		expect(classifyLiveError(error, { reachable: false, localNetwork: null })).toMatchObject({
			kind: 'refused'
		});
		expect(classifyLiveError(error)).toMatchObject({ kind: 'other' });
		expect(needsProbe(netError('fetch failed', { code: 'ECONNREFUSED' }))).toBe(false);
		// A TypeError from a bug is not a network failure.
		expect(needsProbe(new TypeError('x is not a function'))).toBe(false);
		expect(classifyLiveError(new TypeError('x is not a function'))).toMatchObject({
			kind: 'other'
		});
	});

	it('bounds the detail (an HTML page can be megabytes)', () => {
		const page = `<html>${'x'.repeat(5000)}</html>`;
		const problem = classifyLiveError(new StreamableHTTPError(502, page), { last: post(502) });
		expect(problem.detail).toHaveLength(1001);
		expect(problem.detail.endsWith('…')).toBe(true);
	});
});

describe('resourceMetadataOf', () => {
	it('reads resource_metadata of a Bearer challenge only', () => {
		expect(resourceMetadataOf('Bearer resource_metadata="https://a.example/meta"')).toBe(
			'https://a.example/meta'
		);
		expect(resourceMetadataOf('Basic realm="x", resource_metadata="https://a.example/m"')).toBe(
			undefined
		);
		expect(resourceMetadataOf('Bearer resource_metadata="not a url"')).toBe(undefined);
		expect(resourceMetadataOf(null)).toBe(undefined);
	});
});
