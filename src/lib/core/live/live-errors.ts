import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorDetail } from '../profiles/openharness/strings';
import { clipped } from '../text/bound';
import type { HttpExchange } from '../world/wire';
import type { LocalNetworkBlock } from './local-network';

/**
 * What went wrong with a live server, in terms a learner can act on. The harness's own status
 * text stays what OpenHarness shows (`errorDetail`); this is the extra teaching data beside it.
 *
 * - `refused`: nothing answers at that address (server not running, wrong port or host).
 * - `cors`: the server answers, but not to this page: the browser hid the answer (allowed
 *   origin, allowed request headers `mcp-protocol-version` / `authorization` missing).
 * - `cors-session-id`: initialize worked, but the page could not read `mcp-session-id` (not
 *   exposed), so the next request went without it and the server refused it.
 * - `unauthorized`: 401, a token is needed (see `resourceMetadata` when the server named it).
 * - `session-expired`: 404 on a session the server no longer knows: initialize again.
 * - `not-mcp`: the URL answers, but not as an MCP endpoint (HTML, wrong content type, 404).
 * - `invalid-answer`: the server speaks JSON-RPC, but an answer is not valid MCP (a result the
 *   SDK's schema refuses, a body that is not JSON): the server's bug, nothing to fix here.
 * - `server-error`: the server failed (HTTP 5xx).
 * - `redirect`: the address redirects, and a live connection follows no redirect.
 * - `closed`: the connection closed under a call (or was closed: kill), reconnect.
 * - `timeout`: no answer within the live timeout.
 * - `local-network-policy` / `local-network-denied`: the browser kept a public page from the
 *   reader's machine or network (Local Network Access, local-network.ts): the embedding page
 *   gave this frame no `allow`, or the reader refused the prompt.
 */
export type LiveProblemKind =
	| 'refused'
	| 'cors'
	| 'cors-session-id'
	| 'unauthorized'
	| 'session-expired'
	| 'not-mcp'
	| 'invalid-answer'
	| 'server-error'
	| 'redirect'
	| 'closed'
	| 'timeout'
	| 'local-network-policy'
	| 'local-network-denied'
	| 'other';

export interface LiveProblem {
	kind: LiveProblemKind;
	/** The HTTP status of the answer that failed, when one arrived. */
	status?: number;
	/** From `WWW-Authenticate: Bearer … resource_metadata="…"`, when the answer carried it. */
	resourceMetadata?: string;
	/** `unauthorized` only: the request carried an Authorization header, which was refused. */
	tokenSent?: true;
	/**
	 * `invalid-answer` only: the server named the session with control characters, and a request
	 * that sent the id back failed (servers refuse such a header, often without CORS: not CORS).
	 */
	sessionId?: true;
	/** The error's text as the harness reports it (bounded; secrets already masked). */
	detail: string;
	/**
	 * `cors` only: the custom request headers the connection sent (names only, lower case), which
	 * the server must allow too: often the one at fault (`x-api-key`).
	 */
	headers?: readonly string[];
}

export interface FailureContext {
	/** The connection's latest POST exchange. */
	last?: HttpExchange | null;
	/** Whether initialize's answer had a readable session id; null before it was answered. */
	sessionOnInitialize?: boolean | null;
	/** Initialize's answer named a session id with control characters (HttpExchange). */
	badSessionId?: boolean;
	/**
	 * A `no-cors` probe of the URL after a bare network error: true when something answered
	 * (so the browser blocked the real answer: CORS), false when nothing did.
	 */
	reachable?: boolean;
	/** When nothing answered: whether the browser itself held the request back, and why. */
	localNetwork?: LocalNetworkBlock | null;
	/** The names of the request headers the connection sent (any case). */
	sentHeaders?: readonly string[];
	/** Whether the server has sent this connection a JSON-RPC message (it speaks JSON-RPC). */
	spokeJsonRpc?: boolean;
}

/**
 * An error the SDK made on this side (its timeout, a connection it saw close), not a server's own
 * JSON-RPC error answer carrying the same code: a server's `-32000` is its answer, not a closed
 * connection (a hostile-server audit found the two read alike).
 */
export function isLocalMcpError(error: unknown): boolean {
	return (
		error instanceof McpError &&
		((error.code === ErrorCode.RequestTimeout &&
			error.message === `MCP error ${ErrorCode.RequestTimeout}: Request timed out`) ||
			(error.code === ErrorCode.ConnectionClosed &&
				error.message === `MCP error ${ErrorCode.ConnectionClosed}: Connection closed`))
	);
}

/** zod's refusal, as the SDK throws it for an answer its schema does not accept. */
const isSchemaRefusal = (error: unknown): boolean =>
	error instanceof Error && error.name === 'ZodError';

/** The SDK's words for a redirect it did not follow (shared/transport.js). */
const REDIRECT = /Redirect (?:to .+ )?not followed|Redirect to plain http not followed/;

/** The headers a CORS sentence always names (the SDK's and the token's). */
export const MCP_REQUEST_HEADERS = [
	'content-type',
	'mcp-protocol-version',
	'mcp-session-id',
	'authorization'
] as const;
/** Headers the browser never asks a server about, or that the sentence names already. */
const NOT_CUSTOM = new Set<string>([...MCP_REQUEST_HEADERS, 'accept', 'last-event-id']);
const MAX_HEADERS = 20;

/** The custom header names among those sent, lower case, each once, a bounded few. */
export function customHeaderNames(sent: readonly string[]): string[] {
	const names = sent.map((n) => n.toLowerCase()).filter((n) => !NOT_CUSTOM.has(n));
	return [...new Set(names)].slice(0, MAX_HEADERS);
}

const DETAIL_MAX = 1000;

