import { describe, expect, it } from 'vitest';
import { resourceTools } from '../profiles/openharness/resource-tools';
import {
	buildRegistry,
	diffRegistry,
	isEmptyDiff,
	registryEntries,
	type RegistryEntry
} from './registry';

const entry = (name: string, server: string, tool: string, available = true): RegistryEntry => ({
	name,
	server,
	tool,
	readOnly: false,
	available
});

describe('registry diff', () => {
	const a = entry('mcp__fs__read', 'fs', 'read');
	const b = entry('mcp__fs__write', 'fs', 'write');
	const c = entry('mcp__api__find', 'api', 'find');

	it('finds added and removed names', () => {
		expect(diffRegistry([a, b], [b, c])).toMatchObject({
			added: ['mcp__api__find'],
			removed: ['mcp__fs__read'],
			renamed: []
		});
	});

	it('tells availability changes apart from removal', () => {
		const diff = diffRegistry([a, c], [entry(a.name, 'fs', 'read', false), c]);
		expect(diff).toMatchObject({
			added: [],
			removed: [],
			becameUnavailable: ['mcp__fs__read'],
			becameAvailable: []
		});
		expect(diffRegistry([entry(a.name, 'fs', 'read', false)], [a]).becameAvailable).toEqual([
			'mcp__fs__read'
		]);
	});

	it('reports a renamed tool once, not as a removal plus an addition', () => {
		const renamed = entry('mcp_fs__read', 'fs', 'read');
		expect(diffRegistry([a, c], [renamed, c])).toMatchObject({
			added: [],
			removed: [],
			renamed: [{ server: 'fs', tool: 'read', from: 'mcp__fs__read', to: 'mcp_fs__read' }]
		});
	});

	it('compares any two snapshots, in either direction', () => {
		expect(diffRegistry([], [a, b])).toMatchObject({ added: [a.name, b.name], removed: [] });
		expect(diffRegistry([a, b], [])).toMatchObject({ added: [], removed: [a.name, b.name] });
		expect(isEmptyDiff(diffRegistry([a, b], [a, b]))).toBe(true);
	});
});

describe('OpenHarness registry build (with the built-ins an OpenHarness world gives it)', () => {
	const facts = [
		{
			server: 'zeta',
			status: 'connected' as const,
			tools: [{ name: 'ping', description: '', inputSchema: {} }]
		},
		{
			server: 'alpha',
			status: 'connected' as const,
			tools: [{ name: 'get', description: 'Get', inputSchema: {} }]
		},
		{ server: 'down', status: 'failed' as const, tools: [] }
	];

	it('registers the built-in resource tools first, then servers in sorted order', () => {
		const built = buildRegistry(facts, resourceTools());
		expect(built.tools.map((t) => [t.name, t.server, t.readOnly, t.builtin ?? false])).toEqual([
			['list_mcp_resources', '', true, true],
			['read_mcp_resource', '', true, true],
			['mcp__alpha__get', 'alpha', false, false],
			['mcp__zeta__ping', 'zeta', false, false]
		]);
		expect(built.shadowed).toEqual([]);
	});

	it('keeps the built-ins in a registry without any connected server, and none unless given', () => {
		expect(buildRegistry([]).tools).toEqual([]);
		expect(buildRegistry([], resourceTools()).tools.map((t) => t.name)).toEqual([
			'list_mcp_resources',
			'read_mcp_resource'
		]);
	});

	it('shows a built-in as always available, whatever the statuses say', () => {
		const entries = registryEntries(buildRegistry(facts, resourceTools()), () => 'failed');
		expect(entries.slice(0, 2)).toEqual([
			{
				name: 'list_mcp_resources',
				server: '',
				tool: 'list_mcp_resources',
				readOnly: true,
				available: true,
				builtin: true
			},
			{
				name: 'read_mcp_resource',
				server: '',
				tool: 'read_mcp_resource',
				readOnly: true,
				available: true,
				builtin: true
			}
		]);
		expect(entries.slice(2).map((e) => e.available)).toEqual([false, false]);
		expect(entries.slice(2).some((e) => 'builtin' in e)).toBe(false);
	});

	it('reuses the previous entry objects that did not change, and only those', () => {
		const built = buildRegistry(facts, resourceTools());
		const before = registryEntries(built, () => 'connected');
		const after = registryEntries(built, (s) => (s === 'zeta' ? 'failed' : 'connected'), before);
		const same = after.map((e, i) => e === before[i]);
		// built-ins, alpha__get kept; zeta__ping changed (now unavailable) is a new object.
		expect(after.map((e) => e.name)).toEqual(before.map((e) => e.name));
		expect(same).toEqual([true, true, true, false]);
		expect(after[3]).toEqual({ ...before[3], available: false });
		expect(before[3].available).toBe(true);
		// Equal entries are the same, changed ones are not: a rebuild with nothing moved shares all.
		expect(registryEntries(built, () => 'connected', before).every((e, i) => e === before[i])).toBe(
			true
		);
	});
});
