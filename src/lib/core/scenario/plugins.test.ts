import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { enabledPluginTools, findPluginTool, mergeServers } from './plugins';
import { makeWorld } from '../world/test-world';

const scenario = {
	mcp_servers: {
		filesystem: { type: 'stdio', command: 'npx', args: [] },
		'github:search': { type: 'stdio', command: 'settings-wins', sim: { tools: [{ name: 'find' }] } }
	},
	plugins: {
		github: {
			enabled: true,
			mcp_servers: {
				search: { type: 'stdio', command: 'plugin-loses', sim: { tools: [{ name: 'find' }] } },
				issues: { type: 'http', url: 'https://x', sim: { tools: [{ name: 'list.open' }] } }
			}
		},
		jira: { enabled: false, mcp_servers: { tickets: { type: 'stdio', command: 'x' } } }
	}
};

describe('OpenHarness plugin merge', () => {
	it('adds enabled plugins’ servers as <plugin>:<name> where the key is free, after settings', () => {
		const parsed = parseScenario(scenario);
		if (!parsed.ok) throw new Error('invalid');
		const { servers, skipped } = mergeServers(parsed.scenario);
		expect(servers.map((s) => [s.name, s.plugin])).toEqual([
			['filesystem', null],
			['github:search', null],
			['github:issues', 'github']
		]);
		expect(servers[1].config).toMatchObject({ command: 'settings-wins' });
		expect(skipped).toEqual([
			{ plugin: 'github', name: 'search', key: 'github:search', reason: 'key-taken' },
			{ plugin: 'jira', name: 'tickets', key: 'jira:tickets', reason: 'plugin-disabled' }
		]);
	});

	it('runs plugin servers under their merged keys with sanitised tool names', async () => {
		const world = makeWorld(scenario);
		await world.startSession();
		expect(world.serverNames).toEqual(['filesystem', 'github:search', 'github:issues']);
		expect(world.registry.map((e) => e.name)).toEqual([
			// OpenHarness's own resource tools come first in every registry it builds.
			'list_mcp_resources',
			'read_mcp_resource',
			...[
				'mcp__filesystem__read_file'.replace('read_file', 'read_file'),
				'mcp__github_issues__list_open',
				'mcp__github_search__find'
			].filter((n) => !n.startsWith('mcp__filesystem'))
		]);
		expect(world.servers().find((s) => s.name === 'github:issues')?.plugin).toBe('github');
	});
});

describe('OpenHarness plugin tools in a scenario', () => {
	it('refuses a bad plugin tool at its JSON path', () => {
		const result = parseScenario({
			plugins: {
				'my.plugin': {
					tools: [
						{ name: 'ok', result: { content: [{ type: 'text', text: 'x' }] } },
						{ name: 'typo', resutl: {} },
						{ name: '' },
						{ name: 'bad', result: { content: [{ type: 'video' }] } },
						{ name: 'nope', inputSchema: 'object' }
					]
				}
			}
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems.map((p) => p.path)).toEqual([
			'plugins["my.plugin"].tools[1]',
			'plugins["my.plugin"].tools[2].name',
			'plugins["my.plugin"].tools[3].result.content[0].type',
			'plugins["my.plugin"].tools[4].inputSchema'
		]);
		expect(result.problems[0].message).toBe('Unrecognized key: "resutl"');
	});

	it('refuses more tools than a plugin may give', () => {
		const result = parseScenario({
			plugins: { p: { tools: Array.from({ length: 101 }, (_, i) => ({ name: `t${i}` })) } }
		});
		expect(!result.ok && result.problems.map((p) => p.path)).toEqual(['plugins.p.tools']);
	});

	it('gives the enabled plugins’ tools in plugin order, none of a disabled one', () => {
		const parsed = parseScenario({
			plugins: {
				b: { tools: [{ name: 'one' }, { name: 'two' }] },
				off: { enabled: false, tools: [{ name: 'never' }] },
				a: { tools: [{ name: 'three' }] }
			}
		});
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
		expect(enabledPluginTools(parsed.scenario).map((t) => [t.plugin, t.tool.name])).toEqual([
			['b', 'one'],
			['b', 'two'],
			['a', 'three']
		]);
		expect(findPluginTool(parsed.scenario, 'off', 'never')).toBeUndefined();
		expect(findPluginTool(parsed.scenario, '__proto__', 'one')).toBeUndefined();
		expect(findPluginTool(parsed.scenario, 'b', 'two')).toEqual({ name: 'two' });
	});
});
