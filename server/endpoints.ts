import type { CorsMode } from './cors';

/**
 * The URLs the lab server answers. `/<server>/mcp` is a well-behaved MCP endpoint; the teaching
 * variants serve the same server but each breaks one thing a browser client needs, so the lab
 * can show the error a learner's own server would cause.
 */
export const VARIANTS = { 'no-cors': 'none', 'no-expose': 'no-expose' } as const satisfies Record<
	string,
	CorsMode
>;

export const NOT_MCP_PATH = '/not-mcp';
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

export interface McpRoute {
	server: string;
	cors: CorsMode;
}

/** `/<server>/mcp` or `/<variant>/<server>/mcp` (server names are URL-encoded), else null. */
export function mcpRoute(pathname: string): McpRoute | null {
	const parts = pathname.split('/').slice(1);
	if (parts.at(-1) !== 'mcp') return null;
	const variant = parts.length === 3 ? parts[0] : null;
	if (parts.length !== 2 && !(variant && Object.hasOwn(VARIANTS, variant))) return null;
	let server: string;
	try {
		server = decodeURIComponent(parts[parts.length - 2]);
	} catch {
		return null;
	}
	return { server, cors: variant ? VARIANTS[variant as keyof typeof VARIANTS] : 'full' };
}

export interface ServerUrls {
	name: string;
	/** The URL to paste into the lab. */
	url: string;
	/** The same server without CORS headers: the browser reports a CORS failure. */
	noCors: string;
	/** CORS, but `mcp-session-id` is not exposed: the request after initialize gets 400. */
	noExpose: string;
}

export function serverUrls(base: string, names: readonly string[]): ServerUrls[] {
	return names.map((name) => {
		const path = `${encodeURIComponent(name)}/mcp`;
		return {
			name,
			url: `${base}${path}`,
			noCors: `${base}no-cors/${path}`,
			noExpose: `${base}no-expose/${path}`
		};
	});
}

/**
 * RFC 9728 protected resource metadata, minimal: the resource it describes (the metadata URL
 * without the well-known part) and how the token travels. There is no authorization server:
 * the token is the one printed at start, so `authorization_servers` is left out.
 */
export function resourceMetadata(base: string, pathname: string) {
	const suffix = pathname.slice(METADATA_PATH.length);
	return {
		resource: `${base.replace(/\/$/, '')}${suffix}`,
		resource_name: 'MCP Lab server',
		bearer_methods_supported: ['header']
	};
}

/** `/not-mcp`: what a learner gets when the pasted URL is a web page, not an MCP endpoint. */
export const NOT_MCP_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Not an MCP endpoint</title></head>
<body>
<h1>This is a web page, not an MCP endpoint</h1>
<p>An MCP client that POSTs a JSON-RPC request here gets this HTML with status 200.
The lab server's MCP endpoints end in <code>/&lt;server&gt;/mcp</code>.</p>
</body>
</html>
`;
