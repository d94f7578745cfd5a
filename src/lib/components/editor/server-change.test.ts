import { describe, expect, it } from 'vitest';
import { templateById, templateText } from '$lib/core/scenario/templates';
import { checkScenarioText, readForm } from './scenario-text';
import { adaptedName } from '$lib/core/profiles/openharness/naming';
import {
	adaptedPrefix,
	segment,
	changeServer,
	serverFields,
	type ServerChanged,
	type ServerFields
} from './server-change';

const seed = templateText(templateById('lab-01')!);
type Servers = Record<string, Record<string, unknown>>;
const serversOf = (text: string): Servers => JSON.parse(text).mcp_servers;

/** The fields as the form opens them on `name` of `text`. */
function opened(text: string, name: string): ServerFields {
	const form = readForm(text);
	if (!form.ok) throw new Error('unreadable');
	return serverFields(form.servers.find((s) => s.name === name)!);
}

function saved(text: string, old: string, fields: Partial<ServerFields>): ServerChanged {
	const result = changeServer(text, old, { ...opened(text, old), ...fields });
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result;
}

/**
 * `after` is `before` with server `old` renamed `name` and nothing else: the same place in
 * `mcp_servers`, the same config (its key order too), every other server and key as it was.
 */
function expectRenamedInPlace(before: string, after: string, old: string, name: string) {
	const was = serversOf(before);
	const now = serversOf(after);
	expect(Object.keys(now)).toEqual(Object.keys(was).map((key) => (key === old ? name : key)));
	expect(JSON.stringify(now[name])).toBe(JSON.stringify(was[old]));
	const rest = (text: string) => ({ ...JSON.parse(text), mcp_servers: null });
	expect(rest(after)).toEqual(rest(before));
	for (const key of Object.keys(was)) if (key !== old) expect(now[key]).toEqual(was[key]);
}

/** A world with a server whose config holds keys the form never shows. */
const rich = JSON.stringify(
	{
		mcp_servers: {
			first: { type: 'http', url: 'https://a.example/mcp' },
			tools: {
				type: 'stdio',
				command: 'node',
				args: ['server.js', '  spaced  '],
				env: { TOKEN: 'x' },
				cwd: '/srv',
				timeout: 30,
				sim: { latencyMs: 5, tools: [{ name: 'ping' }] }
			},
			last: { type: 'ws', url: 'wss://c.example/mcp', headers: { A: 'b' } }
		},
		permissions: { mode: 'full_auto' }
	},
	null,
	2
);

