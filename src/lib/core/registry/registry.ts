import { adaptedName } from '../profiles/openharness/naming';
import { defaultInputSchema } from '../profiles/openharness/strings';
import type { ConnectionStatus, ToolInfo } from '../machines/types';
import type { ToolSourceTool } from '../machines/toolsource-call.machine';
import type { EnabledPluginTool } from '../scenario/plugins';

/** A tool as the harness registered it for the model. */
export interface RegisteredTool {
	name: string;
	server: string;
	tool: string;
	description: string;
	inputSchema: Record<string, unknown>;
	/**
	 * OpenHarness cannot know whether an MCP tool mutates anything (always false); ToolSource
	 * takes it from its own allowlist, never from the server's annotations.
	 */
	readOnly: boolean;
	/**
	 * A tool of the harness itself (OpenHarness's `list_mcp_resources`, `read_mcp_resource`, or
	 * a plugin's tool): it belongs to no server (`server` is empty) and is always available.
	 */
	builtin?: true;
	/** The enabled plugin that gave this tool (present only for a plugin tool, with `builtin`). */
	plugin?: string;
}

/** A registration that a later one with the same adapted name replaced. */
export interface Shadowed {
	name: string;
	/** The replaced registration's server (empty for a built-in or a plugin tool). */
	server: string;
	tool: string;
	/** The replacing registration's server, or `plugin:<p>` for plugin `<p>`'s tool. */
	by: string;
	/** The replaced registration was this plugin's tool. */
	plugin?: string;
	/** The replacing registration is this plugin's tool (`by` names it for a reader too). */
	byPlugin?: string;
}

/** One of the harness's own built-ins (`builtin` without `plugin`: a plugin's tool has both). */
export const isHarnessBuiltin = (tool: { builtin?: true; plugin?: string }) =>
	!!tool.builtin && tool.plugin === undefined;

/** `Shadowed.by` for a plugin's tool. */
export const byPlugin = (plugin: string) => `plugin:${plugin}`;

export interface BuiltRegistry {
	tools: RegisteredTool[];
	shadowed: Shadowed[];
	/** ToolSource: tools discovered but not shown to the model (not allowlisted, or refused). */
	hidden?: ToolSourceTool[];
}

export interface ConnectionFacts {
	server: string;
	status: ConnectionStatus;
	tools: ToolInfo[];
}

/**
 * OpenHarness's registry, built once per session: the harness's own tools first (`builtins`: an
 * OpenHarness world gives its two resource tools, see resource-tools.ts), then connected servers
 * in sorted order, each tool under its adapted name, then the enabled plugins' tools under their
 * own names; the registry is a map, so a later registration of the same name wins (and keeps the
 * first one's position, as a dict does): a plugin tool overrides an MCP tool or built-in.
 */
export function buildRegistry(
	connections: ConnectionFacts[],
	builtins: readonly RegisteredTool[] = [],
	pluginTools: readonly EnabledPluginTool[] = []
): BuiltRegistry {
	const byName = new Map<string, RegisteredTool>(builtins.map((t) => [t.name, t]));
	const shadowed: Shadowed[] = [];
	const connected = connections
		.filter((c) => c.status === 'connected')
		.sort((a, b) => compareNames(a.server, b.server));
	for (const connection of connected) {
		for (const tool of connection.tools) {
			const name = adaptedName(connection.server, tool.name);
			noteShadowing(byName, shadowed, name, connection.server);
			byName.set(name, {
				name,
				server: connection.server,
				tool: tool.name,
				description: tool.description,
				inputSchema: tool.inputSchema ?? defaultInputSchema(),
				readOnly: false
			});
		}
	}
	for (const { plugin, tool } of pluginTools) {
		noteShadowing(byName, shadowed, tool.name, byPlugin(plugin), plugin);
		byName.set(tool.name, {
			name: tool.name,
			server: '',
			tool: tool.name,
			description: tool.description ?? '',
			inputSchema: tool.inputSchema ?? defaultInputSchema(),
			// OpenHarness's BaseTool default: a plugin tool asks in default mode, plan mode blocks it.
			readOnly: false,
			builtin: true,
			plugin
		});
	}
	return { tools: [...byName.values()], shadowed };
}

