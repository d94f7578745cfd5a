import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { unsupported } from '$lib/core/scenario/problems';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { i18n } from '$lib/i18n/locale.svelte';
import { problemSentence, problemText } from './problem-words';
import { scenarioDiagnostics } from './scenario-diagnostics';
import { schemaErrors } from './schema-errors';

/** The core's own sentences for these inputs, as the editor receives them. */
function sentences(): string[] {
	const invalid = [
		{ mcpServers: {} },
		JSON.parse('{"mcp_servers": {"__proto__": {"command": "x"}}}'),
		{
			mcp_servers: {
				s: {
					command: 'x',
					sim: {
						resources: [{ uri: 'a://b', name: 'b', text: 't', blob: 'aGk=' }],
						resourceTemplates: [{ uriTemplate: 'a://{x', name: 't' }]
					}
				},
				t: { command: 'x', sim: { resources: [{ uri: 'a://c', name: 'c', blob: 'not base64!' }] } }
			},
			host: { roots: ['/tmp'] }
		},
		{
			mcp_servers: {
				d: {
					command: 'x',
					sim: {
						tools: [{ name: 't' }, { name: 't' }],
						prompts: [{ name: 'p' }, { name: 'p' }],
						resources: [
							{ uri: 'a://r', name: 'r' },
							{ uri: 'a://r', name: 'r' }
						],
						resourceTemplates: [
							{ uriTemplate: 'a://{x}', name: 'm' },
							{ uriTemplate: 'b://{x}', name: 'm' }
						]
					}
				}
			}
		},
		{ mcp_servers: { a: { command: 'x' } }, contextual: { servers: { ghost: {} } } },
		{ mcp_servers: {}, contextual: { servers: { ghost: {} } } }
	].flatMap((input) => {
		const result = parseScenario(input);
		return result.ok ? [] : result.problems.map((p) => p.message);
	});
	const parsed = parseScenario({ profile: 'trust', mcp_servers: {} });
	if (!parsed.ok) throw new Error('trust must parse');
	return [...invalid, ...unsupported(parsed.scenario, ['openharness']).map((p) => p.message)];
}

afterEach(() => overwriteGetLocale(() => 'en'));

describe("the lab's validation sentences in the page's language", () => {
	it('are the same words in English, and Chinese in Chinese (none left in English)', () => {
		const all = sentences();
		expect(all).toHaveLength(13);
		overwriteGetLocale(() => 'en');
		expect(all.map(problemText)).toEqual(all);
		overwriteGetLocale(() => 'zh-CN');
		const zh = all.map(problemText);
		expect(zh).toEqual([
			'此格式的键是 mcp_servers（OpenHarness 的设置），而不是 mcpServers（Claude Desktop 和 Cursor 的写法）。',
			'这里不能使用 __proto__ 这个名称（JavaScript 保留了它），请改名。',
			'一个资源只能有 text 或 blob（base64）之一，不能两者都有。',
			expect.stringMatching(/^不是 URI 模板：/),
			'blob 必须是 base64（RFC 4648，带填充），例如 "iVBORw0KGgo="。',
			'根目录必须是 file:// URI，而不是 "/tmp"。',
			'名称 "t" 已被 tools[0] 使用：一个服务器不能列出两个同名的工具（MCP SDK 会拒绝注册第二个）。',
			'URI "a://r" 已被 resources[0] 使用：一个服务器不能列出两个 URI 相同的资源（MCP SDK 会拒绝注册第二个）。',
			'名称 "m" 已被 resourceTemplates[0] 使用：一个服务器不能列出两个同名的资源模板（MCP SDK 会拒绝注册第二个）。',
			'名称 "p" 已被 prompts[0] 使用：一个服务器不能列出两个同名的提示词（MCP SDK 会拒绝注册第二个）。',
			'此世界没有名为 "ghost" 的服务器，这些设置永远不会被使用。现有的服务器："a"。',
			'此世界没有名为 "ghost" 的服务器，这些设置永远不会被使用。它没有任何服务器。',
			'此版本尚不支持 trust 配置档（仅支持 openharness）。'
		]);
	});

	it('leaves any other sentence as written (zod gives its own in the page language)', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(problemText('Unrecognized key: "errror"')).toBe('Unrecognized key: "errror"');
	});
});

