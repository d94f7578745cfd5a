import type { IncomingHttpHeaders } from 'node:http';

/**
 * How an endpoint answers a browser: `full` as a server should; `no-expose` allows the origin but
 * hides `mcp-session-id` from the page (initialize works, the next request has no session);
 * `none` sends no CORS headers at all (the page only sees "Failed to fetch").
 */
export type CorsMode = 'full' | 'no-expose' | 'none';

export const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
export const ALLOW_HEADERS =
	'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id';
export const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate';
const EXPOSE_WITHOUT_SESSION = 'mcp-protocol-version, www-authenticate';

/** RFC 9110 header names (tokens) separated by commas, as a browser's preflight lists them. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
/** Far more than the page's own headers plus a few custom ones; keeps an echoed list small. */
const MAX_REQUESTED = 1000;

/**
 * The request headers a preflight may use: the ones it asks for, so a custom header a learner
 * adds (`X-Api-Key`) works as the MCP ones do. A fixed list would refuse every header the lab
 * did not foresee. Anything that is not a plain list of header names gets the MCP headers only.
 */
export function allowedRequestHeaders(requested: string | string[] | undefined): string {
	const list = typeof requested === 'string' ? requested.trim() : '';
	if (!list || list.length > MAX_REQUESTED || !HEADER_LIST.test(list)) return ALLOW_HEADERS;
	return list
		.split(',')
		.map((name) => name.trim().toLowerCase())
		.join(', ');
}

/**
 * Headers for an actual response. The origin has already passed the guard, so it is echoed;
 * `Vary: Origin` keeps caches from handing one origin's answer to another.
 */
export function corsHeaders(origin: string | undefined, mode: CorsMode): Record<string, string> {
	if (!origin || mode === 'none') return {};
	return {
		'Access-Control-Allow-Origin': origin,
		Vary: 'Origin',
		'Access-Control-Expose-Headers': mode === 'full' ? EXPOSE_HEADERS : EXPOSE_WITHOUT_SESSION
	};
}

/**
 * The answer to a preflight `OPTIONS`, given before any token check (a preflight never carries
 * credentials). Chrome asks a public page's request to a loopback address for private network
 * access with `Access-Control-Request-Private-Network`; it is granted to allowed origins only.
 */
export function preflightHeaders(
	origin: string | undefined,
	mode: CorsMode,
	request: IncomingHttpHeaders
): Record<string, string> {
	if (!origin || mode === 'none') return {};
	const headers: Record<string, string> = {
		'Access-Control-Allow-Origin': origin,
		// The answer depends on the headers asked for too: a cache must not reuse it for others.
		Vary: 'Origin, Access-Control-Request-Headers',
		'Access-Control-Allow-Methods': ALLOW_METHODS,
		'Access-Control-Allow-Headers': allowedRequestHeaders(request['access-control-request-headers'])
	};
	if (request['access-control-request-private-network'] === 'true')
		headers['Access-Control-Allow-Private-Network'] = 'true';
	return headers;
}
