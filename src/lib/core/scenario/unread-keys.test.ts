import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { unreadKeys } from './unread-keys';

const fs = { type: 'stdio', command: 'npx', args: ['fs'] };

describe('unreadKeys', () => {
	it('names a top-level key one typo from a key the world lacks, which a valid world keeps', () => {
		const world = { mcp_server: { fs }, permisions: { mode: 'default' } };
		expect(parseScenario(world).ok).toBe(true);
		expect(unreadKeys(world)).toEqual([
			{ path: 'mcp_server', key: 'mcp_server', meant: 'mcp_servers' },
			{ path: 'permisions', key: 'permisions', meant: 'permissions' }
		]);
	});

	it('names a server config key, in settings and in a plugin, and a plugin key', () => {
		const world = {
			mcp_servers: {
				fs: { type: 'stdio', comand: 'npx' },
				web: { type: 'http', url: 'https://w.example/mcp', header: {} }
			},
			plugins: {
				acme: {
					enabeld: false,
					mcp_servers: { 'a.b': { type: 'stdio', command: 'x', arg: ['y'] } }
				}
			}
		};
		expect(unreadKeys(world).map((u) => [u.path, u.meant])).toEqual([
			['mcp_servers.fs.comand', 'command'],
			['mcp_servers.web.header', 'headers'],
			['plugins.acme.enabeld', 'enabled'],
			['plugins.acme.mcp_servers["a.b"].arg', 'args']
		]);
	});

	it('says nothing of a key far from every key, nor of one whose meant key is there too', () => {
		const world = { model: 'x', theme: 'dark', mcp_servers: { fs }, mcp_server: {} };
		expect(unreadKeys(world)).toEqual([]);
		expect(unreadKeys({ mcp_servers: { fs: { ...fs, commands: ['a'] } } })).toEqual([]);
		expect(unreadKeys([1, 2])).toEqual([]);
		expect(unreadKeys(null)).toEqual([]);
	});
});
