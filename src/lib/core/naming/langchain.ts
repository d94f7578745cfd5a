/**
 * langchain-mcp-adapters (`MultiServerMCPClient.get_tools`): raw names, or `<server>_<tool>` with
 * `tool_name_prefix=True` (`if tool_name_prefix and server_name`: an empty server name adds no
 * prefix). Nothing is sanitised. The servers' lists are concatenated and nothing de-duplicates,
 * so two tools with one name both reach the agent; which one runs, or whether the model API
 * accepts the list, is then up to the agent and the provider. And the servers load together
 * (asyncio.gather): one failing server fails the whole tool load — no isolation, the
 * counter-example to OpenHarness.
 */
export function adaptLangChain(server: string, tool: string, prefix: boolean): string {
	return prefix && server ? `${server}_${tool}` : tool;
}
