import { describe, expect, it } from 'vitest';
import { describeProblems, formatPath, parseScenario } from './parse';

describe('scenario parsing', () => {
	it('accepts the three OpenHarness config shapes as they are', () => {
		const result = parseScenario({
			mcp_servers: {
				filesystem: { type: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'x' } },
				'internal-api': { type: 'http', url: 'https://mcp.internal.example.com/mcp' },
				realtime: { type: 'ws', url: 'wss://example.com/mcp' }
			}
		});
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.scenario.profile).toBe('openharness');
		// OpenHarness's defaults: args=[] for stdio, headers={} for http and ws.
		const bare = parseScenario({
			mcp_servers: {
				fs: { command: 'npx' },
				api: { type: 'http', url: 'https://x/mcp' },
				rt: { type: 'ws', url: 'wss://x/mcp' }
			}
		});
		expect(bare.ok && bare.scenario.mcp_servers).toEqual({
			fs: { type: 'stdio', command: 'npx', args: [] },
			api: { type: 'http', url: 'https://x/mcp', headers: {} },
			rt: { type: 'ws', url: 'wss://x/mcp', headers: {} }
		});
		expect(result.scenario.mcp_servers['internal-api']).toMatchObject({
			type: 'http',
			headers: {}
		});
		expect(Object.keys(result.scenario.mcp_servers)).toEqual([
			'filesystem',
			'internal-api',
			'realtime'
		]);
	});

	it('reads streamable_http as http under MiniHarness only, whose own name it is', () => {
		const server = { type: 'streamable_http', url: 'https://x/mcp' };
		const mini = parseScenario({ profile: 'miniharness', mcp_servers: { s: server } });
		expect(mini.ok && mini.scenario.mcp_servers.s.type).toBe('http');
		const open = parseScenario({ profile: 'openharness', mcp_servers: { s: server } });
		expect(open.ok).toBe(false);
		expect(!open.ok && open.problems[0].path).toBe('mcp_servers.s.type');
	});

	it('treats a block without type as stdio, like OpenHarness', () => {
		const result = parseScenario({ mcp_servers: { a: { command: 'node', args: [] } } });
		expect(result.ok && result.scenario.mcp_servers.a.type).toBe('stdio');
	});

	it('never throws on an object whose constructor name is no string (found by the property test)', async () => {
		const odd = Object.assign(Object.create(null) as object, {
			constructor: { name: Object.create(null) as object }
		});
		const input = { mcp_servers: {}, plugins: { p: { enabled: odd, mcp_servers: {} } } };
		const result = parseScenario(input);
		expect(result).toMatchObject({
			ok: false,
			problems: [
				{
					path: 'plugins.p.enabled',
					message: 'Invalid input: expected boolean, received object'
				}
			]
		});
		// With the editor's Chinese words too: the odd value is named, the rest is zod's.
		const { default: zhCN } = await import('zod/v4/locales/zh-CN.js');
		expect(() => parseScenario(input, { error: zhCN().localeError })).not.toThrow();
	});

	it('names the JSON path of every problem', () => {
		const result = parseScenario({
			profile: 'nope',
			mcp_servers: {
				fs: { type: 'stdio', args: [1] },
				'my.api': { type: 'http', url: 'x', sim: { tools: [{ name: 3 }] } }
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const paths = result.problems.map((p) => p.path);
		expect(paths).toContain('profile');
		expect(paths).toContain('mcp_servers.fs.command');
		expect(paths).toContain('mcp_servers.fs.args[0]');
		expect(paths).toContain('mcp_servers["my.api"].sim.tools[0].name');
		expect(describeProblems(result.problems)).toMatch(
			/^Invalid scenario at \S+: .+ \(and \d+ more\)$/
		);
	});

	it('refuses a key the sim block does not know, at its path (a typo no longer reads as valid)', () => {
		const result = parseScenario({
			mcp_servers: {
				fs: {
					command: 'npx',
					sim: {
						tools: [{ name: 'boom', errror: { code: -32000, message: 'nope' } }],
						faults: []
					}
				},
				// A settings block's own unknown keys are still kept: paste your settings as is.
				web: { type: 'http', url: 'https://x.example/mcp', timeout: 30 }
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		// With zod's own path and the key, for the editor's "did you mean".
		expect(result.problems).toEqual([
			{
				path: 'mcp_servers.fs.sim.tools[0]',
				message: 'Unrecognized key: "errror"',
				unknownKeys: { keys: ['errror'], at: ['mcp_servers', 'fs', 'sim', 'tools', 0] }
			},
			{
				path: 'mcp_servers.fs.sim',
				message: 'Unrecognized key: "faults"',
				unknownKeys: { keys: ['faults'], at: ['mcp_servers', 'fs', 'sim'] }
			}
		]);
	});

	it('refuses a typo in every nested part of a sim or host block, at its path', () => {
		const result = parseScenario({
			mcp_servers: {
				fs: {
					command: 'npx',
					sim: {
						resources: [{ uri: 'file:///r', name: 'r', txt: 'x' }],
						resourceTemplates: [
							{ uriTemplate: 'file:///{n}', name: 't', contents: [{ uri: 'file:///1', txet: '' }] }
						],
						prompts: [
							{
								name: 'p',
								arguments: [{ name: 'a', requried: true }],
								messages: [{ role: 'user', text: 'hi', content: {} }]
							}
						],
						capabilities: { tool: false },
						tools: [{ name: 't', steps: [{ do: 'log', level: 'info', dta: 1 }] }]
					}
				}
			},
			host: { roots: [{ uri: 'file:///w', nmae: 'w' }], samplng: true }
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const key = (k: string) => `Unrecognized key: "${k}"`;
		expect(result.problems.map(({ path, message }) => ({ path, message }))).toEqual(
			expect.arrayContaining([
				{ path: 'mcp_servers.fs.sim.resources[0]', message: key('txt') },
				{ path: 'mcp_servers.fs.sim.resourceTemplates[0].contents[0]', message: key('txet') },
				{ path: 'mcp_servers.fs.sim.prompts[0].arguments[0]', message: key('requried') },
				{ path: 'mcp_servers.fs.sim.prompts[0].messages[0]', message: key('content') },
				{ path: 'mcp_servers.fs.sim.capabilities', message: key('tool') },
				{ path: 'mcp_servers.fs.sim.tools[0].steps[0]', message: key('dta') },
				{ path: 'host', message: key('samplng') }
			])
		);
	});

	it('says what a field that takes one of several forms wanted, not a bare "Invalid input"', () => {
		const result = parseScenario({
			mcp_servers: {
				fs: {
					command: 'npx',
					sim: { capabilities: { tools: 5, resources: { subscribe: 'yes' }, prompts: {} } }
				}
			},
			host: {
				elicitation: 'form',
				roots: ['file:///ok', { uri: 5 }, { uri: 'file:///w', nmae: 'w' }]
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems.map(({ path, message }) => ({ path, message }))).toEqual([
			{
				path: 'mcp_servers.fs.sim.capabilities.tools',
				message: 'Invalid input: expected boolean or object, received number'
			},
			// An object where a boolean or an object goes: the object's own problem, where it is.
			{
				path: 'mcp_servers.fs.sim.capabilities.resources.subscribe',
				message: 'Invalid input: expected boolean, received string'
			},
			{
				path: 'host.elicitation',
				message: 'Invalid input: expected boolean or object, received string'
			},
			{ path: 'host.roots[1].uri', message: 'Invalid input: expected string, received number' },
			{ path: 'host.roots[2]', message: 'Unrecognized key: "nmae"' }
		]);
		// The key a strict object refused inside a union still offers its "did you mean".
		expect(result.problems.at(-1)?.unknownKeys).toEqual({
			keys: ['nmae'],
			at: ['host', 'roots', 2]
		});
	});

	it('refuses two tools, prompts, resources or templates under one key on one server, at the second', () => {
		// The SDK's McpServer refuses the second registration ("Tool t is already registered"), so
		// no real server lists them; the lab's would, and each profile picked a different one.
		const result = parseScenario({
			mcp_servers: {
				s: {
					command: 'x',
					sim: {
						tools: [
							{ name: 't' },
							{ name: 'u' },
							{ name: 't', description: 'again' },
							{
								name: 'grow',
								steps: [{ do: 'changeTools', add: [{ name: 'n' }, { name: 'n' }] }]
							}
						],
						prompts: [{ name: 'p' }, { name: 'p' }],
						resources: [
							{ uri: 'file:///a', name: 'a' },
							{ uri: 'file:///a', name: 'b' }
						],
						resourceTemplates: [
							{ uriTemplate: 'file:///{x}', name: 'r' },
							{ uriTemplate: 'file:///y/{x}', name: 'r' }
						]
					}
				},
				// Another server may use the same names: each one registers its own.
				other: { command: 'x', sim: { tools: [{ name: 't' }], prompts: [{ name: 'p' }] } }
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const tail = '(the MCP SDK refuses to register the second).';
		expect(result.problems.map(({ path, message }) => ({ path, message }))).toEqual([
			{
				path: 'mcp_servers.s.sim.tools[3].steps[0].add[1].name',
				message: `The name "n" is already used by add[0]: a server cannot list two tools with the same name ${tail}`
			},
			{
				path: 'mcp_servers.s.sim.tools[2].name',
				message: `The name "t" is already used by tools[0]: a server cannot list two tools with the same name ${tail}`
			},
			{
				path: 'mcp_servers.s.sim.resources[1].uri',
				message: `The URI "file:///a" is already used by resources[0]: a server cannot list two resources with the same URI ${tail}`
			},
			{
				path: 'mcp_servers.s.sim.resourceTemplates[1].name',
				message: `The name "r" is already used by resourceTemplates[0]: a server cannot list two resource templates with the same name ${tail}`
			},
			{
				path: 'mcp_servers.s.sim.prompts[1].name',
				message: `The name "p" is already used by prompts[0]: a server cannot list two prompts with the same name ${tail}`
			}
		]);
		// A resource and a template may share a name (the SDK keeps them apart), as may two
		// resources with different URIs.
		expect(
			parseScenario({
				mcp_servers: {
					s: {
						command: 'x',
						sim: {
							resources: [
								{ uri: 'file:///a', name: 'r' },
								{ uri: 'file:///b', name: 'r' }
							],
							resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'r' }]
						}
					}
				}
			}).ok
		).toBe(true);
	});

	it('names a repeated tool name next to the other problems of its list', () => {
		const result = parseScenario({
			mcp_servers: { s: { command: 'x', sim: { tools: [{ name: 't' }, { name: 't', zzz: 1 }] } } }
		});
		expect(!result.ok && result.problems.map((p) => p.path)).toEqual([
			'mcp_servers.s.sim.tools[1]',
			'mcp_servers.s.sim.tools[1].name'
		]);
	});

	it('refuses contextual settings for a server the world does not have, naming those it has', () => {
		// Looked up by server name, they were never read: their headers were never sent.
		const headers = { 'X-User': { source: 'identity.user_id' } };
		const scenario = (servers: Record<string, unknown>, plugins?: Record<string, unknown>) => ({
			profile: 'contextual',
			mcp_servers: { notes: { type: 'http', url: 'https://n/mcp' }, 'a b': { command: 'x' } },
			...(plugins ? { plugins } : {}),
			contextual: { servers }
		});
		expect(parseScenario(scenario({ ghost: { headers }, notes: { headers } }))).toEqual({
			ok: false,
			problems: [
				{
					path: 'contextual.servers.ghost',
					message:
						'This world has no server named "ghost", so these settings would never be used. Its servers: "notes", "a b".'
				}
			]
		});
		expect(
			parseScenario({ mcp_servers: {}, contextual: { servers: { 'x.y': {} } } })
		).toMatchObject({
			ok: false,
			problems: [
				{
					path: 'contextual.servers["x.y"]',
					message:
						'This world has no server named "x.y", so these settings would never be used. It has no servers.'
				}
			]
		});
		// An enabled plugin's server is the world's as `<plugin>:<name>`; a disabled one's is not.
		const plugin = (enabled: boolean) => ({
			gh: { enabled, mcp_servers: { api: { command: 'x' } } }
		});
		expect(parseScenario(scenario({ 'gh:api': {} }, plugin(true))).ok).toBe(true);
		expect(parseScenario(scenario({ 'gh:api': {} }, plugin(false)))).toMatchObject({
			ok: false,
			problems: [{ path: 'contextual.servers["gh:api"]' }]
		});
		// Whatever the profile: the block is the same mistake when another profile runs.
		expect(parseScenario({ ...scenario({ ghost: {} }), profile: 'openharness' }).ok).toBe(false);
		expect(parseScenario(scenario({ notes: { headers }, 'a b': {} })).ok).toBe(true);
	});

	it('refuses a MiniHarness priority for a server the world does not have', () => {
		// Looked up by server name, it never applied: the typo's server kept priority 0.
		expect(
			parseScenario({
				profile: 'miniharness',
				mcp_servers: { primary: { command: 'x' }, backup: { command: 'y' } },
				miniharness: { priority: { primary: 10, bakup: 5 } }
			})
		).toEqual({
			ok: false,
			problems: [
				{
					path: 'miniharness.priority.bakup',
					message:
						'This world has no server named "bakup", so these settings would never be used. Its servers: "primary", "backup".'
				}
			]
		});
	});

	it('refuses a live server whose url is no address, at its path', () => {
		const result = parseScenario({
			mcp_servers: { l: { type: 'http', url: 'not a url', live: true } }
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems).toEqual([
			{
				path: 'mcp_servers.l.url',
				message:
					"A live server's url is an http(s) address with no user name or password, e.g. http://127.0.0.1:8787/notes/mcp."
			}
		]);
		// A simulated server's url is only a name: any text will do, as before.
		expect(parseScenario({ mcp_servers: { s: { type: 'http', url: 'x' } } }).ok).toBe(true);
	});

	it('refuses a live server whose url carries a password, and never quotes it', () => {
		const result = parseScenario({
			mcp_servers: { l: { type: 'http', url: 'http://alice:hunter2@127.0.0.1/mcp', live: true } }
		});
		expect(result).toEqual({
			ok: false,
			problems: [
				{
					path: 'mcp_servers.l.url',
					message:
						"A live server's url is an http(s) address with no user name or password, e.g. http://127.0.0.1:8787/notes/mcp."
				}
			]
		});
	});

	it('refuses a content part of a kind MCP does not have, at its path', () => {
		const result = parseScenario({
			mcp_servers: {
				s: { command: 'x', sim: { tools: [{ name: 't', result: { content: [{ type: 'txt' }] } }] } }
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems.map((p) => p.path)).toEqual([
			'mcp_servers.s.sim.tools[0].result.content[0].type'
		]);
	});

	it('names mcpServers (Claude Desktop, Cursor) instead of opening an empty world', () => {
		const result = parseScenario({ mcpServers: { fs: { command: 'npx' } } });
		expect(result).toEqual({
			ok: false,
			problems: [
				{
					path: 'mcpServers',
					message:
						"This format's key is mcp_servers (OpenHarness's settings), not mcpServers (Claude Desktop's and Cursor's)."
				}
			]
		});
		// With mcp_servers there too, the other key is one of a settings block's own: kept.
		expect(parseScenario({ mcp_servers: {}, mcpServers: {} }).ok).toBe(true);
	});

	it('rejects an unknown transport type at its path', () => {
		const result = parseScenario({ mcp_servers: { x: { type: 'sse', url: 'u' } } });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.problems[0].path).toBe('mcp_servers.x.type');
	});

	it('formats paths unambiguously', () => {
		expect(formatPath([])).toBe('');
		expect(formatPath(['a', 0, 'b c'])).toBe('a[0]["b c"]');
	});
});
