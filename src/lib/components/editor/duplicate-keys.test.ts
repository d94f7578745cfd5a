import { describe, expect, it } from 'vitest';
import { duplicateKeys } from './duplicate-keys';

describe('keys written twice in one object', () => {
	it('are found at their path, at any depth, each repeat once', () => {
		const text = `{
  "mcp_servers": {
    "fs": { "command": "a" },
    "fs": { "command": "b", "env": { "K": "1", "K": "2", "K": "3" } }
  },
  "x": [{ "a": 1 }, { "b": [true, null, -1.5e3], "b": "s" }]
}`;
		// In the order the repeats are written.
		expect(duplicateKeys(text)).toEqual([
			['mcp_servers', 'fs'],
			['mcp_servers', 'fs', 'env', 'K'],
			['mcp_servers', 'fs', 'env', 'K'],
			['x', 1, 'b']
		]);
	});

	it('compare keys as JSON reads them (escapes), not as written', () => {
		expect(duplicateKeys('{"a\\u0062": 1, "ab": 2}')).toEqual([['ab']]);
		expect(duplicateKeys('{"a\\"b": "}\\"", "a\\"b": {}}')).toEqual([['a"b']]);
	});

	it('find nothing in an object with distinct keys, or in other values', () => {
		expect(duplicateKeys('{"a": {}, "b": [], "c": {"a": 1}}')).toEqual([]);
		expect(duplicateKeys('[1, "two", {"a": [{}]}]')).toEqual([]);
		expect(duplicateKeys('  "text"  ')).toEqual([]);
	});

	it('give up on a text nested deeper than any scenario, at once', () => {
		const deep = `${'['.repeat(100_000)}{"a": 1, "a": 2}${']'.repeat(100_000)}`;
		expect(duplicateKeys(deep)).toEqual([]);
		expect(duplicateKeys(`[[{"a": 1, "a": 2}]]`)).toEqual([[0, 0, 'a']]);
	});
});
