import { describe, expect, it } from 'vitest';
import {
	checkPermission,
	CREDENTIAL_PATH_PATTERNS,
	permissionCommand,
	permissionFilePath,
	refusalText,
	resolvePath
} from './permission-check';
import { permissionsSchema, SIMULATED_WORKSPACE, type PermissionSettings } from './permissions';

const DEFAULT_PROMPT =
	'Mutating tools require user confirmation in default mode. Approve the prompt when asked, or run /permissions full_auto if you want to allow them for this session.';
const PLAN = 'Plan mode blocks mutating tools until the user exits plan mode';

const check = (settings: PermissionSettings, name: string, args: Record<string, unknown> = {}) =>
	checkPermission(settings, { name, arguments: args });

describe('resolving the path the checker looks at', () => {
	// Expected values: Python's Path(v).expanduser(), cwd / path, normalised (HOME=/home/user).
	it.each([
		['notes.txt', '/home/user/project/notes.txt'],
		['~', '/home/user'],
		['~/.ssh/id_rsa', '/home/user/.ssh/id_rsa'],
		['./x/./y/', '/home/user/project/x/y'],
		['../../../../etc/passwd', '/etc/passwd'],
		['/x//y/', '/x/y'],
		['sub/../.aws/credentials', '/home/user/project/.aws/credentials']
	])('%s → %s', (value, resolved) => {
		expect(resolvePath(value, SIMULATED_WORKSPACE)).toBe(resolved);
	});

	it('reads file_path, then path, then root: the first non-blank string', () => {
		expect(permissionFilePath({ root: '/r', path: '/p', file_path: '/f' })).toBe('/f');
		expect(permissionFilePath({ root: '/r', path: '/p', file_path: '  ' })).toBe('/p');
		expect(permissionFilePath({ root: '/r', path: 5 })).toBe('/r');
		expect(permissionFilePath({ filename: '/etc/shadow' })).toBeNull();
	});

	it('reads a non-blank string command, as given', () => {
		expect(permissionCommand({ command: ' ls ' })).toBe(' ls ');
		expect(permissionCommand({ command: '   ' })).toBeNull();
		expect(permissionCommand({ command: ['rm'] })).toBeNull();
	});
});

