import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';

// The language lives in the address (`?lang=`). The site's own links do not carry it, so a link
// followed in Chinese gets it added: a reload keeps the language, and Back shows each page in the
// language its address names.

test('a lab opened from the Chinese home page stays Chinese on reload', async ({ page }) => {
	await page.goto('?lang=zh-CN');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await page.locator('a[href$="labs/01-connection-isolation"]').first().click();
	await expect(page).toHaveURL(/labs\/01-connection-isolation\?lang=zh-CN$/);
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('link', { name: t('zh-CN', 'nav_home'), exact: true })).toBeVisible();
});

test('Back shows a page in the language its address names', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?lang=en&speed=instant');
	await page.getByRole('link', { name: '简体中文' }).click();
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await page.getByRole('link', { name: t('zh-CN', 'nav_home'), exact: true }).click();
	await expect(page).toHaveURL(/\?lang=zh-CN$/);
	await page.getByRole('link', { name: 'English' }).click();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await page.goBack();
	await expect(page).toHaveURL(/labs\/01-connection-isolation\?.*lang=zh-CN/);
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('link', { name: t('zh-CN', 'nav_home'), exact: true })).toBeVisible();
});