/** A registration about to replace an earlier one of the same name records what it shadows. */
export function noteShadowing(
	byName: ReadonlyMap<string, RegisteredTool>,
	shadowed: Shadowed[],
	name: string,
	by: string,
	plugin?: string
): void {
	const previous = byName.get(name);
	if (!previous) return;
	const note: Shadowed = { name, server: previous.server, tool: previous.tool, by };
	if (previous.plugin !== undefined) note.plugin = previous.plugin;
	if (plugin !== undefined) note.byPlugin = plugin;
	shadowed.push(note);
}

/** Python's sorted() on str: by code point, not by locale. */
export function compareNames(a: string, b: string): number {
	const x = [...a];
	const y = [...b];
	for (let i = 0; i < Math.min(x.length, y.length); i++) {
		const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
		if (d !== 0) return d;
	}
	return x.length - y.length;
}

/** One line of the registry as the model sees it, with whether its server is still connected. */
export interface RegistryEntry {
	name: string;
	server: string;
	tool: string;
	readOnly: boolean;
	available: boolean;
	/** A harness built-in or plugin tool: no server, so always available (present only when true). */
	builtin?: true;
	/** A plugin tool: the plugin that gave it (present only then). */
	plugin?: string;
}

/**
 * The model's view of a build given each server's status. An entry equal to one in `previous`
 * (by name and every field) is that same object: a snapshot after a kill shares all but the
 * changed entries with the one before it, so a view keyed by identity redraws only those rows,
 * and the snapshot history keeps one copy of what did not change.
 */
export function registryEntries(
	built: BuiltRegistry | null,
	statusOf: (server: string) => ConnectionStatus | undefined,
	previous: readonly RegistryEntry[] = []
): RegistryEntry[] {
	if (!built) return [];
	const before = previous.length > 0 ? new Map(previous.map((e) => [e.name, e])) : undefined;
	return built.tools.map((t) => {
		const available = t.builtin ? true : statusOf(t.server) === 'connected';
		const old = before?.get(t.name);
		if (
			old &&
			old.server === t.server &&
			old.tool === t.tool &&
			old.readOnly === t.readOnly &&
			old.available === available &&
			old.builtin === t.builtin &&
			old.plugin === t.plugin
		)
			return old;
		const entry: RegistryEntry = {
			name: t.name,
			server: t.server,
			tool: t.tool,
			readOnly: t.readOnly,
			...(t.builtin ? { available: true, builtin: true as const } : { available })
		};
		if (t.plugin !== undefined) entry.plugin = t.plugin;
		return entry;
	});
}

export interface Renamed {
	server: string;
	tool: string;
	from: string;
	to: string;
}

export interface RegistryDiff {
	added: string[];
	removed: string[];
	/** The same server's tool under another adapted name (e.g. after a naming change). */
	renamed: Renamed[];
	becameUnavailable: string[];
	becameAvailable: string[];
	shadowed: Shadowed[];
}

/** What changed from one snapshot to another (any two, in either order). */
export function diffRegistry(
	previous: readonly RegistryEntry[],
	next: readonly RegistryEntry[],
	shadowed: Shadowed[] = []
): RegistryDiff {
	const before = new Map(previous.map((e) => [e.name, e]));
	const after = new Map(next.map((e) => [e.name, e]));
	const origin = (e: RegistryEntry) => JSON.stringify([e.server, e.tool]);
	const gone = new Map(previous.filter((e) => !after.has(e.name)).map((e) => [origin(e), e]));
	const diff: RegistryDiff = {
		added: [],
		removed: [],
		renamed: [],
		becameUnavailable: [],
		becameAvailable: [],
		shadowed
	};
	for (const entry of next) {
		const old = before.get(entry.name);
		const renamedFrom = old ? undefined : gone.get(origin(entry));
		if (renamedFrom) {
			diff.renamed.push({
				server: entry.server,
				tool: entry.tool,
				from: renamedFrom.name,
				to: entry.name
			});
			gone.delete(origin(entry));
		} else if (!old) diff.added.push(entry.name);
		else if (old.available && !entry.available) diff.becameUnavailable.push(entry.name);
		else if (!old.available && entry.available) diff.becameAvailable.push(entry.name);
	}
	for (const entry of gone.values()) diff.removed.push(entry.name);
	return diff;
}

export function isEmptyDiff(diff: RegistryDiff): boolean {
	return (
		diff.added.length +
			diff.removed.length +
			diff.renamed.length +
			diff.becameUnavailable.length +
			diff.becameAvailable.length ===
		0
	);
}
