import { describe, expect, it } from 'vitest';
import { adaptedName, segment } from './naming';

describe('OpenHarness tool naming', () => {
	it('keeps [A-Za-z0-9_-] and joins with double underscores', () => {
		expect(adaptedName('filesystem', 'read_file')).toBe('mcp__filesystem__read_file');
		expect(adaptedName('internal-api', 'search.orders')).toBe('mcp__internal-api__search_orders');
	});

	it('prefixes mcp_ when the first character is not an ASCII letter', () => {
		expect(adaptedName('srv', '2fa')).toBe('mcp__srv__mcp_2fa');
		expect(segment('_private')).toBe('mcp__private');
		expect(segment('-x')).toBe('mcp_-x');
	});

	it('replaces every other character, one underscore per code point', () => {
		expect(segment('my server')).toBe('my_server');
		expect(segment('plugin:github')).toBe('plugin_github');
		expect(segment('读文件')).toBe('mcp____');
		expect(segment('a😀b')).toBe('a_b');
		expect(segment('é')).toBe('mcp__');
	});

	it('turns an empty segment into "tool"', () => {
		expect(segment('')).toBe('tool');
		expect(adaptedName('', '')).toBe('mcp__tool__tool');
	});

	it('has no length cap', () => {
		const long = 'x'.repeat(200);
		expect(adaptedName('s', long)).toBe(`mcp__s__${long}`);
	});
});
