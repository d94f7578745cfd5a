import { describe, expect, it } from 'vitest';
import { boundResult, runTools, unknownTool } from './tools';

const tool = (name: string) => ({ name, description: '', inputSchema: { type: 'object' } });

describe("a run's tools (pydantic-ai naming)", () => {
	it('keeps raw names, filters allowed_tools by exact name, and prefixes with `<prefix>_`', () => {
		const run = runTools([
			{
				server: 'kb',
				allowed: ['search', 'whoami'],
				tools: [tool('search'), tool('Search'), tool('delete_space'), tool('whoami')]
			},
			{ server: 'billing', prefix: 'bill', tools: [tool('search')] }
		]);
		expect(run.error).toBeNull();
		expect(run.tools.map((t) => [t.name, t.server, t.tool])).toEqual([
			['search', 'kb', 'search'],
			['whoami', 'kb', 'whoami'],
			['bill_search', 'billing', 'search']
		]);
		expect(run.filtered).toEqual([
			{ server: 'kb', tool: 'Search' },
			{ server: 'kb', tool: 'delete_space' }
		]);
		expect(run.unmatched).toEqual([]);
	});

	it('finds allowed_tools entries that name no tool the server listed, once each, exact case', () => {
		const run = runTools([
			{
				server: 'kb',
				allowed: ['serach', 'Whoami', 'whoami', 'serach'],
				tools: [tool('search'), tool('whoami')]
			},
			// Not connected: nothing listed, so nothing can be said about its entries yet.
			{ server: 'billing', allowed: ['invoice'], tools: null },
			{ server: 'empty', allowed: ['anything'], tools: [] }
		]);
		expect(run.tools.map((t) => t.name)).toEqual(['whoami']);
		expect(run.unmatched).toEqual([
			{ server: 'kb', tool: 'serach' },
			{ server: 'kb', tool: 'Whoami' },
			{ server: 'empty', tool: 'anything' }
		]);
	});

	it("fails the run's tool load when two servers give the same name", () => {
		const run = runTools([
			{ server: 'kb', tools: [tool('search')] },
			{ server: 'docs', tools: [tool('search')] }
		]);
		expect(run.error).toBe(
			"MCP server 'docs' defines a tool whose name conflicts with existing tool from MCP server 'kb': 'search'. Set the `tool_prefix` attribute to avoid name conflicts."
		);
	});

	it('tells the model an unknown name the way pydantic-ai does', () => {
		expect(unknownTool('delete_space', ['search', 'whoami'])).toBe(
			"Unknown tool name: 'delete_space'. Available tools: 'search', 'whoami'"
		);
		expect(unknownTool('x', [])).toBe("Unknown tool name: 'x'. No tools available.");
	});
});

describe('the result boundary', () => {
	it('keeps a result within the limit whole', () => {
		expect(boundResult('short', 100)).toEqual({ text: 'short', truncated: false });
	});

	it('cuts an oversized result at the limit and says how much was left out', () => {
		expect(boundResult('a'.repeat(150), 100)).toEqual({
			text: `${'a'.repeat(100)}\n[truncated at the result boundary: 50 of 150 characters left out]`,
			truncated: true
		});
	});
});
