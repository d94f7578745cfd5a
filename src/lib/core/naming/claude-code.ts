/**
 * Claude Code: `mcp__<server>__<tool>`.
 *
 * In the reference: only that pattern, and that a permission rule `mcp__server` covers all of a
 * server's tools. Not in the reference (Claude Code's source is not public), so the lab's
 * illustration: both parts go through the normalisation that third-party readings of Claude
 * Code's shipped bundle describe (`normalizeNameForMCP`): every character outside
 * `[a-zA-Z0-9_-]` becomes `_`, and for a `claude.ai ` connector, runs of `_` collapse and a
 * leading or trailing `_` is dropped (the `__` separators must stay unambiguous). It is a
 * JavaScript regex without the `u` flag, so it works on UTF-16 code units: an emoji (two units)
 * becomes `__`, unlike the Python hosts' one `_` per code point. No length cap. Which of two
 * same-named tools is kept is also the lab's choice (see hosts.ts).
 */
const CLAUDE_AI_PREFIX = 'claude.ai ';

export function normalizeForClaudeCode(name: string): string {
	let out = name.replace(/[^a-zA-Z0-9_-]/g, '_');
	if (name.startsWith(CLAUDE_AI_PREFIX)) out = out.replace(/_+/g, '_').replace(/^_|_$/g, '');
	return out;
}

export function adaptClaudeCode(server: string, tool: string): string {
	return `mcp__${normalizeForClaudeCode(server)}__${normalizeForClaudeCode(tool)}`;
}

/** The permission rule that covers every tool of one server (the reference's `mcp__server`). */
export function claudeCodeRule(server: string): string {
	return `mcp__${normalizeForClaudeCode(server)}`;
}
