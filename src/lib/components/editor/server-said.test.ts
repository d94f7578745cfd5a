import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { serverChangeSaid } from './server-said';

afterEach(() => {
	i18n.locale = 'en';
});

const none = { changed: [], removed: [], moved: [], stale: [] };

describe('what a server’s Save says', () => {
	it('says the new name and what else changed', () => {
		const renamed = { name: 'internal api.v2', type: 'http' } as const;
		expect(serverChangeSaid('internal-api', renamed, none)).toBe(
			'Server internal-api renamed to internal api.v2.'
		);
		expect(
			serverChangeSaid('fs', { name: 'fs', type: 'ws' }, { ...none, changed: ['type', 'url'] })
		).toBe('Server fs changed: now ws, new URL.');
		expect(
			serverChangeSaid('fs', { name: 'files', type: 'stdio' }, { ...none, changed: ['args'] })
		).toBe('Server fs renamed to files, and changed: new arguments.');
		expect(serverChangeSaid('fs', { name: 'fs', type: 'stdio' }, none)).toBe(
			'Server fs: nothing changed.'
		);
		// The old type's own keys, gone with it (env may have held a credential): said.
		expect(
			serverChangeSaid(
				'fs',
				{ name: 'fs', type: 'http' },
				{ ...none, changed: ['type', 'url'], removed: ['command', 'args', 'env'] }
			)
		).toBe('Server fs changed: now http, new URL. Removed with its old type: command, args, env.');
	});

	it('says the settings renamed with it, and how many entries still name the old server', () => {
		const said = serverChangeSaid(
			'internal-api',
			{ name: 'api', type: 'http' },
			{
				...none,
				moved: ['contextual.servers'],
				stale: ['permissions.allowed_tools', 'permissions.allowed_tools', 'hooks.pre_tool_use']
			}
		);
		expect(said).toBe(
			'Server internal-api renamed to api. Renamed with it: contextual.servers. Entries still naming internal-api: 3 (permissions.allowed_tools, hooks.pre_tool_use). Edit them in the JSON.'
		);
		i18n.locale = 'zh-CN';
		expect(
			serverChangeSaid('a', { name: 'b', type: 'ws' }, { ...none, stale: ['toolsource.allow'] })
		).toBe('服务器 a 已改名为 b。仍指向 a 的条目：1 个（toolsource.allow）。请在 JSON 中修改。');
	});

	it('says a rename onto or off a plugin server’s key, which decides whether the merge adds it', () => {
		expect(
			serverChangeSaid(
				'fs',
				{ name: 'acme:files', type: 'stdio' },
				{ ...none, takes: { plugin: 'acme', name: 'files' } }
			)
		).toBe(
			'Server fs renamed to acme:files. The plugin acme gives its server files that key: once applied, the plugin merge leaves that server out, as the first one wins.'
		);
		i18n.locale = 'zh-CN';
		expect(
			serverChangeSaid(
				'acme:files',
				{ name: 'fs', type: 'stdio' },
				{ ...none, frees: { plugin: 'acme', name: 'files' } }
			)
		).toBe(
			'服务器 acme:files 已改名为 fs。键 acme:files 已空出：应用后，插件 acme 会在这个键下添加它的服务器 files。'
		);
	});
});
