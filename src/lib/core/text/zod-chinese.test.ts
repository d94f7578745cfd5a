import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { i18n } from '$lib/i18n/locale.svelte';
import { schemaErrors } from '$lib/components/editor/schema-errors';
import { chineseError } from './zod-chinese';

/** A scenario with one of each kind of problem zod words itself. */
const broken = {
	profile: 'x',
	mcp_servers: {
		chat: { type: 'websocket', url: 'wss://x' },
		calendar: { command: 5 },
		web: { type: 'http', url: 'u', headers: { a: 1 }, live: 'yes' },
		fs: {
			command: 'x',
			args: 'a b',
			sim: {
				latencyMs: 3_600_001,
				protocolVersions: [],
				capabilities: { tools: 5, resources: { subscribe: 'yes' } },
				serverInfo: { name: 'n' },
				tools: [
					{ name: 't', latencyMs: 1.5, result: { content: [{ type: 'txt' }] } },
					{ name: 'u', inputSchema: null, error: { code: 1, message: 'm' }, crash: 1 }
				]
			}
		}
	},
	plugins: { p: { mcp_servers: { '': { command: 'x' } } } },
	host: { elicitation: 'form', roots: [{ uri: 5 }] },
	miniharness: { user: '', policy: { t: 'never' } },
	toolsource: { summaryChars: 5 }
};

const messages = (error = schemaErrors()) => {
	const result = parseScenario(broken, { error });
	if (result.ok) throw new Error('must not parse');
	return Object.fromEntries(result.problems.map((p) => [p.path, p.message]));
};

afterEach(() => {
	i18n.locale = 'en';
});

describe("zod's messages on a Chinese page", () => {
	it('say as much as the English: allowed values, type words, bounds', () => {
		i18n.locale = 'zh-CN';
		const zh = messages();
		expect(zh['mcp_servers.chat.type']).toBe("判别值无效：期望以下之一 'stdio' | 'http' | 'ws'");
		expect(zh['mcp_servers.calendar.command']).toBe('无效输入：期望字符串，实际接收数字');
		expect(zh['mcp_servers.web.headers.a']).toBe('无效输入：期望字符串，实际接收数字');
		expect(zh['mcp_servers.web.live']).toBe('无效输入：期望布尔值，实际接收字符串');
		expect(zh['mcp_servers.fs.args']).toBe('无效输入：期望数组，实际接收字符串');
		expect(zh['mcp_servers.fs.sim.latencyMs']).toBe('过大：期望数字至多为 3600000');
		expect(zh['mcp_servers.fs.sim.protocolVersions']).toBe('过小：期望数组至少包含 1 项');
		expect(zh['mcp_servers.fs.sim.serverInfo.version']).toBe(
			'无效输入：期望字符串，实际接收未定义'
		);
		expect(zh['mcp_servers.fs.sim.tools[0].latencyMs']).toBe('无效输入：期望整数，实际接收数字');
		expect(zh['mcp_servers.fs.sim.tools[1].inputSchema']).toBe(
			'无效输入：期望对象，实际接收空值(null)'
		);
		expect(zh['mcp_servers.fs.sim.tools[1].crash']).toBe('无效输入：期望布尔值，实际接收数字');
		// As in English ("Invalid key in record"): the key is the problem's path.
		expect(zh['plugins.p.mcp_servers[""]']).toBe('对象中的键(key)无效');
		expect(zh['miniharness.user']).toBe('过小：期望字符串至少包含 1 个字符');
		expect(zh['toolsource.summaryChars']).toBe('过小：期望数字至少为 100');
		// A union none of whose forms takes the value's kind names the kinds that would do; a
		// value of the right kind for one form gets that form's problem, where it is.
		expect(zh['mcp_servers.fs.sim.capabilities.tools']).toBe(
			'无效输入：期望布尔值或对象，实际接收数字'
		);
		expect(zh['mcp_servers.fs.sim.capabilities.resources.subscribe']).toBe(
			'无效输入：期望布尔值，实际接收字符串'
		);
		expect(zh['host.elicitation']).toBe('无效输入：期望布尔值或对象，实际接收字符串');
		expect(zh['host.roots[0].uri']).toBe('无效输入：期望字符串，实际接收数字');
		// zod's own Chinese where it already lists the values.
		expect(zh['miniharness.policy.t']).toBe('无效选项：期望以下之一 "deny"|"ask"|"auto"');
	});

	it('leave no English type word outside the values quoted, for every problem English names', () => {
		const en = messages(undefined);
		i18n.locale = 'zh-CN';
		const zh = messages();
		expect(Object.keys(zh)).toEqual(Object.keys(en));
		const TYPE = /\b(?:string|number|int|boolean|object|record|array|undefined|items|characters)\b/;
		for (const [path, message] of Object.entries(zh)) {
			const unquoted = message.replace(/"[^"]*"|'[^']*'/g, '');
			expect(unquoted, path).not.toMatch(TYPE);
			expect(unquoted, path).toMatch(/[\u4e00-\u9fff]/);
			// Every value and number the English gives, the Chinese gives too.
			for (const token of en[path].match(/'[^']*'|"[^"]*"|\d+/g) ?? [])
				expect(message, `${path}: ${en[path]}`).toContain(token);
		}
	});

	it('word sizes exactly, and bounds that are not inclusive', () => {
		const issue = (extra: Record<string, unknown>) =>
			chineseError({ input: [], path: [], ...extra } as never);
		expect(issue({ code: 'too_big', origin: 'array', maximum: 3, exact: true })).toBe(
			'过大：期望数组恰好包含 3 项'
		);
		expect(issue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false })).toBe(
			'过小：期望数字大于 0'
		);
		expect(issue({ code: 'too_big', origin: 'string', maximum: 8, inclusive: false })).toBe(
			'过大：期望字符串包含少于 8 个字符'
		);
		expect(issue({ code: 'invalid_key', origin: 'record' })).toBe('对象中的键(key)无效');
		expect(issue({ code: 'invalid_union', inclusive: false, errors: [] })).toBe(
			'无效输入：匹配了不止一个选项'
		);
	});
});
