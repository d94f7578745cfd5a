import { describe, expect, it } from 'vitest';
import { unmatchedHookMatchers } from './hook-matchers';

const registry = [
	{ name: 'list_mcp_resources', tool: 'list_mcp_resources', builtin: true as const },
	{ name: 'read_mcp_resource', tool: 'read_mcp_resource', builtin: true as const },
	{ name: 'mcp__fs__read_file', tool: 'read_file' },
	{ name: 'mcp__fs__write_file', tool: 'write_file' },
	{ name: 'mcp__github__create_issue', tool: 'create_issue' }
];

describe('hook matchers that match no registry tool', () => {
	it('names a glob on server names with the registry names it likely meant, pre hooks first', () => {
		expect(
			unmatchedHookMatchers(
				{
					post_tool_use: [{ matcher: 'mcp__*' }, { matcher: '*_file' }],
					pre_tool_use: [{ matcher: 'mcp__github__*' }, { matcher: 'write_*', block: true }]
				},
				registry
			)
		).toEqual([
			{
				event: 'pre_tool_use',
				index: 1,
				matcher: 'write_*',
				registeredAs: ['mcp__fs__write_file']
			}
		]);
	});

	it('names a typo, a wrong case and a server name of its own, each at its place', () => {
		expect(
			unmatchedHookMatchers(
				{
					pre_tool_use: [{ matcher: 'mcp__gihtub__*' }],
					post_tool_use: [{ matcher: 'MCP__fs__*' }, { matcher: 'github' }]
				},
				registry
			)
		).toEqual([
			{ event: 'pre_tool_use', index: 0, matcher: 'mcp__gihtub__*', registeredAs: [] },
			{ event: 'post_tool_use', index: 0, matcher: 'MCP__fs__*', registeredAs: [] },
			{ event: 'post_tool_use', index: 1, matcher: 'github', registeredAs: [] }
		]);
	});

	it('says nothing of an empty matcher (every call), a built-in match, or no hooks', () => {
		// read_* runs for the built-in read_mcp_resource, though read_file was likely meant.
		expect(
			unmatchedHookMatchers(
				{ pre_tool_use: [{ matcher: '' }, { matcher: 'read_*' }], post_tool_use: [] },
				registry
			)
		).toEqual([]);
		expect(unmatchedHookMatchers(undefined, registry)).toEqual([]);
	});
});
