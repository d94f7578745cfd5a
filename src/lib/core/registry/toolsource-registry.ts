import type { ToolSourceTool } from '../machines/toolsource-call.machine';
import { adaptToolSource } from '../naming/toolsource';
import { effectOf, type ToolSourcePolicy } from '../profiles/toolsource/policy';
import { regenerateSchema } from '../profiles/toolsource/tool-schema';
import {
	noteShadowing,
	type BuiltRegistry,
	type ConnectionFacts,
	type RegisteredTool,
	type Shadowed
} from './registry';

/** Longest description the harness forwards to the model (server text is hostile). */
const MAX_DESCRIPTION = 1024;

/**
 * ToolSource's registry: every connected server's tools in config order as `mcp.<server>.<tool>`,
 * but the model sees only what the allowlist names and what the harness could regenerate a
 * schema for. The rest is kept (`hidden`, `refused`) so a call to such a name is answered as
 * the harness would — permission denied, or not registered — instead of "unknown tool".
 */
export function buildToolSourceRegistry(
	policy: ToolSourcePolicy,
	connections: ConnectionFacts[]
): BuiltRegistry {
	const byName = new Map<string, RegisteredTool>();
	const shadowed: Shadowed[] = [];
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
			noteShadowing(byName, shadowed, name, connection.server);
			byName.set(name, {
				...base,
				description: tool.description.slice(0, MAX_DESCRIPTION),
				inputSchema: regenerated.schema,
				readOnly: effect === 'read'
			});
		}
	}
	return { tools: [...byName.values()], shadowed, hidden };
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
