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
 * `str(exc)`, as `call failed: {exc}` and `resource read failed: {exc}` print it: the message,
 * empty when there is none. Only a connection's status detail falls back to the class name.
 */
export function errorMessage(error: unknown): string {
	if (error instanceof Error) return error.message;
	return typeof error === 'string' ? error : errorDetail(error);
}

/**
 * The failure detail OpenHarness stores: the error's message, or its class name when the
 * message is empty. Class names are read from the error's own `name` because the minifier
 * renames constructors.
 */
export function errorDetail(error: unknown): string {
	if (error instanceof Error) return error.message || error.name || 'Error';
	if (typeof error === 'string' && error) return error;
	return 'Error';
}
