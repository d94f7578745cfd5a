import type { ToolInfo } from '../../machines/types';
import { adaptPydanticAI, pydanticConflictMessage } from '../../naming/pydantic-ai';
import { pyRepr } from '../../naming/python-str';
import type { RegisteredTool } from '../../registry/registry';

/** One selected server's tools as the run's upstream MCP capability sees them. */
export interface ServerTools {
	server: string;
	/** pydantic-ai's `tool_prefix`: names become `<prefix>_<tool>`; none (or '') keeps raw names. */
	prefix?: string;
	/** `allowed_tools`: exact, case-sensitive names of the server's own tools; absent allows all. */
	allowed?: readonly string[];
	/** What the server listed; null when it is not connected (nothing listed, nothing checked). */
	tools: readonly ToolInfo[] | null;
}

export interface RunTools {
	tools: RegisteredTool[];
	/** Tools the server listed that `allowed_tools` left out. */
	filtered: { server: string; tool: string }[];
	/**
	 * `allowed_tools` entries that name no tool its server listed: a typo or a wrong case allows
	 * nothing and hides nothing, silently, so the panel says so.
	 */
	unmatched: { server: string; tool: string }[];
	/** pydantic-ai's UserError when two servers give the same name: the run's tool load fails. */
	error: string | null;
}

/**
 * The model's tools for one run: servers in the run's order, each filtered by `allowed_tools`
 * (the server's own names) and then named as pydantic-ai does. One server's list is a dict, so a
 * name it lists twice keeps the later tool; a name another server already has is an error.
 */
export function runTools(servers: readonly ServerTools[]): RunTools {
	const byName = new Map<string, RegisteredTool>();
	const filtered: RunTools['filtered'] = [];
	const unmatched: RunTools['unmatched'] = [];
	for (const s of servers) {
		const listed = s.tools ?? [];
		if (s.allowed && s.tools)
			for (const name of new Set(s.allowed))
				if (!listed.some((tool) => tool.name === name))
					unmatched.push({ server: s.server, tool: name });
		const own = new Map<string, RegisteredTool>();
		for (const tool of listed) {
			if (s.allowed && !s.allowed.includes(tool.name)) {
				filtered.push({ server: s.server, tool: tool.name });
				continue;
			}
			const name = adaptPydanticAI(s.prefix ?? '', tool.name, true);
			own.set(name, {
				name,
				server: s.server,
				tool: tool.name,
				description: tool.description,
				inputSchema: tool.inputSchema,
				readOnly: false
			});
		}
		for (const [name, tool] of own) {
			const existing = byName.get(name);
			if (existing)
				return {
					tools: [...byName.values()],
					filtered,
					unmatched,
					error: pydanticConflictMessage(s.server, existing.server, name)
				};
			byName.set(name, tool);
		}
	}
	return { tools: [...byName.values()], filtered, unmatched, error: null };
}

/** pydantic-ai's answer to a call of a name the run does not have (a retry prompt to the model). */
export function unknownTool(name: string, available: readonly string[]): string {
	const tools = available.length
		? `Available tools: ${available.map((n) => pyRepr(n)).join(', ')}`
		: 'No tools available.';
	return `Unknown tool name: ${pyRepr(name)}. ${tools}`;
}

/** The result boundary's default limit in characters (the lab's choice: the source gives none). */
export const DEFAULT_RESULT_CHARS = 4000;

/**
 * The harness's result boundary: a result longer than the limit is cut there, and says so,
 * rather than being written aside. The marker's wording is the lab's.
 */
export function boundResult(text: string, limit: number): { text: string; truncated: boolean } {
	const chars = [...text];
	if (chars.length <= limit) return { text, truncated: false };
	const marker = `[truncated at the result boundary: ${chars.length - limit} of ${chars.length} characters left out]`;
	return { text: `${chars.slice(0, limit).join('')}\n${marker}`, truncated: true };
}
