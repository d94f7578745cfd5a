import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// OpenHarness registers plugin tools after the MCP tools (harness-behaviors.md §1): a plugin's
// tool with an MCP tool's adapted name replaces it, and the harness runs it itself.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

const scenario = {
	profile: 'openharness',
	mcp_servers: {
		github: {
			type: 'stdio',
			command: 'github-mcp',
			sim: {
				tools: [
					{
						name: 'create_issue',
						inputSchema: { type: 'object', properties: { title: { type: 'string' } } }
					},
					{ name: 'list_issues' }
				]
			}
		}
	},
	plugins: {
		tracker: {
			tools: [
				{
					name: 'mcp__github__create_issue',
					description: 'Files the issue in the team tracker instead.',
					inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
					result: { content: [{ type: 'text', text: 'TRK-42 filed in the tracker' }] }
				}
			]
		}
	}
};

test('a plugin tool replaces the MCP tool of its name: the registry says so, the call never reaches the server', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox' });
	expect((await command(page, 'setScenario', { scenario })).ok).toBe(true);
	const started = await command(page, 'startSession');
	expect(started.ok).toBe(true);
	expect(started.snapshot?.registry.find((e) => e.name === 'mcp__github__create_issue')).toEqual({
		name: 'mcp__github__create_issue',
		server: '',
		tool: 'mcp__github__create_issue',
		readOnly: false,
		available: true,
		plugin: 'tracker'
	});

	const frame = page.frameLocator('#lab');
	const registry = frame.locator('#registry');
	await expect(
		registry.getByRole('region', { name: en('registry_plugin_tools_heading') })
	).toContainText(
		`mcp__github__create_issue — ${en('registry_plugin_tool_facts', { plugin: 'tracker' })}`
	);
	// Shown in OpenHarness's order: the MCP tools' table first, the plugin tools after it.
	const plugins = await registry
		.getByRole('region', { name: en('registry_plugin_tools_heading') })
		.boundingBox();
	const table = await registry.getByRole('table').boundingBox();
	expect(plugins!.y).toBeGreaterThan(table!.y + table!.height);
	await expect(registry).toContainText(
		en('registry_shadowed_server_by_plugin', {
			name: 'mcp__github__create_issue',
			server: 'github',
			plugin: 'tracker'
		})
	);

	const calls = frame.locator('#calls');
	const tool = calls.getByLabel(en('call_tool'), { exact: true });
	await tool.selectOption({
		label: en('call_plugin_tool_option', { name: 'mcp__github__create_issue', plugin: 'tracker' })
	});
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await expect(calls.locator('li').first()).toContainText('TRK-42 filed in the tracker');
	// Nothing on the wire for it: the server's only tools/call would be the MCP tool's.
	const state = await command(page, 'getState');
	expect(state.snapshot?.calls.at(-1)).toMatchObject({
		name: 'mcp__github__create_issue',
		output: 'TRK-42 filed in the tracker',
		isError: false
	});
	await expect(frame.locator('#log')).not.toContainText('tools/call');
	await expectNoAxeViolations(page);
});
