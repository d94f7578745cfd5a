import { compareNames } from '../../registry/registry';

export interface StatusLine {
	name: string;
	state: string;
	detail: string;
	tools: string[];
	resources: string[];
}

/**
 * The `/mcp` command's text, as OpenHarness prints it: servers sorted by name, the detail after
 * ` - ` when there is one, then the raw tool names and resource URIs when there are any.
 */
export function mcpStatusText(statuses: StatusLine[]): string {
	if (statuses.length === 0) return 'No MCP servers configured.';
	const lines = ['MCP servers:'];
	for (const s of [...statuses].sort((a, b) => compareNames(a.name, b.name))) {
		lines.push(`- ${s.name}: ${s.state}${s.detail ? ` - ${s.detail}` : ''}`);
		if (s.tools.length) lines.push(`  tools: ${s.tools.join(', ')}`);
		if (s.resources.length) lines.push(`  resources: ${s.resources.join(', ')}`);
	}
	return lines.join('\n');
}
