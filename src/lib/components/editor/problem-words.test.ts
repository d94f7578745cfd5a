import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { unsupported } from '$lib/core/scenario/support';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { problemText } from './problem-words';

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
		}
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
		expect(all).toHaveLength(7);
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
			'此版本尚不支持 trust 配置档（仅支持 openharness）。'
		]);
	});

	it('leaves any other sentence as written (zod gives its own in the page language)', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(problemText('Unrecognized key: "errror"')).toBe('Unrecognized key: "errror"');
	});
});
