import { afterEach, describe, expect, it } from 'vitest';
import { contextualRefusals } from '$lib/core/profiles/contextual/refusals';
import { miniharnessRefusals } from '$lib/core/profiles/miniharness/refusals';
import { toolsourceRefusals } from '$lib/core/profiles/toolsource/refusals';
import { trustRefusals } from '$lib/core/profiles/trust/refusals';
import { shareRefusal, shareRefusals } from '$lib/core/share/refusals';
import { refusal, refusals, worldRefusals } from '$lib/core/world/command-errors';
import { WorldCommandError } from '$lib/core/world/events';
import { hostRefusals } from '$lib/core/world/host-refusals';
import { LiveCommandError } from '$lib/core/world/live-io';
import { parseLogFile } from '$lib/core/share/log-file';
import { checkShared } from '$lib/core/share/share-link';
import { m } from '$lib/paraglide/messages';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { i18n } from './locale.svelte';
import {
	commandErrorText,
	failureAnnouncement,
	type CommandErrorKey,
	type CommandErrorParams
} from './command-error';

afterEach(() => overwriteGetLocale(() => 'en'));

/** Values for every key's placeholders: each one distinct, so a swapped pair shows. */
const sample: { [K in CommandErrorKey]: CommandErrorParams<K> } = {
	not_waiting_approval: { id: 'c3' },
	not_waiting_step: { id: 'c4' },
	not_in_flight: { id: 'c9' },
	nothing_to_reconcile: { id: 'c2' },
	no_retry: { id: 'c7' },
	run_interrupted: { ids: 'c1, c5' },
	wait_seconds: { max: '600', value: '0.5' },
	no_command: { profile: 'miniharness', command: 'fly' },
	no_command_of: { profile: 'trust', command: 'fly', commands: 'trust, untrust' },
	no_run: undefined,
	run_starting: undefined,
	run_failed: { error: 'HTTP 401' },
	must_be_text: { field: 'run_id' },
	unknown_identity: { identity: 'mallory', identities: 'alice, bob' },
	metadata_not_object: undefined,
	run_servers: { servers: 'crm, docs' },
	unknown_connector: { connector: 'evil', connectors: 'github, notion' },
	grant_tool_name: undefined,
	must_be_boolean: { key: 'allowed' },
	toolsource_loading: undefined,
	toolsource_loading_retry: undefined,
	toolsource_only: { profile: 'openharness' },
	delay_range: { ms: '-5' },
	no_roots: undefined,
	root_not_file: { uri: 'https://x' },
	log_level: { levels: 'debug, info', level: 'loud' },
	world_replaced: undefined,
	unknown_server: { server: 'ghost', servers: 'filesystem, realtime' },
	host_request_not_waiting: { id: 'h1' },
	host_request_not_kind: { id: 'h2', kind: 'sampling' },
	reply_too_long: { max: '4000', length: '4001' },
	answer_shape: undefined,
	answer_misfit: { detail: 'Instance has "x"' },
	not_share_link: undefined,
	share_newer: { format: '99', reads: '1' },
	share_older: { format: '0' },
	share_too_big: undefined,
	share_unpack: undefined,
	share_not_json: undefined,
	share_damaged_at: { path: 'scenario', detail: 'Invalid input' },
	share_refused: { path: 'actions[6]', detail: 'The world said no.' },
	share_seq: { path: 'actions[1].seq', expected: '2', found: '5' },
	share_during: { path: 'actions[2].during', found: '3' },
	share_during_action: { path: 'actions[2].during', action: 'kill' },
	share_step_past: { at: '12', length: '10' },
	log_not_json: { detail: 'Unexpected token' },
	log_invalid_at: { path: 'actions[3]', detail: 'Required' },
	log_seq: { path: 'actions[2].seq', expected: '3', found: '7' },
	log_during: { path: 'actions[4].during', found: '9' },
	log_during_action: { path: 'actions[4].during', action: 'callTool' },
	log_refused: { path: 'actions[8]', detail: 'Refused.' },
	long_log: undefined,
	no_step: { n: '40', last: '30' },
	step_refused: { n: '11', detail: 'Nope.' },
	changed_while_replayed: { n: '6' },
	changed_while_rebuilt: { n: '5' },
	page_closed: undefined,
	check_unavailable: undefined,
	live_replay: { servers: 'remote, notes' }
};

