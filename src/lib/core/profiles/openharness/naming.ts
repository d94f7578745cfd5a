/**
 * OpenHarness's McpToolAdapter naming: `mcp__{seg(server)}__{seg(tool)}`.
 * seg: every character outside [A-Za-z0-9_-] becomes `_`; empty → `tool`; a first character
 * that is not an ASCII letter gets the prefix `mcp_`. No length cap (the lab flags names that
 * break the common provider limit elsewhere).
 */
export function segment(raw: string): string {
	// Iterate by code point so one astral character (an emoji) becomes one `_`, as in Python.
	let out = '';
	for (const ch of raw) out += /^[A-Za-z0-9_-]$/.test(ch) ? ch : '_';
	if (out === '') out = 'tool';
	if (!/^[A-Za-z]/.test(out)) out = `mcp_${out}`;
	return out;
}

export function adaptedName(server: string, tool: string): string {
	return `mcp__${segment(server)}__${segment(tool)}`;
}
