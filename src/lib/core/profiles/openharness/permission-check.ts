/**
 * OpenHarness's permission checker (`permissions/checker.py`, `PermissionChecker.evaluate`) and
 * the inputs `engine/query.py` gives it (`_resolve_permission_file_path`,
 * `_extract_permission_command`), as of pierg/OpenHarness@35667ae — the version the rest of this
 * profile reproduces. Every text below is the source's own. Needed only once a call reaches its
 * permission stage, so it loads with the world's first command (lazy-call-checks.ts); the
 * settings, workspace and answer types are in permissions.ts.
 *
 * Checker order:
 * 1. a sensitive credential path → deny, whatever the mode or the settings;
 * 2. `denied_tools` (exact name) → deny; then `allowed_tools` (exact name) → allow;
 * 3. path rules (only deny rules decide), then `denied_commands` (fnmatch globs) → deny;
 * 4. mode `full_auto` → allow; a read-only tool → allow; mode `plan` → deny; mode `default` → ask.
 *
 * Because `allowed_tools` is checked before the path rules and the command patterns, listing a
 * tool there lets it past them (only the credential paths still apply). Later OpenHarness (e.g.
 * HKUDS/OpenHarness@0782434) moved the allow list after every deny rule for exactly that reason.
 */
import { pyStripSpace } from '../../python/strip';
import { fnmatch } from './hooks';
import {
	SIMULATED_WORKSPACE,
	type PermissionCall,
	type PermissionCheck,
	type PermissionSettings,
	type PermissionSubject,
	type Workspace
} from './permissions';

/**
 * `SENSITIVE_PATH_PATTERNS`: always denied, in every mode, whatever the settings say. Matched
 * with fnmatch against the resolved absolute path (and the same path with a trailing `/`, so that
 * a directory such as `~/.ssh` itself is caught by `*\/.ssh/*`).
 */
export const CREDENTIAL_PATH_PATTERNS: readonly string[] = [
	'*/.ssh/*',
	'*/.aws/credentials',
	'*/.aws/config',
	'*/.config/gcloud/*',
	'*/.azure/*',
	'*/.gnupg/*',
	'*/.docker/config.json',
	'*/.kube/config',
	'*/.openharness/credentials.json',
	'*/.openharness/copilot_auth.json'
];

/** The arguments OpenHarness reads a path from, first non-blank string wins. */
export const PATH_ARGUMENTS = ['file_path', 'path', 'root'] as const;

// ---- texts (all from checker.py / query.py) ----------------------------------------------------

export const credentialPathDenied = (filePath: string, pattern: string) =>
	`Access denied: ${filePath} is a sensitive credential path (matched built-in pattern '${pattern}')`;
export const toolDenied = (name: string) => `${name} is explicitly denied`;
export const toolAllowed = (name: string) => `${name} is explicitly allowed`;
export const pathRuleDenied = (filePath: string, pattern: string) =>
	`Path ${filePath} matches deny rule: ${pattern}`;
export const commandDenied = (pattern: string) => `Command matches deny pattern: ${pattern}`;
export const fullAutoAllowed = 'Auto mode allows all tools';
export const readOnlyAllowed = 'read-only tools are allowed';
export const planModeBlocked = 'Plan mode blocks mutating tools until the user exits plan mode';
export const defaultModeConfirmation =
	'Mutating tools require user confirmation in default mode. ' +
	'Approve the prompt when asked, or run /permissions full_auto ' +
	'if you want to allow them for this session.';
export const installCommandHint =
	'Package installation and scaffolding commands change the workspace, ' +
	'so they will not run automatically in default mode.';

/** `f"Permission denied for {tool_name}"`: the engine's text when a decision carries no reason. */
export const permissionDeniedFallback = (name: string) => `Permission denied for ${name}`;

/**
 * What the model receives when the user refuses (or nobody answers) the confirmation prompt:
 * `decision.reason or f"Permission denied for {tool_name}"` — that is, the very text of the
 * prompt. OpenHarness has no separate refusal message.
 */
export function refusalText(check: PermissionCheck, name: string): string {
	const text = check.decision === 'ask' ? check.prompt : check.reason;
	return text || permissionDeniedFallback(name);
}

/**
 * `PermissionChecker.evaluate`. MCP tools are never read-only in OpenHarness (`McpToolAdapter`
 * does not override `is_read_only`, which is False: the harness cannot know what a server's tool
 * does), so for them the "read-only tools are allowed" step never applies and default mode always
 * asks. Only the harness's own resource tools are read-only: `plan` and `default` let them run.
 */
