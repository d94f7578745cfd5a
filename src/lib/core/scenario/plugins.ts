import type { Scenario, ServerConfig } from './schema';

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
