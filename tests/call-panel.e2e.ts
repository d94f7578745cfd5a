import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

const en = (key: string) => t('en', key);

test('arguments typed for one tool are still there after trying another tool and coming back', async ({
	page
}) => {
	await page.goto('labs/00-protocol-basics?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	const tool = calls.getByLabel(en('call_tool'), { exact: true });
	const args = calls.getByLabel(en('call_arguments'), { exact: true });
	await tool.selectOption('read_mcp_resource');
	const readme = '{"server": "helpdesk", "uri": "file:///home/ana/helpdesk/README.md"}';
	await args.fill(readme);
	await tool.selectOption('list_mcp_resources');
	// Another tool shows its own example, not the text typed for the first one.
	await expect(args).not.toHaveValue(readme);
	await tool.selectOption('read_mcp_resource');
	await expect(args).toHaveValue(readme);
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
	await expect(calls.locator('li').first()).toContainText('read_mcp_resource');
	await expect(calls.locator('li').first()).not.toContainText('not connected');
});