describe('a key a strict object does not know names the one most likely meant', () => {
	const problemsOf = (input: unknown) => {
		const result = parseScenario(input, { error: schemaErrors() });
		return result.ok ? [] : result.problems;
	};
	const typo = {
		mcp_servers: {
			fs: {
				command: 'npx',
				sim: { tool: [], prompts: [{ name: 'p', descripton: 'd' }], zzz: 1 }
			}
		}
	};

	it('in English: the key, and nothing when no key is close', () => {
		overwriteGetLocale(() => 'en');
		expect(problemsOf(typo).map(problemSentence).sort()).toEqual([
			'Unrecognized key: "descripton" (did you mean "description"?)',
			'Unrecognized keys: "tool", "zzz" (did you mean "tools" for "tool"?)'
		]);
		expect(
			problemsOf({ mcp_servers: { fs: { command: 'x', sim: { zzz: 1 } } } }).map(problemSentence)
		).toEqual(['Unrecognized key: "zzz"']);
	});

	it('at every depth: steps, resources, prompt arguments, capabilities, the host block', () => {
		overwriteGetLocale(() => 'en');
		const sentences = problemsOf({
			mcp_servers: {
				fs: {
					command: 'npx',
					sim: {
						resources: [{ uri: 'file:///r', name: 'r', txt: 'x' }],
						prompts: [{ name: 'p', arguments: [{ name: 'a', requried: true }] }],
						capabilities: { tool: false },
						tools: [{ name: 't', steps: [{ do: 'log', level: 'info', dta: 1 }] }]
					}
				}
			},
			host: { samplng: true }
		}).map((problem) => `${problem.path}: ${problemSentence(problem)}`);
		expect(sentences.sort()).toEqual([
			'host: Unrecognized key: "samplng" (did you mean "sampling"?)',
			'mcp_servers.fs.sim.capabilities: Unrecognized key: "tool" (did you mean "tools"?)',
			'mcp_servers.fs.sim.prompts[0].arguments[0]: Unrecognized key: "requried" (did you mean "required"?)',
			'mcp_servers.fs.sim.resources[0]: Unrecognized key: "txt" (did you mean "text"?)',
			'mcp_servers.fs.sim.tools[0].steps[0]: Unrecognized key: "dta" (did you mean "data"?)'
		]);
	});

	it('in every profile block, toolsource included (a misspelt allowlist ran empty, "Valid")', () => {
		overwriteGetLocale(() => 'en');
		const server = { s: { type: 'stdio', command: 'x', sim: { tools: [{ name: 't' }] } } };
		const sentences = problemsOf({
			profile: 'toolsource',
			toolsource: { alow: { 'mcp.s.t': 'read' }, timeout: 5 },
			miniharness: { timeout: 5 },
			contextual: { server: {} },
			mcp_servers: server
		}).map((problem) => `${problem.path}: ${problemSentence(problem)}`);
		expect(sentences.sort()).toEqual([
			'contextual: Unrecognized key: "server" (did you mean "servers"?)',
			'miniharness: Unrecognized key: "timeout" (did you mean "timeoutMs"?)',
			'toolsource: Unrecognized keys: "alow", "timeout" (did you mean "allow" for "alow"?) (did you mean "timeoutMs" for "timeout"?)'
		]);
	});

	it("in Chinese, after zod's own Chinese sentence", () => {
		overwriteGetLocale(() => 'zh-CN');
		i18n.locale = 'zh-CN';
		const sentences = problemsOf(typo).map(problemSentence);
		// zod's Chinese sentence, then the guess in Chinese.
		expect(sentences.sort()).toEqual([
			expect.stringMatching(/[\u4e00-\u9fff].*"descripton"（是否想写“description”？）$/),
			expect.stringMatching(/[\u4e00-\u9fff].*"tool", "zzz"（是否想把“tool”写成“tools”？）$/)
		]);
		i18n.locale = 'en';
	});

	it('in the editor, at the key', () => {
		overwriteGetLocale(() => 'en');
		const text = JSON.stringify({ mcp_servers: { fs: { command: 'x', sim: { tool: [] } } } });
		expect(scenarioDiagnostics(text).map((d) => d.message)).toEqual([
			'mcp_servers.fs.sim: Unrecognized key: "tool" (did you mean "tools"?)'
		]);
	});
});
