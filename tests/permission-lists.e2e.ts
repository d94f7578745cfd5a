import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// OpenHarness's allowed_tools / denied_tools compare the registry name exactly. An entry that
// names a tool by its server's name (read_file), or has a typo, decides no call; the registry
// panel says which, and the call shows it: read_file "allowed" still asks in default mode.

const scenario = {
	permissions: {
		mode: 'default',
		allowed_tools: ['read_file', 'mcp__fs__write_file'],
		denied_tools: ['mcp__fs__delet_file']
	},
	mcp_servers: {
		fs: {
			type: 'http',
			url: 'https://fs.example/mcp',
			sim: {
				tools: [
					{ name: 'read_file', result: { content: [{ type: 'text', text: 'hello' }] } },
					{ name: 'write_file', result: { content: [{ type: 'text', text: 'written' }] } },
					{ name: 'delete_file' }
				]
			}
		}
	}
};

for (const locale of ['en', 'zh-CN']) {
	test(`permission list entries that name no registry tool are named, and decide nothing (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario })).error).toBeUndefined();
		const notes = page.frameLocator('iframe').getByTestId('registry-permission-notes');
		await expect(
			notes.getByRole('heading', { name: t(locale, 'registry_permission_unmatched_heading') })
		).toBeVisible();
		await expect(notes).toContainText(t(locale, 'registry_permission_unmatched_why'));
		// Checker order: denied_tools first. The exact entry (mcp__fs__write_file) is not named.
		await expect(notes.getByRole('listitem')).toHaveText([
			'permissions.denied_tools: mcp__fs__delet_file',
			`permissions.allowed_tools: read_file — ${t(locale, 'registry_permission_unmatched_meant', { names: 'mcp__fs__read_file' })}`
		]);
		if (locale === 'en') {
			await expectNoAxeViolations(page);
		}

		// What the notes say, in the pipeline: the exact entry allows, the raw one does not.
		const write = await command(page, 'callTool', { name: 'mcp__fs__write_file', arguments: {} });
		expect(write.snapshot?.calls.at(-1)).toMatchObject({ state: 'completed', output: 'written' });
		const read = await command(page, 'callTool', { name: 'mcp__fs__read_file', arguments: {} });
		expect(read.snapshot?.calls.at(-1)).toMatchObject({ state: 'awaiting_approval' });
	});
}

test('nothing is said when every entry names a registry tool', async ({ page }) => {
	await openHost(page, { lab: 'sandbox' });
	const exact = {
		...scenario,
		permissions: { mode: 'default', allowed_tools: ['mcp__fs__read_file'], denied_tools: [] }
	};
	expect((await command(page, 'setScenario', { scenario: exact })).error).toBeUndefined();
	const frame = page.frameLocator('iframe');
	await expect(frame.getByRole('rowheader', { name: 'mcp__fs__delete_file' })).toBeVisible();
	await expect(frame.getByTestId('registry-permission-notes')).toHaveCount(0);
});
