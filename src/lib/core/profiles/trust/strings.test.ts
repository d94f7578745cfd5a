import { describe, expect, it } from 'vitest';
import { allows, denial, NO_GRANT, parseGrant, withTool } from './grant';
import { estimateTokens, generatedTools, pressureOf } from './pressure';
import {
	deferredBlock,
	namespaced,
	permissionDenied,
	schemaNotLoaded,
	splitNamespace
} from './strings';

describe('trust strings', () => {
	it('names tools mcp__<connector>__<tool> and splits them back, keeping __ inside a tool', () => {
		expect(namespaced('brave', 'search')).toBe('mcp__brave__search');
		expect(splitNamespace('mcp__brave__deep__search')).toEqual(['brave', 'deep__search']);
		expect(splitNamespace('brave__search')).toBeNull();
	});

	it('says which half of the grant refused', () => {
		expect(permissionDenied('mcp__a__b', false)).toBe(
			"Permission denied for 'mcp__a__b': network access is not declared."
		);
		expect(permissionDenied('mcp__a__b', true)).toBe(
			"Permission denied for 'mcp__a__b': tool is not declared by the active skill."
		);
		expect(schemaNotLoaded('mcp__a__b')).toBe(
			"Error: Tool 'mcp__a__b' schema not loaded. Call ToolSearch first."
		);
	});

	it('writes the deferred block as name: description lines, or the empty line', () => {
		expect(deferredBlock([{ name: 'mcp__a__b', description: 'Does b.' }])).toBe(
			'<available_deferred_tools>\n- mcp__a__b: Does b.\n</available_deferred_tools>'
		);
		expect(deferredBlock([])).toBe(
			'<available_deferred_tools>\n(no connectors connected — use trust_connector to activate)\n</available_deferred_tools>'
		);
	});
});

describe('trust grant', () => {
	it('allows only network && an exactly named tool', () => {
		expect(allows(NO_GRANT, 'mcp__a__b')).toBe(false);
		expect(allows({ tools: ['mcp__a__b'], network: false }, 'mcp__a__b')).toBe(false);
		expect(allows({ tools: ['mcp__a__b'], network: true }, 'mcp__a__b')).toBe(true);
		expect(allows({ tools: ['mcp__a__b'], network: true }, 'mcp__a__bb')).toBe(false);
		expect(denial({ tools: [], network: true }, 'mcp__a__b')).toBe(
			"Permission denied for 'mcp__a__b': tool is not declared by the active skill."
		);
	});

	it('checks a grant as the harness does', () => {
		expect(() => parseGrant({ tools: ['mcp__a__b'], network: 'yes' })).toThrow(
			'MCP permission network must be true or false'
		);
		expect(() => parseGrant({ tools: 'mcp__a__b', network: true })).toThrow(
			'MCP permission tools must be a collection'
		);
		expect(parseGrant({ tools: ['mcp__a__b', 'mcp__a__b'], network: true })).toEqual({
			tools: ['mcp__a__b'],
			network: true
		});
		expect(withTool({ tools: ['mcp__a__b'], network: true }, 'mcp__a__b', false)).toEqual({
			tools: [],
			network: true
		});
	});
});

describe('trust pressure', () => {
	it('estimates tokens as characters / 4, rounded up', () => {
		expect(estimateTokens(0)).toBe(0);
		expect(estimateTokens(9)).toBe(3);
	});

	it('generates 40 connectors × 10 distinct namespaced tools', () => {
		const tools = generatedTools();
		expect(tools).toHaveLength(400);
		expect(new Set(tools.map((t) => t.name)).size).toBe(400);
		expect(tools[0].name).toBe('mcp__svc01__list_records');
		expect(tools[399].name).toBe('mcp__svc40__share_records');
	});

	it('counts the full tools array against the block plus the two meta tools', () => {
		const tool = { name: 'mcp__a__b', description: 'Does b.', input_schema: { type: 'object' } };
		const p = pressureOf(1, [tool]);
		expect(p.schemaChars).toBe(JSON.stringify([tool]).length);
		expect(p.deferredChars).toBeGreaterThan(deferredBlock([tool]).length);
	});
});
