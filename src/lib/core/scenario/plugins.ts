import type { PluginTool, Scenario, ServerConfig } from './schema';

export interface MergedServer {
	/** The key the harness uses: the settings name, or `<plugin>:<name>` for a plugin's server. */
	name: string;
	config: ServerConfig;
	plugin: string | null;
}

export interface SkippedServer {
	plugin: string;
	name: string;
	key: string;
	reason: 'plugin-disabled' | 'key-taken';
}

/**
 * OpenHarness's config merge: servers from settings first, then each enabled plugin adds its
 * servers under `<plugin>:<name>`, only where that key is still free (the first one wins).
 * Disabled plugins add nothing.
 */
export function mergeServers(scenario: Scenario): {
	servers: MergedServer[];
	skipped: SkippedServer[];
} {
	const servers: MergedServer[] = Object.entries(scenario.mcp_servers).map(([name, config]) => ({
		name,
		config,
		plugin: null
	}));
	const taken = new Set(servers.map((s) => s.name));
	const skipped: SkippedServer[] = [];
	for (const [plugin, block] of Object.entries(scenario.plugins ?? {})) {
		for (const [name, config] of Object.entries(block.mcp_servers ?? {})) {
			const key = `${plugin}:${name}`;
			if (!block.enabled) skipped.push({ plugin, name, key, reason: 'plugin-disabled' });
			else if (taken.has(key)) skipped.push({ plugin, name, key, reason: 'key-taken' });
			else {
				taken.add(key);
				servers.push({ name: key, config, plugin });
			}
		}
	}
	return { servers, skipped };
}

/** A tool an enabled plugin gives the harness. */
export interface EnabledPluginTool {
	plugin: string;
	tool: PluginTool;
}

/**
 * The tools of the enabled plugins, in plugin order (then each plugin's own order): the order
 * OpenHarness registers them in, after the MCP tools. Disabled plugins give none.
 */
export function enabledPluginTools(scenario: Scenario): EnabledPluginTool[] {
	return Object.entries(scenario.plugins ?? {}).flatMap(([plugin, block]) =>
		block.enabled ? (block.tools ?? []).map((tool) => ({ plugin, tool })) : []
	);
}

/**
 * The plugin tool the registry holds for `plugin` and `name`: the last one a plugin lists under
 * that name, since a later registration of a name replaces an earlier one.
 */
export function findPluginTool(
	scenario: Scenario,
	plugin: string,
	name: string
): PluginTool | undefined {
	const block = Object.hasOwn(scenario.plugins ?? {}, plugin) ? scenario.plugins![plugin] : null;
	return block?.enabled ? block.tools?.findLast((t) => t.name === name) : undefined;
}
