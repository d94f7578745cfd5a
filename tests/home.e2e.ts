import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { labIds } from './helpers/play-lab';

test('the home page lists the labs and opens one, under any base path', async ({ page }) => {
	await page.goto('');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP Lab');
	// Each summary draws the lab text's code spans as code, never as backticks.
	const summaries = page.locator('main li p');
	await expect(summaries).toHaveCount(labIds().length);
	for (const text of await summaries.allTextContents()) expect(text).not.toContain('`');
	await expect(summaries.nth(1).locator('code', { hasText: 'filesystem' })).toHaveCount(1);
	const link = page.getByRole('link', { name: /^Open lab 01: / });
	await link.click();
	await expect(page).toHaveURL(/\/labs\/01-connection-isolation$/);
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
});

test('switching language keeps the world as it is', async ({ page }) => {
	await page.goto('labs/01-connection-isolation');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	await page.getByRole('button', { name: 'Kill filesystem' }).click();
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	const live = page.getByTestId('live-region');
	await expect(live).not.toBeEmpty();
	// A link, followed by keyboard: the page switches in place (no reload, the same world).
	await page
		.getByRole('navigation', { name: 'Language' })
		.getByRole('link', { name: '简体中文' })
		.press('Enter');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	// What the live region said in English is gone, not left for a screen reader to find.
	await expect(live).toBeEmpty();
	await expect(page).toHaveURL(/lang=zh-CN/);
	// The same world, now described in Chinese: the killed process and its untouched status.
	await expect(
		page.getByRole('button', {
			name: t('zh-CN', 'servers_restart_label', { server: 'filesystem' })
		})
	).toBeEnabled();
	await expect(page.getByText(t('zh-CN', 'servers_not_noticed'))).toBeVisible();
	await expect(
		page.getByText(t('zh-CN', 'lab_step_of', { current: 1, total: 7 }), { exact: true })
	).toBeVisible();
});
