import { compareNames } from '../../registry/registry';
import { isolated } from '../../text/bound';

export interface StatusLine {
	name: string;
	state: string;
	detail: string;
	tools: string[];
	resources: string[];
}

/** How a piece a server chose (a name, a tool name, a URI, a detail) is written into the text. */
export type StatusPiece = (text: string, kind: 'name' | 'detail') => string;

/**
 * The `/mcp` command's text, as OpenHarness prints it: servers sorted by name, the detail after
 * ` - ` when there is one, then the raw tool names and resource URIs when there are any. `piece`
 * writes what the servers chose (as printed, unless the page gives `inertPiece`). A `pending`
 * server has none: `reconnect_all` sets each server back to a fresh pending status, and only a
 * finished connect fills one in (a learner saw a reconnecting server listed with its old tools).
 */
export function mcpStatusText(statuses: StatusLine[], piece: StatusPiece = (text) => text): string {
	if (statuses.length === 0) return 'No MCP servers configured.';
	const lines = ['MCP servers:'];
	const names = (list: string[]) => list.map((n) => piece(n, 'name')).join(', ');
	for (const s of [...statuses].sort((a, b) => compareNames(a.name, b.name))) {
		const detail = s.detail ? ` - ${piece(s.detail, 'detail')}` : '';
		lines.push(`- ${piece(s.name, 'name')}: ${s.state}${detail}`);
		if (s.state === 'pending') continue;
		if (s.tools.length) lines.push(`  tools: ${names(s.tools)}`);
		if (s.resources.length) lines.push(`  resources: ${names(s.resources)}`);
	}
	return lines.join('\n');
}

const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/**
 * A piece as the page shows it inside the text: a name's line breaks as ⏎ (a name with a
 * newline printed a line of its own, such as a fake `- other: connected`), and a piece holding
 * bidi controls isolated (FSI…PDI), so an override in one name does not reverse the ones after
 * it on its line (a hostile-server audit). Anything else is left exactly as printed.
 */
export function inertPiece(text: string, kind: 'name' | 'detail'): string {
	return isolated(kind === 'name' ? text.replace(LINE_BREAK, '⏎') : text);
}
