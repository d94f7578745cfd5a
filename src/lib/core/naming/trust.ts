/**
 * Connector trust harness (`s17_mcp_connectors`): `mcp__<connector>__<tool>`, NOT sanitised, so
 * any character (and any `__`) passes straight through to the name a grant must list exactly.
 */
export function adaptTrust(connector: string, tool: string): string {
	return `mcp__${connector}__${tool}`;
}