describe('changing an existing server', () => {
	it('renames in place: same position, every key of its config as written, names as typed', () => {
		for (const name of ['internal api.v2', ' padded ', 'x']) {
			const result = saved(seed, 'internal-api', { name });
			expectRenamedInPlace(seed, result.text, 'internal-api', name);
			expect([result.changed, result.removed]).toEqual([[], []]);
			expect(checkScenarioText(result.text).kind).toBe('valid');
		}
		// Even an argument the add form would trim: a rename alone rewrites no field.
		const result = saved(rich, 'tools', { name: 'my tools' });
		expectRenamedInPlace(rich, result.text, 'tools', 'my tools');
	});

	it('the in-place check catches a rename that moves the server or loses a key (mutation check)', () => {
		const renamed = serversOf(saved(rich, 'tools', { name: 'moved' }).text);
		const write = (servers: Servers) =>
			JSON.stringify({ ...JSON.parse(rich), mcp_servers: servers }, null, 2);
		// Removed and added again: last in the block, so connected last.
		const { moved: config, ...others } = renamed;
		expect(() =>
			expectRenamedInPlace(rich, write({ ...others, moved: config }), 'tools', 'moved')
		).toThrow();
		// In place, but written afresh from the fields: env, cwd, timeout and sim gone.
		const fresh = { type: 'stdio', command: 'node', args: ['server.js', 'spaced'] };
		expect(() =>
			expectRenamedInPlace(rich, write({ ...renamed, moved: fresh }), 'tools', 'moved')
		).toThrow();
		// Or its keys reordered.
		const { type, ...keys } = config;
		expect(() =>
			expectRenamedInPlace(rich, write({ ...renamed, moved: { ...keys, type } }), 'tools', 'moved')
		).toThrow();
	});

	it('a block without `type` stays without one; its command and args change where they are', () => {
		const text = JSON.stringify({
			mcp_servers: { a: { command: 'x', sim: {} }, b: { command: 'y' } }
		});
		const result = saved(text, 'a', { command: 'node', args: 'one\n\n two \n' });
		expect(result.changed).toEqual(['command', 'args']);
		expect(Object.keys(serversOf(result.text))).toEqual(['a', 'b']);
		expect(JSON.stringify(serversOf(result.text).a)).toBe(
			JSON.stringify({ command: 'node', sim: {}, args: ['one', 'two'] })
		);
		// Nothing typed differently: nothing written, not even `args: []`.
		expect(saved(text, 'b', {}).text).toBe(JSON.stringify(JSON.parse(text), null, 2));
		expect(saved(text, 'b', {}).changed).toEqual([]);
	});

	it('refuses as the add form does, and when the server is gone from the text', () => {
		const refused = (old: string, fields: Partial<ServerFields>, text = seed) => {
			const result = changeServer(text, old, { ...opened(seed, 'filesystem'), ...fields });
			return result.ok ? null : result.error;
		};
		expect(refused('filesystem', { name: '  ' })).toEqual({ kind: 'name-required' });
		expect(refused('filesystem', { name: 'internal-api' })).toEqual({
			kind: 'name-taken',
			name: 'internal-api'
		});
		// Its own name is not taken.
		expect(refused('filesystem', { name: 'filesystem' })).toBeNull();
		expect(refused('filesystem', { command: ' ' })).toEqual({ kind: 'command-required' });
		expect(refused('filesystem', { type: 'ws', url: '' })).toEqual({ kind: 'url-required' });
		expect(refused('gone', {})).toEqual({ kind: 'no-server', name: 'gone' });
		expect(refused('filesystem', {}, '{')).toEqual({ kind: 'json' });
		expect(refused('filesystem', {}, '{"mcp_servers":{"filesystem":3}}')).toEqual({
			kind: 'shape'
		});
	});

	it("a type change writes only the new type's keys; sim and keys no schema names stay", () => {
		const toHttp = saved(rich, 'tools', { type: 'http', url: ' https://t.example/mcp ' });
		expect(toHttp.changed).toEqual(['type', 'url']);
		expect(toHttp.removed).toEqual(['command', 'args', 'env', 'cwd']);
		// stdio's command, args, env and cwd go (env is no header); the URL goes right after type.
		expect(JSON.stringify(serversOf(toHttp.text).tools)).toBe(
			JSON.stringify({
				type: 'http',
				url: 'https://t.example/mcp',
				timeout: 30,
				sim: { latencyMs: 5, tools: [{ name: 'ping' }] }
			})
		);
		expect(checkScenarioText(toHttp.text).kind).toBe('valid');

		// http → ws keeps url and headers, drops `live` (only http servers are connected live).
		const live = JSON.stringify({
			mcp_servers: {
				h: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { A: 'b' }, live: true }
			}
		});
		const toWs = saved(live, 'h', { type: 'ws' });
		expect(toWs.changed).toEqual(['type']);
		expect(toWs.removed).toEqual(['live']);
		expect(serversOf(toWs.text).h).toEqual({
			type: 'ws',
			url: 'http://127.0.0.1:1/mcp',
			headers: { A: 'b' }
		});

		// ws → stdio drops url and headers.
		const toStdio = saved(rich, 'last', { type: 'stdio', command: 'srv', args: '--port\n1' });
		expect(toStdio.changed).toEqual(['type', 'command', 'args']);
		expect(toStdio.removed).toEqual(['url', 'headers']);
		expect(JSON.stringify(serversOf(toStdio.text).last)).toBe(
			JSON.stringify({ type: 'stdio', command: 'srv', args: ['--port', '1'] })
		);
		expect(checkScenarioText(toStdio.text).kind).toBe('valid');

		// A block without `type` made http gets `type` first.
		const bare = JSON.stringify({ mcp_servers: { a: { command: 'x', sim: {} } } });
		expect(JSON.stringify(serversOf(saved(bare, 'a', { type: 'http', url: 'u' }).text).a)).toBe(
			JSON.stringify({ type: 'http', url: 'u', sim: {} })
		);
	});

	it('renames the settings keyed by its exact name with it, in place; says what else names it', () => {
		const text = JSON.stringify({
			profile: 'openharness',
			mcp_servers: {
				'internal-api': { type: 'http', url: 'https://a.example/mcp' },
				other: { type: 'http', url: 'https://b.example/mcp' }
			},
			contextual: {
				servers: {
					other: { allowed_tools: ['x'] },
					'internal-api': { headers: { 'X-User': { source: 'identity.user_id' } } }
				}
			},
			miniharness: { priority: { 'internal-api': 2, other: 1 } },
			permissions: {
				mode: 'default',
				allowed_tools: ['mcp__internal-api__search_orders', 'mcp__other__x'],
				denied_tools: ['mcp__internal-api__create_ticket']
			},
			hooks: {
				pre_tool_use: [{ matcher: 'mcp__internal-api__*', block: true }, { matcher: '*' }]
			},
			toolsource: { allow: { 'mcp.internal-api.search_orders': 'read', 'mcp.other.x': 'read' } }
		});
		const result = saved(text, 'internal-api', { name: 'internal api.v2' });
		const world = JSON.parse(result.text);
		// Keyed by the exact name: renamed, in their place, so the text still passes its check.
		expect(Object.keys(world.contextual.servers)).toEqual(['other', 'internal api.v2']);
		expect(Object.keys(world.miniharness.priority)).toEqual(['internal api.v2', 'other']);
		expect(result.moved).toEqual(['contextual.servers', 'miniharness.priority']);
		expect(checkScenarioText(result.text).kind).toBe('valid');
		// Adapted or joined names: counted, one per entry, and left as written.
		expect(result.stale).toEqual([
			'permissions.allowed_tools',
			'permissions.denied_tools',
			'hooks.pre_tool_use',
			'toolsource.allow'
		]);
		expect(world.permissions).toEqual(JSON.parse(text).permissions);
		expect(world.hooks).toEqual(JSON.parse(text).hooks);
		expect(world.toolsource).toEqual(JSON.parse(text).toolsource);

		// No rename, nothing to say.
		const same = saved(text, 'internal-api', {});
		expect([same.moved, same.stale]).toEqual([[], []]);
		// A new name with the same adapted segment: OpenHarness's names still match, ToolSource's not.
		const dotted = JSON.parse(text);
		dotted.mcp_servers = { 'internal.api': dotted.mcp_servers['internal-api'] };
		dotted.permissions.allowed_tools = ['mcp__internal_api__search_orders'];
		dotted.toolsource.allow = { 'mcp.internal.api.search_orders': 'read' };
		delete dotted.contextual;
		delete dotted.miniharness;
		delete dotted.hooks;
		delete dotted.permissions.denied_tools;
		const kept = saved(JSON.stringify(dotted), 'internal.api', { name: 'internal_api' });
		expect(kept.stale).toEqual(['toolsource.allow']);
		expect(kept.moved).toEqual([]);
	});
});

