import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// OpenHarness's built-in resource tools as a learner meets them: their own group in the registry
// panel, their own group in the call box, and the pipeline's execute stage telling what crossed
// the wire.

// In English only: the registry's built-in rows are on every lab page played in Chinese
// (labs.e2e.ts).
for (const locale of ['en']) {
	test(`the registry shows the harness built-ins apart, and the model can call them (${locale})`, async ({
		page
	}) => {
		await page.goto(`labs/01-connection-isolation?lang=${locale}&speed=instant`);
		await settled(page);
		const registry = page.locator('#registry');
		const group = registry.getByRole('region', { name: t(locale, 'registry_builtins_heading') });
		await expect(group).toContainText(t(locale, 'registry_builtins_note'));
		await expect(group.locator('li')).toHaveText([
			`list_mcp_resources — ${t(locale, 'registry_builtin_facts')}`,
			`read_mcp_resource — ${t(locale, 'registry_builtin_facts')}`
		]);
		// Not rows of the MCP tools' table.
		await expect(registry.locator('tbody')).not.toContainText('mcp_resource');

		const calls = page.locator('#calls');
		const tool = calls.getByLabel(t(locale, 'call_tool'), { exact: true });
		// The first MCP tool stays the one picked; the built-ins have their own group.
		await expect(tool).toHaveValue('mcp__filesystem__read_file');
		await expect(
			tool.locator(`optgroup[label="${t(locale, 'call_builtins_group')}"] option`)
		).toHaveText(['list_mcp_resources', 'read_mcp_resource']);
		await tool.selectOption('read_mcp_resource');
		await expect(calls.getByLabel(t(locale, 'call_arguments'))).toHaveValue(
			'{\n  "server": "example",\n  "uri": "example"\n}'
		);
		await calls
			.getByLabel(t(locale, 'call_arguments'))
			.fill('{"server": "internal-api", "uri": "file:///x"}');
		await calls.getByRole('button', { name: t(locale, 'call_button'), exact: true }).click();
		await settled(page);
		await expect(calls.locator('li').first()).toContainText(
			"MCP server 'internal-api' resource read failed: Method not found"
		);

		await tool.selectOption('list_mcp_resources');
		await calls.getByLabel(t(locale, 'call_arguments')).fill('{}');
		await calls.getByRole('button', { name: t(locale, 'call_button'), exact: true }).click();
		await settled(page);
		await expect(calls.locator('li').first()).toContainText('(no MCP resources)');
		await expect(page.locator('#pipeline-stages')).toContainText(t(locale, 'pipeline_wire_local'));
	});
}
