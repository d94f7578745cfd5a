import type { ToolSourceTool } from '../machines/toolsource-call.machine';
import { adaptToolSource, toolSourceDuplicateReason } from '../naming/toolsource';
import { effectOf, type ToolSourcePolicy } from '../profiles/toolsource/policy';
import { regenerateSchema } from '../profiles/toolsource/tool-schema';
import type { BuiltRegistry, ConnectionFacts, RegisteredTool } from './registry';

/** Longest description the harness forwards to the model (server text is hostile). */
const MAX_DESCRIPTION = 1024;

/**
 * ToolSource's registry: every connected server's tools in config order as `mcp.<server>.<tool>`,
 * but the model sees only what the allowlist names and what the harness could regenerate a
 * schema for, and never a name two tools share (the lab's illustration: a call to it could reach
 * either server). The rest is kept (`hidden`, `refused`) so a call to such a name is answered as
 * the harness would — permission denied, or not registered — instead of "unknown tool".
 */
export function buildToolSourceRegistry(
	policy: ToolSourcePolicy,
	connections: ConnectionFacts[]
): BuiltRegistry {
	const shown: RegisteredTool[] = [];
	const hidden: ToolSourceTool[] = [];
	for (const connection of connections) {
		if (connection.status !== 'connected') continue;
		for (const tool of connection.tools) {
			const name = adaptToolSource(connection.server, tool.name);
			const effect = effectOf(policy, name);
			const regenerated = regenerateSchema(tool.inputSchema);
			const base = { name, server: connection.server, tool: tool.name };
			if (!effect || !regenerated.ok) {
				hidden.push({
					...base,
					effect,
					schema: null,
					refused: regenerated.ok ? null : regenerated.reason
				});
				continue;
			}
			shown.push({
				...base,
				description: tool.description.slice(0, MAX_DESCRIPTION),
				inputSchema: regenerated.schema,
				readOnly: effect === 'read'
			});
		}
	}
	const offered = new Map<string, RegisteredTool[]>();
	for (const t of shown) offered.set(t.name, [...(offered.get(t.name) ?? []), t]);
	const tools: RegisteredTool[] = [];
	for (const t of shown) {
		const same = offered.get(t.name)!;
		if (same.length === 1) tools.push(t);
		else
			hidden.push({
				name: t.name,
				server: t.server,
				tool: t.tool,
				effect: effectOf(policy, t.name),
				schema: null,
				refused: toolSourceDuplicateReason(same)
			});
	}
	return { tools, shadowed: [], hidden };
}

/** What a ToolSource call can resolve its name against: visible tools first, then the hidden ones. */
export function toolSourceTools(
	built: BuiltRegistry | null,
	policy: ToolSourcePolicy
): ToolSourceTool[] {
	if (!built) return [];
	return [
		...built.tools.map((t) => ({
			name: t.name,
			server: t.server,
			tool: t.tool,
			effect: effectOf(policy, t.name),
			schema: t.inputSchema,
			refused: null
		})),
		...(built.hidden ?? [])
	];
}
