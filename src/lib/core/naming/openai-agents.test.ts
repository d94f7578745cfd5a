import { describe, expect, it } from 'vitest';
import { adaptOpenAIAgents, safeNamePart, shortenName } from './openai-agents';

describe('OpenAI Agents SDK naming (include_server_in_tool_names)', () => {
	it('keeps ASCII letters, digits, _ and -; anything else, accented letters included, is _', () => {
		expect(safeNamePart('search.orders', 'tool')).toBe('search_orders');
		expect(safeNamePart('internal-api', 'server')).toBe('internal-api');
		expect(safeNamePart('naïve', 'tool')).toBe('na_ve');
		expect(safeNamePart('a😀b', 'tool')).toBe('a_b');
	});

	it('strips _ and - from both ends of each part, then falls back', () => {
		expect(safeNamePart('__x--', 'tool')).toBe('x');
		expect(safeNamePart('-_-', 'tool')).toBe('tool');
		expect(safeNamePart('读文件', 'server')).toBe('server');
		expect(adaptOpenAIAgents('', '', true)).toBe('mcp_server__tool');
	});

	it('caps at 64: 55 characters (right-stripped), `_`, 8 hex digits of SHA-1(server\\0tool)', () => {
		const at64 = `mcp_abc__${'c'.repeat(55)}`;
		expect(at64).toHaveLength(64);
		expect(adaptOpenAIAgents('abc', 'c'.repeat(55), true)).toBe(at64);
		expect(adaptOpenAIAgents('srv', 'a'.repeat(60), true)).toBe(
			`mcp_srv__${'a'.repeat(46)}_31185674`
		);
		expect(adaptOpenAIAgents('srv', 'a'.repeat(60), true)).toHaveLength(64);
	});

	it('forces the suffix on request, keeping short names whole', () => {
		expect(shortenName('mcp_srv__x', 'srv\0x', true)).toBe('mcp_srv__x_9660ff33');
		expect(shortenName('mcp_srv__x', 'srv\0x')).toBe('mcp_srv__x');
	});

	it('uses the raw tool name when server names are not included', () => {
		expect(adaptOpenAIAgents('srv', 'search.orders', false)).toBe('search.orders');
	});
});