const all = {
	...worldRefusals,
	...hostRefusals,
	...toolsourceRefusals,
	...contextualRefusals,
	...trustRefusals,
	...miniharnessRefusals,
	...shareRefusals
};
const keys = Object.keys(all) as CommandErrorKey[];
const make = (key: CommandErrorKey) =>
	(refusals(all) as (k: CommandErrorKey, p?: object) => WorldCommandError)(key, sample[key]);

describe('a refused command in the page language', () => {
	it('says each refusal in English exactly as the world words it (the API and tests see that)', () => {
		// No key is in two tables (a spread would hide one), and the sample covers them all.
		const tables = [worldRefusals, hostRefusals, toolsourceRefusals, contextualRefusals];
		const count = [...tables, trustRefusals, miniharnessRefusals, shareRefusals].reduce(
			(n, table) => n + Object.keys(table).length,
			0
		);
		expect(keys.length).toBe(count);
		expect(keys.length).toBe(Object.keys(sample).length);
		for (const key of keys) {
			const error = make(key);
			expect(error).toBeInstanceOf(WorldCommandError);
			expect(error.key).toBe(key);
			expect(commandErrorText(error), key).toBe(error.message);
		}
	});

	it('says each one in Chinese, with every value the English sentence has', () => {
		overwriteGetLocale(() => 'zh-CN');
		for (const key of keys) {
			const error = make(key);
			const text = commandErrorText(error)!;
			expect(text, key).not.toBe(error.message);
			for (const value of Object.values(sample[key] ?? {})) expect(text, key).toContain(value);
		}
		expect(commandErrorText(refusal('not_waiting_approval', { id: 'c3' }))).toBe(
			'调用 c3 没有在等待批准。'
		);
	});

	it('puts the page’s own word for an empty list', () => {
		const error = refusal('unknown_server', { server: 'ghost', servers: '' });
		expect(error.message).toBe("Unknown server 'ghost'. Servers in this world: none.");
		overwriteGetLocale(() => 'zh-CN');
		expect(commandErrorText(error)).toBe('未知服务器“ghost”。此世界中的服务器：无。');
	});

	it('says an empty JSON path as the top level, in each language', () => {
		const error = shareRefusal('log_invalid_at', { path: '', detail: 'Required' });
		expect(error.message).toBe('The file is not an MCP Lab log at its top level: Required');
		overwriteGetLocale(() => 'zh-CN');
		expect(commandErrorText(error)).toBe('该文件不是 MCP Lab 日志，问题位于 顶层：Required');
	});

	it('says why a log file is not JSON in the page’s language, not the engine’s English', async () => {
		const broken = async (text: string) => {
			const parsed = await parseLogFile(text);
			if (parsed.ok) throw new Error(`${text} parsed`);
			return parsed;
		};
		const end = await broken('{"a":');
		const name = await broken('{\n  a: 1}');
		// English: the engine's own sentence, as before.
		expect(end.error).toBe('The file is not JSON (Unexpected end of JSON input).');
		expect(commandErrorText(end.why)).toBe(end.error);
		expect(commandErrorText(name.why)).toBe(name.error);
		i18n.locale = 'zh-CN';
		expect(commandErrorText(end.why)).toBe('该文件不是 JSON（文本提前结束）。');
		expect(commandErrorText(name.why)).toBe(
			'该文件不是 JSON（第 2 行第 3 列：此处应为带双引号的属性名）。'
		);
	});

	it('says what is wrong in a log file or a share link in the page’s language, not zod’s English', async () => {
		const file = await parseLogFile(
			JSON.stringify({
				scenario: { profile: 'claude', mcp_servers: {} },
				actions: [{ seq: 1, t: 0, during: null, action: { do: 'delay', server: 's', ms: '2000' } }]
			})
		);
		if (file.ok) throw new Error('the file parsed');
		expect(commandErrorText(file.why)).toBe(
			'The file is not an MCP Lab log at scenario.profile: Invalid option: expected one of "openharness"|"toolsource"|"trust"|"miniharness"|"contextual"'
		);
		const link = await checkShared({
			v: 1,
			lab: null,
			labStep: 0,
			scenario: {},
			actions: 'x',
			at: 0
		});
		if (link.ok) throw new Error('the link opened');
		overwriteGetLocale(() => 'zh-CN');
		expect(commandErrorText(file.why)).toBe(
			'该文件不是 MCP Lab 日志，问题位于 scenario.profile：无效选项：期望以下之一 "openharness"|"toolsource"|"trust"|"miniharness"|"contextual"'
		);
		expect(commandErrorText(link.why)).toMatch(/^链接在 \S+ 处损坏：无效输入：期望/);
		// The word meant, in the page's words too.
		const typo = await parseLogFile(
			JSON.stringify({
				scenario: { mcp_servers: {} },
				actions: [{ seq: 1, t: 0, during: null, action: { do: 'kill', sever: 's' } }]
			})
		);
		if (typo.ok) throw new Error('the file parsed');
		expect(commandErrorText(typo.why)).toBe(
			'该文件不是 MCP Lab 日志，问题位于 actions[0].action：出现未知的键(key): "sever"（是否想写“server”？）'
		);
	});

	it('says the world’s refusal a replayed action met in the page’s language, when it has its words', () => {
		const refused = (refusal: Record<string, string>) =>
			shareRefusal('log_refused', {
				path: 'actions[2]',
				detail: 'A root is a file:// URI, not "x".',
				...refusal
			});
		const known = refused({ refusal: 'root_not_file', refusal_uri: 'x' });
		const unknown = refused({ refusal: 'no_such_refusal' });
		expect(commandErrorText(known)).toBe(known.message);
		expect(known.message).toBe(
			'The file is not an MCP Lab log at actions[2]: the world refuses that action. A root is a file:// URI, not "x".'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(commandErrorText(known)).toBe(
			`该文件不是 MCP Lab 日志，问题位于 actions[2]：世界拒绝执行该操作。${m.command_error_root_not_file({ uri: 'x' })}`
		);
		// Words it does not have: the world's English sentence.
		expect(commandErrorText(unknown)).toBe(
			'该文件不是 MCP Lab 日志，问题位于 actions[2]：世界拒绝执行该操作。A root is a file:// URI, not "x".'
		);
	});

	it('names the live card’s Disconnect button as it is labelled when refusing hang', () => {
		const hang = new LiveCommandError('English', 'live_refuses_hang', { server: 'fs' });
		expect(commandErrorText(hang)).toBe(
			"'fs' is a live server: the lab cannot make a real server stop answering. Disconnect drops the lab's connection to it instead."
		);
		expect(commandErrorText(hang)).toContain(m.live_disconnect());
		overwriteGetLocale(() => 'zh-CN');
		expect(commandErrorText(hang)).toBe(
			'“fs”是真实服务器：本实验无法让真实服务器停止应答。请改用“断开”，丢弃本实验与它的连接。'
		);
		expect(commandErrorText(hang)).toContain(`“${m.live_disconnect()}”`);
	});

	it('translates a live server’s refusal, and leaves any other failure to its message', () => {
		overwriteGetLocale(() => 'zh-CN');
		const hang = new LiveCommandError('English', 'live_refuses_hang', { server: 'live-fs' });
		expect(commandErrorText(hang)).toBe(m.live_refuses_hang({ server: 'live-fs' }));
		expect(commandErrorText(new Error('MCP error -32000: Connection closed'))).toBeNull();
		expect(commandErrorText(new WorldCommandError('no key'))).toBeNull();
		expect(commandErrorText({ key: 'toString' })).toBeNull();
		expect(commandErrorText('text')).toBeNull();
		expect(failureAnnouncement('调用 c3 没有在等待批准。')).toBe(
			'上一条命令失败：调用 c3 没有在等待批准。'
		);
	});
});