describe("the adapted names' server part", () => {
	it('is what OpenHarness names a server’s tools with', () => {
		for (const server of ['internal-api', 'internal api.v2', '', '2fa', '_x', 'é', '🙂s', 'a:b']) {
			expect(adaptedPrefix(server)).toBe(adaptedName(server, 'x').slice(0, -1));
			expect(adaptedPrefix('s') + segment(server)).toBe(adaptedName('s', server));
		}
	});
});

describe('hook matchers a rename leaves behind', () => {
	const world = (matchers: string[], tools = ['search_orders', 'create_ticket']) =>
		JSON.stringify({
			profile: 'openharness',
			mcp_servers: {
				'internal-api': {
					type: 'http',
					url: 'https://a.example/mcp',
					sim: { tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })) }
				}
			},
			hooks: { pre_tool_use: matchers.map((matcher) => ({ matcher })) }
		});

	it('are the globs that matched one of its tools and match it no more', () => {
		const stale = (matcher: string) =>
			saved(world([matcher]), 'internal-api', { name: 'internal api.v2' }).stale;
		// A glob that never spells the adapted prefix out whole.
		expect(stale('mcp__internal-api*')).toEqual(['hooks.pre_tool_use']);
		expect(stale('mcp__internal-api__search_*')).toEqual(['hooks.pre_tool_use']);
		// Still this server's tools under the new name, or none of them under either.
		expect(stale('mcp__*')).toEqual([]);
		expect(stale('*search_orders')).toEqual([]);
		expect(stale('mcp__internal-api__delete_*')).toEqual([]);
		// Counted once a hook, left as written.
		const text = world(['mcp__internal-api*', 'mcp__*', 'mcp__internal-api__create_*']);
		const result = saved(text, 'internal-api', { name: 'internal api.v2' });
		expect(result.stale).toEqual(['hooks.pre_tool_use', 'hooks.pre_tool_use']);
		expect(JSON.parse(result.text).hooks).toEqual(JSON.parse(text).hooks);
	});

	it('of a server whose tools the text does not list are the ones naming its adapted prefix', () => {
		const text = world(['mcp__internal-api__*', 'mcp__internal-api*'], []);
		expect(saved(text, 'internal-api', { name: 'v2' }).stale).toEqual(['hooks.pre_tool_use']);
	});
});

describe('a rename and the plugin merge', () => {
	const world = (enabled: boolean) =>
		JSON.stringify({
			profile: 'openharness',
			mcp_servers: { fs: { type: 'stdio', command: 'npx' }, 'acme:files': { command: 'x' } },
			plugins: {
				acme: { enabled, mcp_servers: { files: { command: 'y' }, logs: { command: 'z' } } }
			}
		});

	it('names the enabled plugin server whose key the new name takes, or the old name frees', () => {
		const onto = saved(world(true), 'fs', { name: 'acme:logs' });
		expect(onto.takes).toEqual({ plugin: 'acme', name: 'logs' });
		expect(onto.frees).toBeUndefined();
		const off = saved(world(true), 'acme:files', { name: 'files' });
		expect(off.frees).toEqual({ plugin: 'acme', name: 'files' });
		expect(off.takes).toBeUndefined();
	});

	it('says nothing of a disabled plugin, a key no plugin server has, or a Save that keeps the name', () => {
		const disabled = saved(world(false), 'fs', { name: 'acme:logs' });
		expect([disabled.takes, disabled.frees]).toEqual([undefined, undefined]);
		const other = saved(world(true), 'fs', { name: 'acme:other' });
		expect([other.takes, other.frees]).toEqual([undefined, undefined]);
		const kept = saved(world(true), 'acme:files', { command: 'x2' });
		expect([kept.takes, kept.frees]).toEqual([undefined, undefined]);
	});
});
