import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { unusedKeys, unusedNotes } from './unused-keys';

const fs = { type: 'stdio', command: 'npx', args: ['fs'] };

describe('unusedKeys', () => {
	it('names a top-level key one typo from a key the world lacks, which a valid world keeps', () => {
		const world = { mcp_server: { fs }, permisions: { mode: 'default' } };
		expect(parseScenario(world).ok).toBe(true);
		expect(unusedKeys(world)).toEqual([
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
		expect(unusedKeys(world).map((u) => [u.path, 'meant' in u && u.meant])).toEqual([
			['mcp_servers.fs.comand', 'command'],
			['mcp_servers.web.header', 'headers'],
			['plugins.acme.enabeld', 'enabled'],
			['plugins.acme.mcp_servers["a.b"].arg', 'args']
		]);
	});

	it('says nothing of a key more than one typo from every key, nor of one whose meant key is there too', () => {
		// `tools` is two letters from `hooks`: no typo of it, so no guess.
		const world = { model: 'x', theme: 'dark', tools: [], mcp_servers: { fs }, mcp_server: {} };
		expect(unusedKeys(world)).toEqual([]);
		expect(unusedKeys({ mcp_servers: { fs: { ...fs, commands: ['a'] } } })).toEqual([]);
		expect(unusedKeys([1, 2])).toEqual([]);
		expect(unusedKeys(null)).toEqual([]);
	});

	it('names a simulated tool’s result or crash that its error or crash always wins over', () => {
		const text = { content: [{ type: 'text', text: 'never' }] };
		const tools = [
			{ name: 'a', error: { code: -32603, message: 'x' }, result: text, crash: true },
			{ name: 'b', crash: true, result: text },
			{ name: 'c', crash: false, result: text },
			{ name: 'd', error: { code: 1, message: 'y' } }
		];
		const world = {
			mcp_servers: { fs: { ...fs, sim: { tools } } },
			plugins: {
				p: {
					mcp_servers: { q: { type: 'http', url: 'https://q.example', sim: { tools: [tools[1]] } } }
				}
			}
		};
		expect(parseScenario(world).ok).toBe(true);
		expect(unusedKeys(world)).toEqual([
			{ path: 'mcp_servers.fs.sim.tools[0].crash', key: 'crash', answers: 'error' },
			{ path: 'mcp_servers.fs.sim.tools[0].result', key: 'result', answers: 'error' },
			{ path: 'mcp_servers.fs.sim.tools[1].result', key: 'result', answers: 'crash' },
			{ path: 'plugins.p.mcp_servers.q.sim.tools[0].result', key: 'result', answers: 'crash' }
		]);
	});

	it('names a server config’s key that only its sim block reads, written beside sim', () => {
		const tools = [{ name: 'read_file' }];
		const world = {
			mcp_servers: { fs: { ...fs, tools, instructions: 'Be brief.', sim: {} } },
			plugins: { p: { mcp_servers: { q: { ...fs, prompts: [] } } } },
			// Not a server config: the root's own keys are not sim's.
			instructions: 'x'
		};
		expect(parseScenario(world).ok).toBe(true);
		expect(unusedKeys(world)).toEqual([
			{ path: 'mcp_servers.fs.tools', key: 'tools', inside: 'sim' },
			{ path: 'mcp_servers.fs.instructions', key: 'instructions', inside: 'sim' },
			{ path: 'plugins.p.mcp_servers.q.prompts', key: 'prompts', inside: 'sim' }
		]);
		expect(unusedNotes(unusedKeys(world))[0]).toEqual({
			path: 'mcp_servers.fs.tools',
			message: 'MCP Lab reads this key only inside sim: here it changes nothing.'
		});
	});

	it('names an outranked key of a tool that a step’s changeTools adds', () => {
		const error = { code: -32603, message: 'x' };
		const result = { content: [{ type: 'text', text: 'never' }] };
		const steps = [
			{ do: 'log', level: 'info', data: 'adding' },
			{
				do: 'changeTools',
				add: [
					{ name: 'late', error, result },
					{ name: 'fine', result }
				]
			}
		];
		const world = { mcp_servers: { fs: { ...fs, sim: { tools: [{ name: 'grow', steps }] } } } };
		expect(parseScenario(world).ok).toBe(true);
		expect(unusedKeys(world)).toEqual([
			{
				path: 'mcp_servers.fs.sim.tools[0].steps[1].add[0].result',
				key: 'result',
				answers: 'error'
			}
		]);
	});
});
