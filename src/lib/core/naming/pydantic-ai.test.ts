import { describe, expect, it } from 'vitest';
import { adaptPydanticAI, pydanticConflictMessage } from './pydantic-ai';

describe('pydantic-ai naming', () => {
	it('is raw without a prefix and <prefix>_<tool> with one, nothing sanitised', () => {
		expect(adaptPydanticAI('srv', 'search.orders', false)).toBe('search.orders');
		expect(adaptPydanticAI('my srv', 'search.orders', true)).toBe('my srv_search.orders');
	});

	it('treats an empty prefix as none', () => {
		expect(adaptPydanticAI('', 'ping', true)).toBe('ping');
	});

	it('words a conflict as CombinedToolset does', () => {
		expect(pydanticConflictMessage('b', 'a', 'x')).toBe(
			"MCP server 'b' defines a tool whose name conflicts with existing tool from MCP server 'a': " +
				"'x'. Set the `tool_prefix` attribute to avoid name conflicts."
		);
	});
});
