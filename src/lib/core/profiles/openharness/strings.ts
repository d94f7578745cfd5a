/** OpenHarness's exact texts (shared/reference/harness-behaviors.md §1). */
export const wsUnsupported = 'Unsupported MCP transport in current build: ws';
export const unknownServerDetail = 'unknown server';
export const methodNotFound = 'Method not found';
export const noOutput = '(no output)';
/** The built-in resource tools' names (resource-tools.ts; loaded only by worlds that run them). */
export const LIST_MCP_RESOURCES = 'list_mcp_resources';
export const READ_MCP_RESOURCE = 'read_mcp_resource';

export const unknownTool = (name: string) => `Unknown tool: ${name}`;
export const notConnected = (server: string, detail: string) =>
	`MCP server '${server}' is not connected: ${detail}`;
export const callFailed = (server: string, error: string) =>
	`MCP server '${server}' call failed: ${error}`;
/** `McpClientManager.read_resource` when the session raises (read_mcp_resource's error result). */
export const resourceReadFailed = (server: string, error: string) =>
	`MCP server '${server}' resource read failed: ${error}`;

/** What a missing inputSchema becomes. */
export const defaultInputSchema = () => ({ type: 'object', properties: {} });

/**
 * A `404` to a request over Streamable HTTP: the Python SDK's transport drops the server's answer
 * and fails the request with its own JSON-RPC error, `Session terminated` (code 32600,
 * `_send_session_terminated_error`). The TypeScript client says `Streamable HTTP error: Error
 * POSTing to endpoint: ` and the server's body.
 */
export const SESSION_TERMINATED = 'Session terminated';
const TS_HTTP_ERROR = 'Streamable HTTP error: ';

/**
 * A server's initialize answer names a protocol version the client does not support: the Python
 * SDK's `ClientSession.initialize` raises `RuntimeError(f"Unsupported protocol version from the
 * server: {result.protocolVersion}")`; the TypeScript client says it its own way.
 */
const TS_UNSUPPORTED_VERSION = "Server's protocol version is not supported: ";
export const unsupportedVersion = (version: string) =>
	`Unsupported protocol version from the server: ${version}`;

/**
 * An error's message as a Python MCP client would print it. The reference harnesses use the
 * Python SDK, where `str(McpError)` is the JSON-RPC error's `message` exactly as it came over the
 * wire; the TypeScript client that the lab links builds its McpError's message as
 * `MCP error ${code}: ${message}`, so that prefix is removed, once. (A TS SDK server puts its own
 * McpError's whole message on the wire, prefix included: that prefix came over the wire, so it
 * stays.) The TS client's local errors become `Connection closed` (the Python SDK's own text for a
 * closed connection) and `Request timed out` (the reference gives no Python text for a timeout:
 * these are the TS words without the client's prefix); a 404 over HTTP, `Session terminated`;
 * an unsupported protocol version, the Python SDK's sentence for it.
 */
function pythonMessage(error: Error): string {
	// Known by its shape, not `instanceof McpError`: importing the class here cost the embed's
	// start-up bytes it does not have (McpError and its subclasses all carry `code`).
	const code = (error as { code?: unknown }).code;
	if (code === 404 && error.message.startsWith(TS_HTTP_ERROR)) return SESSION_TERMINATED;
	if (code === undefined && error.message.startsWith(TS_UNSUPPORTED_VERSION))
		return unsupportedVersion(error.message.slice(TS_UNSUPPORTED_VERSION.length));
	const prefix = `MCP error ${String(code)}: `;
	return typeof code === 'number' && error.message.startsWith(prefix)
		? error.message.slice(prefix.length)
		: error.message;
}

/**
 * What a session whose server is gone raises in the Python SDK: its receive loop closed the
 * session's write stream when the server's output ended, so sending raises anyio's
 * ClosedResourceError, which has no message. The TypeScript client the lab links says
 * `Not connected` there.
 */
export const SESSION_CLOSED = '';
const TS_NOT_CONNECTED = 'Not connected';

/**
 * `str(exc)`, as `call failed: {exc}` and `resource read failed: {exc}` print it: the message
 * (see `pythonMessage`), empty when there is none (a closed session's, `SESSION_CLOSED`). Only a
 * connection's status detail falls back to the class name.
 */
export function errorMessage(error: unknown): string {
	if (error instanceof Error)
		return error.message === TS_NOT_CONNECTED ? SESSION_CLOSED : pythonMessage(error);
	return typeof error === 'string' ? error : errorDetail(error);
}

/**
 * The failure detail OpenHarness stores: the error's message (see `pythonMessage`), or its class
 * name when the message is empty. Class names are read from the error's own `name` because the
 * minifier renames constructors. Every harness profile reports errors with this text.
 */
export function errorDetail(error: unknown): string {
	if (error instanceof Error) return pythonMessage(error) || error.name || 'Error';
	if (typeof error === 'string' && error) return error;
	return 'Error';
}

/**
 * An error's text as the TypeScript SDK itself reports it (`MCP error <code>: …` for an
 * McpError): for what the page's own SDK client or a simulated TS server says, not a harness.
 */
export function sdkErrorText(error: unknown): string {
	if (error instanceof Error) return error.message || error.name || 'Error';
	if (typeof error === 'string' && error) return error;
	return 'Error';
}
