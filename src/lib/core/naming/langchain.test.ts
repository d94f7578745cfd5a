import { describe, expect, it } from 'vitest';
import { adaptLangChain } from './langchain';

describe('langchain-mcp-adapters naming', () => {
	it('is raw, or <server>_<tool> with tool_name_prefix, nothing sanitised', () => {
		expect(adaptLangChain('internal-api', 'search.orders', false)).toBe('search.orders');
		expect(adaptLangChain('internal-api', 'search.orders', true)).toBe(
			'internal-api_search.orders'
		);
		expect(adaptLangChain('读', '文件', true)).toBe('读_文件');
	});

	it('adds no prefix for an empty server name', () => {
		expect(adaptLangChain('', 'ping', true)).toBe('ping');
	});
});
