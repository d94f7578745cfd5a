import { describe, expect, it } from 'vitest';
import { diffRegistry, isEmptyDiff, type RegistryEntry } from './registry';

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
