import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// The side-by-side naming view follows the names typed, host by host, in the page's language.

for (const lang of ['en', 'zh-CN']) {
	test(`Claude Code's row names the permission rule that covers the server (${lang})`, async ({
		page
	}) => {
		await page.goto(`labs/02-naming?speed=instant&lang=${lang}`);
		await settled(page);
		// Step 1 covers the Name lab until its question is answered (it shows step 2's answer).
		await page
			.getByRole('button', {
				name: t(lang, 'panel_hidden_show_label', { panel: t(lang, 'naming_title') }),
				exact: true
			})
			.click();
		// The first "Server name" is the view's own (the collision pairs' come after it).
		await page
			.locator('#naming')
			.getByLabel(t(lang, 'naming_server'), { exact: true })
			.first()
			.fill('github:search');
		const row = page.locator('tr[data-host="claude-code"]').first();
		await expect(row).toContainText('mcp__github_search__');
		await expect(row).toContainText(
			t(lang, 'naming_note_claude_code_rule', { rule: 'mcp__github_search' })
		);
		// Only Claude Code's reference names such a rule.
		await expect(page.locator('tr[data-host="openharness"]').first()).not.toContainText(
			t(lang, 'naming_note_claude_code_rule', { rule: 'mcp__github_search' })
		);
	});
}
