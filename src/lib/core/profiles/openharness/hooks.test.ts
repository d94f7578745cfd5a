import { describe, expect, it } from 'vitest';
import {
	fnmatch,
	hooksSchema,
	matchHooks,
	preHookBlocked,
	runPostToolUse,
	runPreToolUse,
	type HookSettings
} from './hooks';

describe('fnmatch (Python fnmatch.fnmatch on POSIX)', () => {
	// Every expectation below was produced by CPython 3.11's fnmatch.fnmatch.
	const table: [name: string, pattern: string, matches: boolean][] = [
		['mcp__github__create_issue', 'mcp__github__*', true],
		['mcp__github__create_issue', 'mcp__github__', false],
		['mcp__gitlab__x', 'mcp__git?ub__*', false],
		['mcp__github__x', 'mcp__git?ub__*', true],
		['MCP__github__x', 'mcp__github__*', false],
		['mcp__fs__read', '*', true],
		['', '*', true],
		['a/b/c', 'a*c', true],
		['line1\nline2', 'line1*', true],
		['mcp__a__b', 'mcp__[ab]__b', true],
		['mcp__c__b', 'mcp__[ab]__b', false],
		['mcp__c__b', 'mcp__[!ab]__b', true],
		['mcp__a__b', 'mcp__[!ab]__b', false],
		['x', '[z-a]', false],
		['z', '[z-a]', false],
		['x', '[!z-a]', true],
		['-', '[a-]', true],
		['a', '[a-]', true],
		['b', '[a-]', false],
		[']', '[]]', true],
		[']', '[!]]', false],
		['a', '[!]]', true],
		['[', '[', true],
		['[abc', '[abc', true],
		['a', '[a', false],
		['-', '[--0]', true],
		['/', '[--0]', true],
		['1', '[--0]', false],
		['\\', '[\\]', true],
		['\\', '\\', true],
		['a.b', 'a.b', true],
		['axb', 'a.b', false],
		['^', '[^]', true],
		['b', '[a-c-e]', true],
		['-', '[a-c-e]', true],
		['d', '[a-c-e]', false],
		['e', '[a-c-e]', true],
		['c', '[!-a]', true],
		['-', '[!-a]', false],
		['😀', '?', true],
		['😀x', '?x', true],
		['é', '[à-ÿ]', true],
		['(x)', '(x)', true],
		['a+', 'a+', true],
		['aa', 'a+', false],
		['$x', '$x', true],
		['rm -rf /', 'rm -rf *', true],
		['rm -rf /tmp', 'rm -rf /', false],
		['sudo rm -rf /', 'rm -rf *', false],
		['/home/user/.ssh/id_rsa', '*/.ssh/*', true],
		['/home/user/.ssh', '*/.ssh/*', false],
		['/home/user/.ssh/', '*/.ssh/*', true],
		['|', '[|~]', true],
		['mcp__srv__tool', 'mcp__**__tool', true],
		['x', '[]', false],
		['[]', '[]', true],
		['b', '[a-bc-d]', true],
		['c', '[a-bc-d]', true],
		['x', '[x-xy]', true]
	];
	it.each(table)('fnmatch(%j, %j) is %s', (name, pattern, matches) => {
		expect(fnmatch(name, pattern)).toBe(matches);
	});

	it('answers at once for many stars against a long name (a regex would take years)', () => {
		// As a regex, `*a*a*a*a*a*b` against 20,000 a's backtracks through every way to split them.
		const long = 'a'.repeat(20_000);
		expect(fnmatch(long, '*a*a*a*a*a*b')).toBe(false);
		expect(fnmatch(`${long}b`, '*a*a*a*a*a*b')).toBe(true);
		expect(fnmatch(`${long}/.ssh/${long}`, '*/.ssh/*')).toBe(true);
		expect(fnmatch(long, '*[!a]*')).toBe(false);
	});
});

const hooks: HookSettings = hooksSchema.parse({
	pre_tool_use: [
		{ matcher: 'mcp__github__*', note: 'audit log' },
		{ matcher: 'mcp__github__delete_*', block: true, reason: 'Deleting on GitHub needs a human' },
		{ matcher: 'mcp__*', block: true, reason: 'second blocker' },
		{ matcher: 'mcp__fs__write', block: true },
		{ matcher: '', note: 'matches every call' }
	],
	post_tool_use: [{ matcher: 'mcp__github__*', block: true, reason: 'ignored' }, { matcher: '*' }]
});