describe('permission checker (OpenHarness order)', () => {
	it('lists the built-in credential patterns of checker.py', () => {
		expect(CREDENTIAL_PATH_PATTERNS).toEqual([
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
		]);
	});

	describe('1. a credential path is denied in every mode, whatever the settings', () => {
		const everything: PermissionSettings[] = [
			{ mode: 'default' },
			{ mode: 'plan' },
			{ mode: 'full_auto' },
			{ mode: 'full_auto', allowed_tools: ['mcp__fs__read'] }
		];
		it.each(everything)('%j', (settings) => {
			expect(check(settings, 'mcp__fs__read', { path: '~/.ssh/id_rsa' })).toEqual({
				decision: 'deny',
				reason:
					"Access denied: /home/user/.ssh/id_rsa is a sensitive credential path (matched built-in pattern '*/.ssh/*')",
				rule: 'credential-path',
				pattern: '*/.ssh/*',
				filePath: '/home/user/.ssh/id_rsa',
				command: null
			});
		});

		it.each([
			[{ root: '/home/user/.ssh' }, '/home/user/.ssh', '*/.ssh/*'],
			[
				{ file_path: '.aws/credentials' },
				'/home/user/project/.aws/credentials',
				'*/.aws/credentials'
			],
			[{ path: '/srv/.gnupg/pubring.kbx' }, '/srv/.gnupg/pubring.kbx', '*/.gnupg/*'],
			[{ path: '~/.kube/config' }, '/home/user/.kube/config', '*/.kube/config']
		])('%j → %s', (args, filePath, pattern) => {
			const result = check({ mode: 'full_auto' }, 'mcp__fs__list', args);
			expect(result).toMatchObject({
				decision: 'deny',
				rule: 'credential-path',
				filePath,
				pattern
			});
			expect(result.decision === 'deny' && result.reason).toBe(
				`Access denied: ${filePath} is a sensitive credential path (matched built-in pattern '${pattern}')`
			);
		});

		it('only reads file_path / path / root', () => {
			expect(
				check({ mode: 'full_auto' }, 'mcp__fs__read', { target: '~/.ssh/id_rsa' })
			).toMatchObject({ decision: 'allow' });
			// .aws/sso is not in the list: only the two named files are.
			expect(check({ mode: 'full_auto' }, 'mcp__fs__read', { path: '~/.aws/sso/x' })).toMatchObject(
				{
					decision: 'allow'
				}
			);
		});
	});

	describe('2. denied_tools, then allowed_tools (exact names)', () => {
		it('denies a listed tool, even when it is also allowed', () => {
			expect(
				check(
					{
						mode: 'full_auto',
						denied_tools: ['mcp__gh__delete'],
						allowed_tools: ['mcp__gh__delete']
					},
					'mcp__gh__delete'
				)
			).toEqual({
				decision: 'deny',
				reason: 'mcp__gh__delete is explicitly denied',
				rule: 'denied-tool',
				filePath: null,
				command: null
			});
		});

		it('allows a listed tool in plan mode, without asking in default mode', () => {
			for (const mode of ['plan', 'default'] as const)
				expect(check({ mode, allowed_tools: ['mcp__gh__get'] }, 'mcp__gh__get')).toEqual({
					decision: 'allow',
					reason: 'mcp__gh__get is explicitly allowed',
					rule: 'allowed-tool',
					filePath: null,
					command: null
				});
		});

		it('compares exact names: no globs, no prefixes', () => {
			expect(
				check({ mode: 'plan', denied_tools: ['mcp__gh__*', 'mcp__gh'] }, 'mcp__gh__get')
			).toMatchObject({ decision: 'deny', rule: 'plan-mode' });
		});

		it('lets an allowed tool past path rules and denied commands (this version checks it first)', () => {
			const settings: PermissionSettings = {
				mode: 'default',
				allowed_tools: ['mcp__sh__run'],
				path_rules: [{ pattern: '/etc/*', allow: false }],
				denied_commands: ['rm *']
			};
			expect(
				check(settings, 'mcp__sh__run', { path: '/etc/hosts', command: 'rm -rf /' })
			).toMatchObject({
				decision: 'allow',
				rule: 'allowed-tool'
			});
		});
	});

	describe('the lab’s note: a list that names the tool by its server’s name', () => {
		const call = { name: 'mcp__tickets__create_ticket', arguments: {}, tool: 'create_ticket' };
		it('is noted, and matched by nothing: default mode still asks, full_auto still allows', () => {
			expect(
				checkPermission({ mode: 'default', allowed_tools: ['create_ticket'] }, call)
			).toMatchObject({
				decision: 'ask',
				rule: 'default-mode',
				rawListed: { list: 'allowed_tools', tool: 'create_ticket' }
			});
			expect(
				checkPermission({ mode: 'full_auto', denied_tools: ['create_ticket'] }, call)
			).toMatchObject({
				decision: 'allow',
				rule: 'full-auto',
				rawListed: { list: 'denied_tools', tool: 'create_ticket' }
			});
		});

		it('is not noted when only the adapted name is listed, or for a tool named as adapted', () => {
			const allowed = checkPermission(
				{ mode: 'default', allowed_tools: ['mcp__tickets__create_ticket'] },
				call
			);
			expect(allowed).toMatchObject({ decision: 'allow', rule: 'allowed-tool' });
			expect(allowed).not.toHaveProperty('rawListed');
			const builtin = { name: 'list_mcp_resources', arguments: {}, tool: 'list_mcp_resources' };
			expect(
				checkPermission({ mode: 'plan', allowed_tools: ['list_mcp_resources'] }, builtin)
			).not.toHaveProperty('rawListed');
		});
	});

	describe('3. path rules, then denied commands', () => {
		const settings: PermissionSettings = {
			mode: 'full_auto',
			path_rules: [
				{ pattern: '/home/user/project/*', allow: true },
				{ pattern: '  */secrets/*  ', allow: false },
				{ pattern: '   ', allow: false },
				{ pattern: '/etc/*', allow: false }
			],
			denied_commands: ['rm -rf *', 'git push*']
		};

		it.each([
			[
				{ path: 'secrets/token' },
				'Path /home/user/project/secrets/token matches deny rule: */secrets/*'
			],
			[{ file_path: '/etc/hosts' }, 'Path /etc/hosts matches deny rule: /etc/*'],
			// The directory itself is caught through the trailing-slash form.
			[{ root: '/etc' }, 'Path /etc matches deny rule: /etc/*']
		])('%j → %s', (args, reason) => {
			expect(check(settings, 'mcp__fs__read', args)).toMatchObject({
				decision: 'deny',
				reason,
				rule: 'path-rule'
			});
		});

		it('decides nothing on a matching allow rule: the mode still applies', () => {
			expect(
				check({ ...settings, mode: 'plan' }, 'mcp__fs__read', { path: 'README.md' })
			).toMatchObject({
				decision: 'deny',
				reason: PLAN
			});
			expect(
				check({ ...settings, mode: 'default' }, 'mcp__fs__read', { path: 'README.md' })
			).toMatchObject({ decision: 'ask' });
		});

		it.each([
			['rm -rf /', 'Command matches deny pattern: rm -rf *'],
			['git push --force', 'Command matches deny pattern: git push*']
		])('command %j → %s', (command, reason) => {
			expect(check(settings, 'mcp__sh__run', { command })).toMatchObject({
				decision: 'deny',
				reason,
				rule: 'denied-command',
				command
			});
		});

		it('matches commands as whole-string globs, not substrings', () => {
			expect(check(settings, 'mcp__sh__run', { command: 'sudo rm -rf /' })).toMatchObject({
				decision: 'allow',
				rule: 'full-auto'
			});
		});

		it('checks the path before the command', () => {
			expect(
				check(settings, 'mcp__sh__run', { path: '/etc/x', command: 'rm -rf /' })
			).toMatchObject({ rule: 'path-rule' });
		});
	});

	describe('4. the mode', () => {
		it.each([
			['full_auto', { decision: 'allow', reason: 'Auto mode allows all tools', rule: 'full-auto' }],
			['plan', { decision: 'deny', reason: PLAN, rule: 'plan-mode' }],
			['default', { decision: 'ask', prompt: DEFAULT_PROMPT, rule: 'default-mode' }]
		] as const)('%s', (mode, expected) => {
			expect(check({ mode }, 'mcp__fs__read', { path: 'README.md' })).toEqual({
				...expected,
				filePath: '/home/user/project/README.md',
				command: null
			});
		});

		it('adds the install hint when a command argument installs packages', () => {
			const result = check({ mode: 'default' }, 'mcp__sh__run', {
				command: 'NPM INSTALL left-pad'
			});
			expect(result.decision === 'ask' && result.prompt).toBe(
				`${DEFAULT_PROMPT} Package installation and scaffolding commands change the workspace, so they will not run automatically in default mode.`
			);
		});
	});
});

