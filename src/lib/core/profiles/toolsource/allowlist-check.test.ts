import { describe, expect, it } from 'vitest';
import { unlistedAllowlistKeys } from './allowlist-check';

const files = { name: 'files', connected: true, tools: ['read_file', 'write_file'] };
const api = { name: 'api', connected: true, tools: ['search.orders'] };

describe('ToolSource allowlist keys that no connected server lists', () => {
	it('names a wrong server, a raw name and a wrong case, with the listed names likely meant', () => {
		const keys = [
			'mcp.files.write_file',
			'mcp.fs.read_file',
			'read_file',
			'mcp.files.Write_File',
			'mcp.api.search.orders',
			'search.orders'
		];
		expect(Object.fromEntries(unlistedAllowlistKeys(keys, [files, api]))).toEqual({
			'mcp.fs.read_file': ['mcp.files.read_file'],
			read_file: ['mcp.files.read_file'],
			'mcp.files.Write_File': [],
			'search.orders': ['mcp.api.search.orders']
		});
	});

	it('says nothing of a key under a server not connected, nor before any server connected', () => {
		const down = { name: 'realtime', connected: false, tools: [] };
		expect([...unlistedAllowlistKeys(['mcp.realtime.subscribe'], [files, down]).keys()]).toEqual(
			[]
		);
		expect([...unlistedAllowlistKeys(['read_file'], [{ ...files, connected: false }])]).toEqual([]);
	});
});
