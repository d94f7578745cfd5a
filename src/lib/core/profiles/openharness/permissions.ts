/**
 * OpenHarness's permission settings (`PermissionSettings`, the `permissions` block), the modes,
 * and what its checker takes and answers. The checker itself, with its texts and order, is in
 * permission-check.ts, loaded with a world's first command.
 */
import { z } from 'zod';

export const permissionModes = ['default', 'plan', 'full_auto'] as const;
export type PermissionMode = (typeof permissionModes)[number];

export const pathRuleSchema = z.looseObject({
	/** fnmatch glob on the resolved absolute path. */
	pattern: z.string(),
	/** OpenHarness's default is true; only `allow: false` rules ever decide anything. */
	allow: z.boolean().default(true)
});

/** The `permissions` block of OpenHarness settings (`PermissionSettings`). */
export const permissionsSchema = z.looseObject({
	mode: z.enum(permissionModes).default('default'),
	allowed_tools: z.array(z.string()).optional(),
	denied_tools: z.array(z.string()).optional(),
	path_rules: z.array(pathRuleSchema).optional(),
	denied_commands: z.array(z.string()).optional()
});

export interface PermissionSettings {
	mode: PermissionMode;
	allowed_tools?: string[];
	denied_tools?: string[];
	path_rules?: { pattern: string; allow: boolean }[];
	denied_commands?: string[];
}

// ---- the checker's inputs and answers (the checker itself: permission-check.ts) ------------

/**
 * Where the simulated harness runs. OpenHarness resolves a relative path against its cwd and
 * `~` against the user's home; the lab's values are made up (an illustration).
 */
export interface Workspace {
	cwd: string;
	home: string;
}
export const SIMULATED_WORKSPACE: Workspace = { cwd: '/home/user/project', home: '/home/user' };

export interface PermissionCall {
	/** The adapted tool name the model called. */
	name: string;
	/** The arguments as the model gave them (the checker reads the raw input). */
	arguments: Record<string, unknown>;
	/** The tool's `is_read_only`: false for every MCP tool, true for the built-in resource tools. */
	readOnly?: boolean;
	/** The tool's name on its server, for the lab's note on a list that names it (`rawListed`). */
	tool?: string;
}

/** Which check decided. */
export type PermissionRule =
	| 'credential-path'
	| 'denied-tool'
	| 'allowed-tool'
	| 'path-rule'
	| 'denied-command'
	| 'full-auto'
	| 'read-only'
	| 'plan-mode'
	| 'default-mode';

/** What the checker looked at: the resolved path and the command, when the arguments had them. */
export interface PermissionSubject {
	filePath: string | null;
	command: string | null;
	/**
	 * The lab's, not the checker's: `allowed_tools` or `denied_tools` names the tool by its name
	 * on the server, which the checker never matches (it compares the adapted name exactly).
	 */
	rawListed?: { list: 'allowed_tools' | 'denied_tools'; tool: string };
}

export type PermissionCheck =
	| ({
			decision: 'allow';
			reason: string;
			rule: 'allowed-tool' | 'full-auto' | 'read-only';
	  } & PermissionSubject)
	| ({
			decision: 'deny';
			reason: string;
			rule: 'credential-path' | 'denied-tool' | 'path-rule' | 'denied-command' | 'plan-mode';
			/** The glob that matched, for the path and command rules. */
			pattern?: string;
	  } & PermissionSubject)
	| ({ decision: 'ask'; prompt: string; rule: 'default-mode' } & PermissionSubject);