describe('a read-only tool (OpenHarness’s built-in resource tools)', () => {
	const readOnly = (settings: PermissionSettings, args: Record<string, unknown> = {}) =>
		checkPermission(settings, { name: 'read_mcp_resource', arguments: args, readOnly: true });

	it('is allowed after full_auto and before plan and default mode', () => {
		expect(readOnly({ mode: 'full_auto' })).toMatchObject({
			decision: 'allow',
			reason: 'Auto mode allows all tools',
			rule: 'full-auto'
		});
		for (const mode of ['plan', 'default'] as const)
			expect(readOnly({ mode }, { server: 'docs', uri: 'file:///home/user/.ssh/id_rsa' })).toEqual({
				decision: 'allow',
				reason: 'read-only tools are allowed',
				rule: 'read-only',
				// A `uri` is not one of the arguments a path is read from.
				filePath: null,
				command: null
			});
	});

	it('is still denied by the rules before it: a credential path, denied_tools', () => {
		expect(readOnly({ mode: 'plan' }, { path: '~/.ssh/id_rsa' })).toMatchObject({
			decision: 'deny',
			rule: 'credential-path'
		});
		expect(readOnly({ mode: 'default', denied_tools: ['read_mcp_resource'] })).toMatchObject({
			decision: 'deny',
			reason: 'read_mcp_resource is explicitly denied'
		});
	});
});

describe('refusal', () => {
	it('gives the model the prompt itself, as OpenHarness does', () => {
		const asked = check({ mode: 'default' }, 'mcp__fs__write');
		expect(refusalText(asked, 'mcp__fs__write')).toBe(DEFAULT_PROMPT);
	});

	it('falls back to `Permission denied for <name>` when a decision has no text', () => {
		expect(
			refusalText(
				{ decision: 'deny', reason: '', rule: 'plan-mode', filePath: null, command: null },
				'mcp__fs__write'
			)
		).toBe('Permission denied for mcp__fs__write');
	});
});

describe('permissionsSchema', () => {
	it('fills OpenHarness defaults: mode default, path rules allow', () => {
		expect(permissionsSchema.parse({ path_rules: [{ pattern: '/tmp/*' }] })).toEqual({
			mode: 'default',
			path_rules: [{ pattern: '/tmp/*', allow: true }]
		});
	});

	it('names the path of a bad field', () => {
		const bad = permissionsSchema.safeParse({ mode: 'yolo', denied_tools: ['a', 3] });
		expect(bad.success).toBe(false);
		expect(bad.error?.issues.map((i) => i.path)).toEqual([['mode'], ['denied_tools', 1]]);
	});

	it('accepts what the checker takes', () => {
		const parsed: PermissionSettings = permissionsSchema.parse({
			mode: 'plan',
			allowed_tools: ['x'],
			denied_tools: [],
			denied_commands: ['rm *']
		});
		expect(check(parsed, 'x')).toMatchObject({ decision: 'allow' });
	});
});
