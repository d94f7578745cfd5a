import { expect, type Page } from '@playwright/test';

// Each language named in itself, as the header's language links name them.
const names: Record<string, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * Switches the page's language in place with the header's language link, as a learner does:
 * the world and everything shown stay, only the words change. A test can so check one state in
 * both languages without building it twice.
 */
export async function switchLanguage(page: Page, locale: string): Promise<void> {
	await page.getByRole('link', { name: names[locale], exact: true }).click();
	await expect(page.locator('html')).toHaveAttribute('lang', locale);
}
