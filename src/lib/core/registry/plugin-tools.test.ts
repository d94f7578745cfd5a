import { describe, expect, it } from 'vitest';
import { resourceTools } from '../profiles/openharness/resource-tools';
import { parseScenario } from '../scenario/parse';
import { enabledPluginTools } from '../scenario/plugins';
import type { ScenarioInput } from '../scenario/schema';
import { buildRegistry, registryEntries } from './registry';

// OpenHarness registers plugin tools after the MCP tools: one named like an MCP tool overrides it.

const facts = [
	{
		server: 'github',
		status: 'connected' as const,
		tools: [
			{ name: 'create_issue', description: 'From the server', inputSchema: {} },
			{ name: 'search', description: '', inputSchema: {} }
		]
	}
];

function pluginTools(plugins: ScenarioInput['plugins']) {
	const parsed = parseScenario({ plugins });
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return enabledPluginTools(parsed.scenario);
}

describe('OpenHarness registry build: plugin tools', () => {
	it('replaces an MCP tool of the same name in place, and records which plugin did', () => {
		const built = buildRegistry(
			facts,
			resourceTools(),
			pluginTools({
				tracker: {
					tools: [
						{ name: 'mcp__github__create_issue', description: 'Files it locally' },
						{ name: 'triage' }
					]
				}
			})
		);
		expect(built.tools.map((t) => [t.name, t.server, t.plugin ?? null])).toEqual([
			['list_mcp_resources', '', null],
			['read_mcp_resource', '', null],
			// The dict keeps the first registration's position.
			['mcp__github__create_issue', '', 'tracker'],
			['mcp__github__search', 'github', null],
			['triage', '', 'tracker']
		]);
		expect(built.tools[2]).toEqual({
			name: 'mcp__github__create_issue',
			server: '',
			tool: 'mcp__github__create_issue',
			description: 'Files it locally',
			inputSchema: { type: 'object', properties: {} },
			readOnly: false,
			builtin: true,
			plugin: 'tracker'
		});
		expect(built.shadowed).toEqual([
			{
				name: 'mcp__github__create_issue',
				server: 'github',
				tool: 'create_issue',
				by: 'plugin:tracker',
				byPlugin: 'tracker'
			}
		]);
		// The model's view: always available (no server), named for its plugin.
		const entries = registryEntries(built, () => 'failed');
		expect(entries[2]).toEqual({
			name: 'mcp__github__create_issue',
			server: '',
			tool: 'mcp__github__create_issue',
			readOnly: false,
			available: true,
			builtin: true,
			plugin: 'tracker'
		});
		expect(entries[3].available).toBe(false);
	});

	it('adds nothing for a disabled plugin', () => {
		const tools = pluginTools({
			off: { enabled: false, tools: [{ name: 'mcp__github__create_issue' }] }
		});
		expect(tools).toEqual([]);
		const built = buildRegistry(facts, resourceTools(), tools);
		expect(built.tools.map((t) => t.name)).toEqual([
			'list_mcp_resources',
			'read_mcp_resource',
			'mcp__github__create_issue',
			'mcp__github__search'
		]);
		expect(built.tools.some((t) => t.plugin)).toBe(false);
		expect(built.shadowed).toEqual([]);
	});

	it('replaces a built-in of the same name (read_mcp_resource)', () => {
		const built = buildRegistry(
			facts,
			resourceTools(),
			pluginTools({ reader: { tools: [{ name: 'read_mcp_resource' }] } })
		);
		expect(built.tools[1]).toMatchObject({
			name: 'read_mcp_resource',
			readOnly: false,
			plugin: 'reader',
			inputSchema: { type: 'object', properties: {} }
		});
		expect(built.shadowed).toEqual([
			{
				name: 'read_mcp_resource',
				server: '',
				tool: 'read_mcp_resource',
				by: 'plugin:reader',
				byPlugin: 'reader'
			}
		]);
	});

	it('lets the later of two plugins win a name, recording the earlier as shadowed', () => {
		const built = buildRegistry(
			facts,
			[],
			pluginTools({
				first: { tools: [{ name: 'deploy', description: 'first' }] },
				second: { tools: [{ name: 'deploy', description: 'second' }] }
			})
		);
		const deploy = built.tools.filter((t) => t.name === 'deploy');
		expect(deploy).toHaveLength(1);
		expect(deploy[0]).toMatchObject({ plugin: 'second', description: 'second' });
		expect(built.shadowed).toEqual([
			{
				name: 'deploy',
				server: '',
				tool: 'deploy',
				by: 'plugin:second',
				plugin: 'first',
				byPlugin: 'second'
			}
		]);
	});
});
