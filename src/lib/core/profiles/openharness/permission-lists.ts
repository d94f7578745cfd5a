/**
 * The lab's note on OpenHarness's `permissions.denied_tools` and `allowed_tools` (not the
 * harness's: OpenHarness says nothing). Both compare a call's registry name exactly, and a name
 * the registry does not hold stops at lookup (`Unknown tool: <name>`) before the permission
 * check, so an entry that names no registry tool decides no call of the session. The usual cause
 * is a tool's name on its server (`read_file`) where the registry holds `mcp__fs__read_file`.
 */
import type { PermissionSettings } from './permissions';

export type PermissionList = 'denied_tools' | 'allowed_tools';

export interface UnmatchedPermissionEntry {
	list: PermissionList;
	/** The entry as the settings give it. */
	entry: string;
	/** Registry names of MCP tools called `entry` on their server: what the entry meant, likely. */
	registeredAs: string[];
}

interface NamedTool {
	name: string;
	tool: string;
	builtin?: true;
}

/** Checker order (denied first); each entry named once per list, in the settings' order. */
export function unmatchedPermissionEntries(
	settings: Pick<PermissionSettings, PermissionList> | undefined,
	registry: readonly NamedTool[]
): UnmatchedPermissionEntry[] {
	if (!settings) return [];
	const names = new Set(registry.map((e) => e.name));
	const unmatched: UnmatchedPermissionEntry[] = [];
	for (const list of ['denied_tools', 'allowed_tools'] as const)
		for (const entry of new Set(settings[list] ?? []))
			if (!names.has(entry))
				unmatched.push({
					list,
					entry,
					registeredAs: registry.filter((e) => !e.builtin && e.tool === entry).map((e) => e.name)
				});
	return unmatched;
}