export function checkPermission(
	settings: PermissionSettings,
	call: PermissionCall,
	workspace: Workspace = SIMULATED_WORKSPACE
): PermissionCheck {
	const filePath = permissionFilePath(call.arguments, workspace);
	const command = permissionCommand(call.arguments);
	const name = call.name;
	const subject: PermissionSubject = { filePath, command };
	const raw = call.tool;
	if (raw !== undefined && raw !== name) {
		const list = (['denied_tools', 'allowed_tools'] as const).find((key) =>
			(settings[key] ?? []).includes(raw)
		);
		if (list) subject.rawListed = { list, tool: raw };
	}

	if (filePath) {
		for (const candidate of policyMatchPaths(filePath))
			for (const pattern of CREDENTIAL_PATH_PATTERNS)
				if (fnmatch(candidate, pattern))
					return {
						decision: 'deny',
						reason: credentialPathDenied(filePath, pattern),
						rule: 'credential-path',
						pattern,
						...subject
					};
	}

	if ((settings.denied_tools ?? []).includes(name))
		return { decision: 'deny', reason: toolDenied(name), rule: 'denied-tool', ...subject };
	if ((settings.allowed_tools ?? []).includes(name))
		return { decision: 'allow', reason: toolAllowed(name), rule: 'allowed-tool', ...subject };

	// Rules with a blank pattern are skipped (with a warning) when the checker is built.
	const rules = (settings.path_rules ?? [])
		.map((rule) => ({ pattern: pyStripSpace(rule.pattern), allow: rule.allow }))
		.filter((rule) => rule.pattern !== '');
	if (filePath && rules.length > 0) {
		// A matching allow rule decides nothing: the loop goes on looking for a deny rule.
		for (const candidate of policyMatchPaths(filePath))
			for (const rule of rules)
				if (fnmatch(candidate, rule.pattern) && !rule.allow)
					return {
						decision: 'deny',
						reason: pathRuleDenied(filePath, rule.pattern),
						rule: 'path-rule',
						pattern: rule.pattern,
						...subject
					};
	}

	if (command) {
		// Globs on the whole command, not substrings: `rm -rf *` catches `rm -rf /`, `rm` alone
		// catches only the bare word.
		for (const pattern of settings.denied_commands ?? [])
			if (fnmatch(command, pattern))
				return {
					decision: 'deny',
					reason: commandDenied(pattern),
					rule: 'denied-command',
					pattern,
					...subject
				};
	}

	if (settings.mode === 'full_auto')
		return { decision: 'allow', reason: fullAutoAllowed, rule: 'full-auto', ...subject };
	if (call.readOnly)
		return { decision: 'allow', reason: readOnlyAllowed, rule: 'read-only', ...subject };
	if (settings.mode === 'plan')
		return { decision: 'deny', reason: planModeBlocked, rule: 'plan-mode', ...subject };
	const hint = installHint(command);
	return {
		decision: 'ask',
		prompt: hint ? `${defaultModeConfirmation} ${hint}` : defaultModeConfirmation,
		rule: 'default-mode',
		...subject
	};
}

/**
 * `_resolve_permission_file_path`: the first of `file_path`, `path`, `root` that is a non-blank
 * string, `~` expanded, made absolute against the cwd and resolved (`..` and `.` folded; the lab
 * has no symlinks to follow).
 */
export function permissionFilePath(
	args: Record<string, unknown>,
	workspace: Workspace = SIMULATED_WORKSPACE
): string | null {
	for (const key of PATH_ARGUMENTS) {
		const value = Object.hasOwn(args, key) ? args[key] : undefined;
		if (typeof value === 'string' && pyStripSpace(value)) return resolvePath(value, workspace);
	}
	return null;
}

/** `_extract_permission_command`: the `command` argument when it is a non-blank string, as given. */
export function permissionCommand(args: Record<string, unknown>): string | null {
	const value = Object.hasOwn(args, 'command') ? args.command : undefined;
	return typeof value === 'string' && pyStripSpace(value) ? value : null;
}

/** `Path(value).expanduser()`, then `cwd / path` when relative, then `.resolve()`. */
export function resolvePath(value: string, workspace: Workspace): string {
	let path = value;
	// Only `~` and `~/…` are expanded here; `~other` (another user's home) is left as a name.
	if (path === '~' || path.startsWith('~/')) path = workspace.home + path.slice(1);
	if (!path.startsWith('/')) path = `${workspace.cwd}/${path}`;
	const parts: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') parts.pop();
		else parts.push(part);
	}
	return `/${parts.join('/')}`;
}

/** `_policy_match_paths`: the path without trailing slashes, and the same with one. */
function policyMatchPaths(filePath: string): string[] {
	const normalized = filePath.replace(/\/+$/, '');
	if (!normalized) return [filePath];
	return [normalized, `${normalized}/`];
}

const INSTALL_MARKERS = [
	'npm install',
	'pnpm install',
	'yarn install',
	'bun install',
	'pip install',
	'uv pip install',
	'poetry install',
	'cargo install',
	'create-next-app',
	'npm create ',
	'pnpm create ',
	'yarn create ',
	'bun create ',
	'npx create-',
	'npm init ',
	'pnpm init ',
	'yarn init '
];

/** `_bash_permission_hint`: any `command` argument is read, an MCP tool's included. */
function installHint(command: string | null): string {
	if (!command) return '';
	const lowered = command.toLowerCase();
	return INSTALL_MARKERS.some((marker) => lowered.includes(marker)) ? installCommandHint : '';
}
