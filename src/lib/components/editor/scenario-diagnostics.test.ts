import { describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { problemPosition, scenarioDiagnostics } from './scenario-diagnostics';

/** What `read` gives on a Chinese page (the tooltips speak the page's language). */
function inChinese<T>(read: () => T): T {
	i18n.locale = 'zh-CN';
	try {
		return read();
	} finally {
		i18n.locale = 'en';
	}
}

describe('scenarioDiagnostics', () => {
	it('is empty for a valid scenario', () => {
		expect(scenarioDiagnostics('{"mcp_servers": {}}')).toEqual([]);
	});

	it('warns, on the key, of a key a valid world keeps and does not read, one typo from one it lacks', () => {
		const text = '{"mcp_server": {"fs": {"type": "stdio", "command": "npx"}}, "model": "m"}';
		const diagnostics = scenarioDiagnostics(text);
		expect(diagnostics.map((d) => [text.slice(d.from, d.to), d.severity, d.message])).toEqual([
			[
				'"mcp_server"',
				'warning',
				'mcp_server: MCP Lab does not know this key (it keeps it, as a setting it does not model): did you mean mcp_servers?'
			]
		]);
		expect(inChinese(() => scenarioDiagnostics(text)[0].message)).toBe(
			'mcp_server: MCP Lab 不认识这个键（会保留它，当作它不模拟的设置）：是否想写 mcp_servers？'
		);
	});

	it('warns, on the key, of a server config key that only its sim block reads', () => {
		const text = '{"mcp_servers": {"fs": {"type": "stdio", "command": "npx", "tools": []}}}';
		const [diagnostic, ...rest] = scenarioDiagnostics(text);
		expect(rest).toEqual([]);
		expect([text.slice(diagnostic.from, diagnostic.to), diagnostic.severity]).toEqual([
			'"tools"',
			'warning'
		]);
		expect(inChinese(() => scenarioDiagnostics(text)[0].message)).toBe(
			'mcp_servers.fs.tools: MCP Lab 只在 sim 内读取这个键：放在这里不起任何作用。'
		);
	});

	it('bounds what a tooltip says of a name of 200,000 characters, and marks the value itself', () => {
		const long = 'x'.repeat(200_000);
		const text = JSON.stringify({ mcp_servers: { [long]: { type: 'stdio', command: 1 } } });
		const [diagnostic, ...rest] = scenarioDiagnostics(text);
		expect(rest).toEqual([]);
		expect(text.slice(diagnostic.from, diagnostic.to)).toBe('1');
		expect(diagnostic.message).toBe(
			`mcp_servers.${'x'.repeat(188)}…: Invalid input: expected string, received number`
		);
	});

	it('puts a JSON syntax error where parsing stopped', () => {
		const text = '{"mcp_servers": {}}x';
		const [diagnostic, ...rest] = scenarioDiagnostics(text);
		expect(rest).toEqual([]);
		expect(diagnostic.from).toBe(text.indexOf('x'));
		expect(diagnostic.severity).toBe('error');
		// The tooltip speaks the page's language.
		expect(inChinese(() => scenarioDiagnostics(text)[0].message)).toBe(
			'第 1 行第 20 列：JSON 值之后还有多余的内容'
		);
	});

	it('puts each schema problem on its value, naming the path', () => {
		const text = '{"profile": "nope", "mcp_servers": {"my.api": {"type": "http", "url": 3}}}';
		const diagnostics = scenarioDiagnostics(text);
		const covered = diagnostics.map((d) => [text.slice(d.from, d.to), d.message.split(':')[0]]);
		expect(covered).toEqual([
			['"nope"', 'profile'],
			['3', 'mcp_servers["my.api"].url']
		]);
	});

	it('labels root problems, and marks the enclosing value of a missing key', () => {
		expect(scenarioDiagnostics('[]', 'ROOT')[0]).toMatchObject({ from: 0, to: 2 });
		expect(scenarioDiagnostics('[]', 'ROOT')[0].message).toMatch(/^ROOT: /);
		const text = '{"mcp_servers": {"fs": {"type": "stdio"}}}';
		const [missing] = scenarioDiagnostics(text);
		expect(text.slice(missing.from, missing.to)).toBe('{"type": "stdio"}');
		expect(missing.message).toMatch(/^mcp_servers\.fs\.command: /);
	});
});

describe('problemPosition', () => {
	it('finds a path, or the syntax error for null', () => {
		const text = '{"mcp_servers": {"fs": {"type": "stdio"}}}';
		expect(problemPosition(text, 'mcp_servers.fs')).toBe(text.indexOf('{"type"'));
		expect(problemPosition('{"a": 1}}', null)).toBe(8);
		expect(problemPosition('{"a": 1}', null)).toBe(0);
	});
});
