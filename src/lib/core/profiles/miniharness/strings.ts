/**
 * MiniHarness's texts (harness-behaviors.md §3). The client's, the executor's and the transport's
 * are the harness's own; those marked "illustration" are the lab's where the reference gives none.
 */
export const notInitialized = 'MCP initialize must complete before tool use';
export const clientClosed = 'MCP client is closed';
export const initializeTimedOut = 'MCP initialize timed out';
/** Illustration: the reference names only the initialize timeout, not a failed initialize. */
export const initializeFailed = (detail: string) => `MCP initialize failed: ${detail}`;
/**
 * `operation` is `tools/call:<name>` or `tools/list`. Illustration for `tools/list`: the
 * reference names the initialize and tools/call timeouts only.
 */
export const timedOut = (operation: string) => `MCP ${operation} timed out`;
export const callOperation = (name: string) => `tools/call:${name}`;
export const unknownTransport = (type: string) => `Unknown MCP transport type: ${type}`;
export const deniedByPolicy = (tool: string) => `Tool '${tool}' is denied by policy`;
export const userRejected = (tool: string) => `User rejected tool '${tool}'`;
/** Illustration: a tool result with isError and no text (the reference gives no sentence). */
export const toolFailed = (tool: string) => `Tool '${tool}' failed`;
/** Illustration: the reference names no text for a name no server offers. */
export const unknownTool = (name: string) => `Unknown tool: ${name}`;
/** Illustration: the reference says "running or unknown", not the sentence around it. */
export const runningOrUnknown = (call: string) =>
	`Call ${call} is running or unknown: it was started and never finished, so it is not executed again`;
