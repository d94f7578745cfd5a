import { describe, expect, it } from 'vitest';
import { unmatchedPermissionEntries } from './permission-lists';

const registry = [
	{ name: 'list_mcp_resources', tool: 'list_mcp_resources', builtin: true as const },
	{ name: 'mcp__fs__read_file', tool: 'read_file' },
	{ name: 'mcp__backup__read_file', tool: 'read_file' },
	{ name: 'mcp__internal-api__search_orders', tool: 'search.orders' }
];

describe('permission list entries that name no registry tool', () => {
	it('names a raw server name with the registry names it was likely meant as', () => {
		expect(
			unmatchedPermissionEntries(
				{ allowed_tools: ['read_file', 'mcp__internal-api__search_orders'] },
				registry
			)
		).toEqual([
			{
				list: 'allowed_tools',
				entry: 'read_file',
				registeredAs: ['mcp__fs__read_file', 'mcp__backup__read_file']
			}
		]);
	});

	it('names a typo or a wrong case with nothing it was meant as, denied_tools first, once each', () => {
		expect(
			unmatchedPermissionEntries(
				{
					allowed_tools: ['mcp__fs__read_flie', 'mcp__fs__read_flie'],
					denied_tools: ['MCP__fs__read_file', 'search.orders']
				},
				registry
			)
		).toEqual([
			{ list: 'denied_tools', entry: 'MCP__fs__read_file', registeredAs: [] },
			{
				list: 'denied_tools',
				entry: 'search.orders',
				registeredAs: ['mcp__internal-api__search_orders']
			},
			{ list: 'allowed_tools', entry: 'mcp__fs__read_flie', registeredAs: [] }
		]);
	});

	it('says nothing of entries the registry holds, a built-in included, or of absent lists', () => {
		expect(
			unmatchedPermissionEntries(
				{ allowed_tools: ['list_mcp_resources'], denied_tools: ['mcp__fs__read_file'] },
				registry
			)
		).toEqual([]);
		expect(unmatchedPermissionEntries(undefined, registry)).toEqual([]);
		expect(unmatchedPermissionEntries({}, registry)).toEqual([]);
	});
});
