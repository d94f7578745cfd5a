import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { mergeServers } from './plugins';
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
