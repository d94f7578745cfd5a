import { describe, expect, it } from 'vitest';
import { formatPath } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { jsonPathRange, parsePath, syntaxErrorRange } from './json-path-range';

/** The text a range covers, so expectations read as JSON. */
function at(text: string, path: string) {
	const range = jsonPathRange(text, path);
	return { text: text.slice(range.from, range.to), found: range.found };
}

const scenario = `{
  "profile": "openharness",
  "mcp_servers": {
    "filesystem": {
      "type": "stdio",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", 7]
    },
    "my.api": {
      "type": "http",
      "url": "https://x",
      "sim": { "tools": [ { "name": "ok" }, { "name": 3 } ] }
    },
    "say \\"hi\\"": { "type": "ws", "url": "wss://x" },
    "数据": { "type": "stdio", "command": "node" }
  }
}`;

describe('parsePath (the inverse of formatPath)', () => {
	it('reads identifiers, indexes and quoted keys', () => {
		expect(parsePath('')).toEqual([]);
		expect(parsePath('profile')).toEqual(['profile']);
		expect(parsePath('mcp_servers.internal-api.args[0]')).toEqual([
			'mcp_servers',
			'internal-api',
			'args',
			0
		]);
		expect(parsePath('mcp_servers["my.api"].sim.tools[10].name')).toEqual([
			'mcp_servers',
			'my.api',
			'sim',
			'tools',
			10,
			'name'
		]);
		expect(parsePath('a["say \\"hi\\""]["x]y"]')).toEqual(['a', 'say "hi"', 'x]y']);
		expect(parsePath('["0"]')).toEqual(['0']);
	});

	it('round-trips every path formatPath writes', () => {
		const paths: PropertyKey[][] = [
			[],
			['mcp_servers', 'a.b', 'args', 0],
			['x', 'with space', 'ünï', '1password', '', 'a"b\\c', 3],
			['plugins', 'github', 'mcp_servers', 'search', 'sim', 'tools', 2, 'result']
		];
		for (const path of paths) expect(parsePath(formatPath(path))).toEqual(path);
	});

	it('refuses what formatPath never writes', () => {
		expect(parsePath('.a')).toBeNull();
		expect(parsePath('a..b')).toBeNull();
		expect(parsePath('a[')).toBeNull();
		expect(parsePath('a["b"')).toBeNull();
		expect(parsePath('a b')).toBeNull();
	});
});

describe('jsonPathRange', () => {
	it('finds the root', () => {
		expect(at(scenario, '')).toEqual({ text: scenario, found: true });
		expect(at('  [1, 2]  ', '')).toEqual({ text: '[1, 2]', found: true });
	});

	it('finds values in nested objects', () => {
		expect(at(scenario, 'profile')).toEqual({ text: '"openharness"', found: true });
		expect(at(scenario, 'mcp_servers.filesystem.type')).toEqual({
			text: '"stdio"',
			found: true
		});
		expect(at(scenario, 'mcp_servers["数据"].command')).toEqual({
			text: '"node"',
			found: true
		});
	});

	it('finds array elements by index', () => {
		expect(at(scenario, 'mcp_servers.filesystem.args[2]')).toEqual({ text: '7', found: true });
		expect(at(scenario, 'mcp_servers.filesystem.args[0]')).toEqual({ text: '"-y"', found: true });
	});

	it('finds quoted keys with dots and escaped quotes', () => {
		expect(at(scenario, 'mcp_servers["my.api"].sim.tools[1].name')).toEqual({
			text: '3',
			found: true
		});
		expect(at(scenario, 'mcp_servers["say \\"hi\\""].url')).toEqual({
			text: '"wss://x"',
			found: true
		});
		// A key spelled with an escape in the text matches its decoded value.
		expect(at('{"a\\u002eb": 1}', '["a.b"]')).toEqual({ text: '1', found: true });
	});

	it('falls back to the enclosing value when a key is missing', () => {
		const missing = at(scenario, 'mcp_servers.filesystem.command');
		expect(missing.found).toBe(false);
		expect(missing.text).toMatch(/^\{\s*"type": "stdio",[\s\S]*\]\s*\}$/);
		expect(at(scenario, 'nope')).toEqual({ text: scenario, found: false });
		expect(at(scenario, 'mcp_servers.nope.type').text).toMatch(/^\{\s*"filesystem"/);
	});

	it('falls back to the array when an index is past its end', () => {
		expect(at(scenario, 'mcp_servers.filesystem.args[3]')).toEqual({
			text: '["-y", "@modelcontextprotocol/server-filesystem", 7]',
			found: false
		});
	});

	it('does not index objects by number or arrays by key', () => {
		expect(at('{"a": {"0": 1}}', 'a[0]')).toEqual({ text: '{"0": 1}', found: false });
		expect(at('{"a": [1]}', 'a["0"]')).toEqual({ text: '[1]', found: false });
		expect(at('{"a": "s"}', 'a.b')).toEqual({ text: '"s"', found: false });
	});

	it('takes the last of duplicate keys, as JSON.parse does', () => {
		const text = '{"a": 1, "a": 2}';
		expect(at(text, 'a')).toEqual({ text: '2', found: true });
	});

	it('covers empty text and unreadable paths without throwing', () => {
		expect(jsonPathRange('', 'a')).toEqual({ from: 0, to: 0, found: false });
		expect(at('{"a": 1}', 'a..b')).toEqual({ text: '{"a": 1}', found: false });
	});

	it('maps every problem parseScenario reports to a range in the same text', () => {
		const parsed = parseScenario(JSON.parse(scenario));
		expect(parsed.ok).toBe(false);
		if (parsed.ok) return;
		const found = Object.fromEntries(
			parsed.problems.map((p) => [p.path, at(scenario, p.path)] as const)
		);
		expect(found['mcp_servers.filesystem.command']?.found).toBe(false);
		expect(found['mcp_servers.filesystem.args[2]']).toEqual({ text: '7', found: true });
		expect(found['mcp_servers["my.api"].sim.tools[1].name']).toEqual({ text: '3', found: true });
	});
});

describe('syntaxErrorRange', () => {
	const failure = (text: string) => {
		try {
			JSON.parse(text);
		} catch (e) {
			return (e as Error).message;
		}
		throw new Error('valid JSON');
	};

	it('uses the position an engine reports', () => {
		expect(syntaxErrorRange('{"a": 1,,}', 'Unexpected token , in JSON at position 8')).toEqual({
			from: 8,
			to: 9
		});
		expect(
			syntaxErrorRange(
				'{\n  "a": 1\n  "b": 2\n}',
				"Expected ',' at line 3 column 3 of the JSON data"
			)
		).toEqual({ from: 13, to: 14 });
	});

	it('falls back to the syntax tree when the message names no position', () => {
		const text = '{\n  "a": 1\n}x';
		expect(syntaxErrorRange(text, 'Unexpected non-whitespace character')).toEqual({
			from: 12,
			to: 13
		});
	});

	it('lands on or just before the broken spot for this engine', () => {
		const text = '{\n  "a": tru\n}';
		const { from } = syntaxErrorRange(text, failure(text));
		expect(from).toBeGreaterThanOrEqual(text.indexOf('tru'));
		expect(from).toBeLessThanOrEqual(text.indexOf('tru') + 3);
	});

	it('marks the end of an empty or truncated text', () => {
		expect(syntaxErrorRange('', failure(''))).toEqual({ from: 0, to: 0 });
		const truncated = '{"a": [1, 2';
		expect(syntaxErrorRange(truncated, failure(truncated)).from).toBe(truncated.length);
	});
});