describe('matchHooks', () => {
	it('returns every matching hook of the event, in order, matching the whole name', () => {
		expect(
			matchHooks(hooks, 'pre_tool_use', 'mcp__github__create_issue').map((h) => h.matcher)
		).toEqual(['mcp__github__*', 'mcp__*', '']);
		expect(matchHooks(hooks, 'pre_tool_use', 'read_file').map((h) => h.matcher)).toEqual(['']);
		expect(matchHooks(hooks, 'post_tool_use', 'mcp__fs__read').map((h) => h.matcher)).toEqual([
			'*'
		]);
	});

	it('matches an empty tool name against the event name, as OpenHarness does', () => {
		const byEvent = hooksSchema.parse({ pre_tool_use: [{ matcher: 'pre_*' }, { matcher: 'x' }] });
		expect(matchHooks(byEvent, 'pre_tool_use', '').map((h) => h.matcher)).toEqual(['pre_*']);
	});

	it('has nothing to run without hooks', () => {
		expect(matchHooks(undefined, 'pre_tool_use', 'mcp__a__b')).toEqual([]);
		expect(matchHooks({}, 'post_tool_use', 'mcp__a__b')).toEqual([]);
	});
});

describe('pre_tool_use', () => {
	it.each([
		['mcp__github__delete_repo', 'Deleting on GitHub needs a human'],
		// The first blocking hook gives the reason, even when a later one has its own.
		['mcp__slack__post', 'second blocker'],
		// A blocking hook without a reason: the engine's own text.
		['mcp__fs__write', 'second blocker'],
		['mcp_fs_write', null]
	])('%s → %s', (name, reason) => {
		const outcome = runPreToolUse(hooks, name, { a: 1 });
		if (reason === null) expect(outcome.blocked).toBe(false);
		else expect(outcome).toMatchObject({ blocked: true, reason });
	});

	it('says `pre_tool_use hook blocked <name>` when the blocking hook gives no reason', () => {
		const only = hooksSchema.parse({ pre_tool_use: [{ matcher: 'mcp__fs__*', block: true }] });
		expect(runPreToolUse(only, 'mcp__fs__write', {})).toEqual({
			blocked: true,
			reason: 'pre_tool_use hook blocked mcp__fs__write',
			ran: [{ matcher: 'mcp__fs__*', block: true }],
			payload: { tool_name: 'mcp__fs__write', tool_input: {}, event: 'pre_tool_use' }
		});
		expect(preHookBlocked('x')).toBe('pre_tool_use hook blocked x');
	});

	it('runs every matching hook, also after one blocked', () => {
		const outcome = runPreToolUse(hooks, 'mcp__github__delete_repo', {});
		expect(outcome.ran.map((h) => h.matcher)).toEqual([
			'mcp__github__*',
			'mcp__github__delete_*',
			'mcp__*',
			''
		]);
	});

	it('runs for names no registry knows', () => {
		const outcome = runPreToolUse(hooks, 'mcp__nowhere__tool', {});
		expect(outcome).toMatchObject({ blocked: true, reason: 'second blocker' });
	});
});

describe('post_tool_use', () => {
	it('gives every matching hook the payload and never blocks', () => {
		expect(runPostToolUse(hooks, 'mcp__github__get', { id: 1 }, 'out', false)).toEqual({
			ran: [{ matcher: 'mcp__github__*', block: true, reason: 'ignored' }, { matcher: '*' }],
			payload: {
				tool_name: 'mcp__github__get',
				tool_input: { id: 1 },
				tool_output: 'out',
				tool_is_error: false,
				event: 'post_tool_use'
			}
		});
	});
});

describe('hooksSchema', () => {
	it('accepts the simulated hook shape and rejects a hook without matcher', () => {
		expect(hooksSchema.safeParse({ pre_tool_use: [{ matcher: 'x', block: true }] }).success).toBe(
			true
		);
		const bad = hooksSchema.safeParse({ pre_tool_use: [{ block: true }] });
		expect(bad.success).toBe(false);
		expect(bad.error?.issues[0].path).toEqual(['pre_tool_use', 0, 'matcher']);
	});
});
