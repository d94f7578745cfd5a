/**
 * The trust profile's exact texts (harness-behaviors.md §2; the WorkBuddy-style teaching
 * harness `s17_mcp_connectors` and its grant port). Pure, so the page can show them without
 * loading the profile's runtime.
 */

export const TOOL_SEARCH = 'ToolSearch';
export const DEFER_EXECUTE = 'DeferExecuteTool';

/** The block's only line when no connected connector offers a tool (s17 `build_context`). */
export const NO_DEFERRED_TOOLS = '(no connectors connected — use trust_connector to activate)';

/** `mcp__<connector>__<tool>`, not sanitized: whatever the names hold goes through. */
export const namespaced = (connector: string, tool: string) => `mcp__${connector}__${tool}`;

/** `mcp__brave__search` → ['brave', 'search']; a tool name may itself hold `__`. */
export function splitNamespace(name: string): [string, string] | null {
	const parts = name.split('__');
	if (parts.length < 3 || parts[0] !== 'mcp') return null;
	return [parts[1], parts.slice(2).join('__')];
}

/** The grant's refusal; `network` says which of its two reasons applies. */
export const permissionDenied = (tool: string, network: boolean) =>
	`Permission denied for '${tool}': ${network ? 'tool is not declared by the active skill' : 'network access is not declared'}.`;

export const PERMISSION_DENIED_CODE = 'permission_denied';

export const schemaNotLoaded = (tool: string) =>
	`Error: Tool '${tool}' schema not loaded. Call ToolSearch first.`;

/** ToolSearch's entry for a name no connected connector offers. */
export const notFoundForSearch = (tool: string) =>
	`Tool '${tool}' not found. Check available_deferred_tools.`;

/** DeferExecuteTool for a loaded name whose connector no longer offers it. */
export const notInConnectedConnector = (tool: string) =>
	`Error: Tool '${tool}' not found in any connected connector.`;

export const unknownTool = (name: string) => `Unknown tool: ${name}`;

/** A failed tools/call as the connector layer reports it. */
export const callError = (detail: string) => `Error: ${detail}`;

/** A grant may name only namespaced MCP tools (the grant port's check). */
export const badGrantNames = (names: string[]) =>
	`MCP permission tools must use namespaced mcp__ names: ${JSON.stringify(names)}`;

export interface DeferredTool {
	name: string;
	description: string;
}

/** The `<available_deferred_tools>` block the system prompt carries: names and descriptions only. */
export function deferredBlock(tools: readonly DeferredTool[]): string {
	const lines = ['<available_deferred_tools>'];
	for (const tool of tools) lines.push(`- ${tool.name}: ${tool.description}`);
	if (lines.length === 1) lines.push(NO_DEFERRED_TOOLS);
	lines.push('</available_deferred_tools>');
	return lines.join('\n');
}

/** The two tools the model is given instead of any MCP tool (s17 `MCPAgent.tools`). */
export const TOOL_SEARCH_DESCRIPTION =
	'Load schema for a deferred MCP tool. Pass tool_names array.';
export const DEFER_EXECUTE_DESCRIPTION = 'Execute a deferred tool by name with params.';
