/** One tool as a server lists it, before any host renames it. */
export interface ToolRef {
	server: string;
	tool: string;
}

export interface NamingOptions {
	/**
	 * Use the opt-in server prefix where a host offers one: OpenAI Agents
	 * `include_server_in_tool_names`, pydantic-ai `tool_prefix` (the lab uses the server name as
	 * the prefix), langchain-mcp-adapters `tool_name_prefix`. Off: those hosts use raw names.
	 */
	prefix?: boolean;
	/** MiniHarness discovery order, high priority first; servers not listed follow, in input order. */
	priority?: readonly string[];
}
