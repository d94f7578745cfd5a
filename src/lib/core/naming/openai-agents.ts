import { compareNames } from '../registry/registry';
import { pyStrip } from './python-str';
import { sha1Hex } from './sha1';
import type { ToolRef } from './types';

/**
 * OpenAI Agents SDK (Python), `MCPUtil` in `src/agents/mcp/util.py`.
 *
 * The reference: with server names included, `mcp_<server>__<tool>`; non-alphanumerics → `_`;
 * leading/trailing `_`/`-` stripped; capped at 64 characters with a short hash suffix; duplicate
 * names across servers are an error. It leaves open which "alphanumerics", where the strip
 * applies, which hash, and how prefixed names collide. The lab settles each from the SDK's public
 * source (openai/openai-agents-python, util.py as of commit 00d0b40f), so none is an illustration:
 * - a part keeps ASCII `[A-Za-z0-9_-]` only (`char.isascii() and (char.isalnum() or char in
 *   "_-")`): é or 文 become `_`, though Python's isalnum() alone would keep them; `-` is kept;
 * - each part (server, tool) is stripped of `_`/`-` at both ends, then falls back to `server` /
 *   `tool` when empty;
 * - a name over 64 characters keeps its first 55, right-stripped of `_`/`-` (`mcp` if nothing is
 *   left), plus `_` and the first 8 hex digits of SHA-1 over `<server>\0<tool>` (UTF-8);
 * - prefixed names that collide are NOT an error: each gets that hash suffix (and, if still taken,
 *   a hash over `<server>\0<tool>\0<n>`). The error the reference mentions is the raw-name mode's
 *   (`include_server_in_tool_names` off), and the per-server check for a server that lists one
 *   name twice.
 */
export const OPENAI_NAME_MAX = 64;
const HASH_LENGTH = 8;

export function safeNamePart(value: string, fallback: string): string {
	let safe = '';
	for (const ch of value) safe += /^[A-Za-z0-9_-]$/.test(ch) ? ch : '_';
	return pyStrip(safe, '_-') || fallback;
}

export function prefixedBaseName(server: string, tool: string): string {
	return `mcp_${safeNamePart(server, 'server')}__${safeNamePart(tool, 'tool')}`;
}

export function shortenName(base: string, seed: string, forceHash = false): string {
	// The base is ASCII by construction, so string length is Python's len().
	if (!forceHash && base.length <= OPENAI_NAME_MAX) return base;
	const suffix = `_${sha1Hex(seed).slice(0, HASH_LENGTH)}`;
	const stem = pyStrip(base.slice(0, OPENAI_NAME_MAX - suffix.length), '_-', 'right') || 'mcp';
	return `${stem}${suffix}`;
}

const seedOf = (t: ToolRef) => `${t.server}\0${t.tool}`;

/** The name one tool gets on its own; `prefix` is `include_server_in_tool_names`. */
export function adaptOpenAIAgents(server: string, tool: string, prefix: boolean): string {
	if (!prefix) return tool;
	return shortenName(prefixedBaseName(server, tool), seedOf({ server, tool }));
}

export interface OpenAIResolution {
	/** Public names after collision handling (the single-tool names when loading failed). */
	names: string[];
	/** The UserError that fails the whole tool load, or null. */
	error: string | null;
}

/** `get_all_function_tools` over servers in the order they are given (first appearance here). */
export function resolveOpenAIAgents(tools: readonly ToolRef[], prefix: boolean): OpenAIResolution {
	const single = tools.map((t) => adaptOpenAIAgents(t.server, t.tool, prefix));
	const servers = groupByServer(tools);
	const fail = (error: string) => ({ names: single, error });

	if (prefix) {
		// Every server is listed and checked before any name is allocated.
		for (const [server, indices] of servers) {
			const error = sameServerDuplicates(server, indices, tools);
			if (error) return fail(error);
		}
		return { names: allocatePrefixed(tools, servers), error: null };
	}

	const seen = new Set<string>();
	for (const [server, indices] of servers) {
		const error = sameServerDuplicates(server, indices, tools);
		if (error) return fail(error);
		const names = new Set(indices.map((i) => tools[i].tool));
		const duplicates = [...names].filter((n) => seen.has(n)).sort(compareNames);
		if (duplicates.length > 0)
			return fail(
				`Duplicate tool names found across MCP servers: ${duplicates.join(', ')}. ` +
					'Pass `include_server_in_tool_names=True` to ' +
					'`MCPUtil.get_all_function_tools()` or set ' +
					"`mcp_config={'include_server_in_tool_names': True}` on the " +
					'agent to prefix tool names with their server name and avoid ' +
					'collisions.'
			);
		for (const n of names) seen.add(n);
	}
	return { names: single, error: null };
}

function groupByServer(tools: readonly ToolRef[]): Map<string, number[]> {
	const servers = new Map<string, number[]>();
	tools.forEach((t, i) => servers.set(t.server, [...(servers.get(t.server) ?? []), i]));
	return servers;
}

function sameServerDuplicates(
	server: string,
	indices: number[],
	tools: readonly ToolRef[]
): string | null {
	const counts = new Map<string, number>();
	for (const i of indices) counts.set(tools[i].tool, (counts.get(tools[i].tool) ?? 0) + 1);
	const duplicates = [...counts].filter(([, n]) => n > 1).map(([name]) => name);
	if (duplicates.length === 0) return null;
	return `Duplicate tool names found on MCP server \`${server}\`: ${duplicates.sort(compareNames).join(', ')}`;
}

/** `_build_prefixed_tool_name_overrides`: collision-free public names for one listing batch. */
function allocatePrefixed(tools: readonly ToolRef[], servers: Map<string, number[]>): string[] {
	const bases = tools.map((t) => prefixedBaseName(t.server, t.tool));
	const counts = new Map<string, number>();
	for (const b of bases) counts.set(b, (counts.get(b) ?? 0) + 1);

	const serverIndex = new Map([...servers.keys()].map((s, i) => [s, i]));
	const toolIndex = new Map<number, number>();
	for (const indices of servers.values()) indices.forEach((i, n) => toolIndex.set(i, n));
	const candidates = tools.map((t, i) => ({
		i,
		seed: seedOf(t),
		initial: shortenName(bases[i], seedOf(t), counts.get(bases[i])! > 1)
	}));
	candidates.sort(
		(a, b) =>
			compareNames(a.initial, b.initial) ||
			compareNames(a.seed, b.seed) ||
			serverIndex.get(tools[a.i].server)! - serverIndex.get(tools[b.i].server)! ||
			toolIndex.get(a.i)! - toolIndex.get(b.i)!
	);

	const used = new Set<string>();
	const names: string[] = [...bases];
	for (const c of candidates) {
		let name = c.initial;
		for (let n = 1; used.has(name); n++) name = shortenName(bases[c.i], `${c.seed}\0${n}`, true);
		used.add(name);
		names[c.i] = name;
	}
	return names;
}