/** Browsers' and Node's words for "the request never got an answer". */
const NETWORK_MESSAGES = new Set([
	'Failed to fetch',
	'fetch failed',
	'NetworkError when attempting to fetch resource.',
	'Load failed'
]);
const UNREACHABLE = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'UND_ERR_CONNECT_TIMEOUT'
]);
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function isNetworkError(error: unknown): error is TypeError {
	return error instanceof TypeError && NETWORK_MESSAGES.has(error.message);
}

/** Node puts the socket's error code on `cause` (sometimes one level further down). */
function causeCode(error: unknown): string | undefined {
	let cause = (error as { cause?: unknown }).cause;
	for (let depth = 0; cause && depth < 3; depth++) {
		const code = (cause as { code?: unknown }).code;
		if (typeof code === 'string') return code;
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}

/** A bare network error from a browser: only a probe can tell "nothing there" from CORS. */
export function needsProbe(error: unknown): boolean {
	return isNetworkError(error) && causeCode(error) === undefined;
}

/** The `resource_metadata` URL of a Bearer challenge (the SDK's own parser). */
export function resourceMetadataOf(header: string | null | undefined): string | undefined {
	if (!header) return undefined;
	const { resourceMetadataUrl } = extractWWWAuthenticateParams(
		new Response(null, { headers: { 'www-authenticate': header } })
	);
	return resourceMetadataUrl?.href;
}

/** Names what went wrong from the SDK's error and what the connection observed. */
export function classifyLiveError(error: unknown, context: FailureContext = {}): LiveProblem {
	const detail = clipped(errorDetail(error), DETAIL_MAX);
	const problem = (kind: LiveProblemKind, status?: number): LiveProblem =>
		status === undefined ? { kind, detail } : { kind, status, detail };
	const last = context.last ?? null;

	if (error instanceof McpError) {
		if (!isLocalMcpError(error)) return problem('other');
		return problem(error.code === ErrorCode.RequestTimeout ? 'timeout' : 'closed');
	}
	// A server that speaks JSON-RPC and sent an answer the SDK's schema refuses, or broken JSON.
	if (context.spokeJsonRpc && (isSchemaRefusal(error) || error instanceof SyntaxError))
		return problem('invalid-answer', last?.status || undefined);
	// The fetch's own wall-clock limit (an AbortSignal.timeout reason).
	if ((error as { name?: unknown })?.name === 'TimeoutError') return problem('timeout');
	if (error instanceof StreamableHTTPError) return httpProblem(error, context, problem);
	// The SDK's words when the connection is already gone (kill, or closed under a call).
	if (error instanceof Error && error.message === 'Not connected') return problem('closed');
	if (isNetworkError(error)) {
		const code = causeCode(error);
		if (code && UNREACHABLE.has(code)) return problem('refused');
		if (code && DROPPED.has(code)) return problem('closed');
		// The server's HTTP stack refused its own session id (isBadSessionId), not CORS.
		if (code === undefined && context.badSessionId)
			return { ...problem('invalid-answer'), sessionId: true };
		if (code === undefined && context.reachable === true) {
			const headers = customHeaderNames(context.sentHeaders ?? []);
			return headers.length ? { ...problem('cors'), headers } : problem('cors');
		}
		if (code === undefined && context.reachable === false)
			return context.localNetwork
				? problem(
						context.localNetwork === 'policy' ? 'local-network-policy' : 'local-network-denied'
					)
				: problem('refused');
		return problem('other');
	}
	// A body that broke off (Node says `terminated`).
	if (error instanceof TypeError && error.message === 'terminated') return problem('closed');
	// A 2xx answer the SDK could not use: from a server that speaks JSON-RPC, an answer it
	// refused (a protocol version it does not support); else not JSON-RPC at all (HTML, plain
	// JSON, broken JSON).
	if (last && last.status >= 200 && last.status < 300)
		return problem(context.spokeJsonRpc ? 'invalid-answer' : 'not-mcp', last.status);
	return problem('other');
}

function httpProblem(
	error: StreamableHTTPError,
	context: FailureContext,
	problem: (kind: LiveProblemKind, status?: number) => LiveProblem
): LiveProblem {
	const status = error.code;
	const last = context.last ?? null;
	if (REDIRECT.test(error.message))
		return problem('redirect', status !== undefined && status > 0 ? status : undefined);
	// `-1` is the SDK's code for an answer that is neither JSON nor an event stream.
	if (status === -1) return problem('not-mcp', last?.status);
	if (status === 401) {
		const resourceMetadata = resourceMetadataOf(last?.wwwAuthenticate);
		const tokenSent = (context.sentHeaders ?? []).some((n) => n.toLowerCase() === 'authorization');
		return {
			...problem('unauthorized', status),
			...(resourceMetadata ? { resourceMetadata } : {}),
			...(tokenSent ? { tokenSent: true as const } : {})
		};
	}
	// Refused with CORS headers, the session id's refusal is a 400 the page can see.
	if (status === 400 && context.badSessionId)
		return { ...problem('invalid-answer', status), sessionId: true };
	const aboutSession = /session/i.test(error.message);
	if (aboutSession && (status === 400 || status === 404)) {
		if (context.sessionOnInitialize === false) return problem('cors-session-id', status);
		if (status === 404) return problem('session-expired', status);
	}
	// Before initialize was answered, a 404 or 405 means the URL is not an MCP endpoint.
	const initialized =
		context.sessionOnInitialize !== null && context.sessionOnInitialize !== undefined;
	// A failing server's error page is HTML too: its status says whose fault it is.
	if (status !== undefined && status >= 500) return problem('server-error', status);
	if (last?.contentType === 'text/html' || (!initialized && (status === 404 || status === 405)))
		return problem('not-mcp', status);
	return problem('other', status);
}
