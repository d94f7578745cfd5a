import type { Page } from '@playwright/test';

/** Focuses a button as Tab would, then presses Enter on it: a keyboard user's press. */
export async function pressEnter(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name, exact: true }).focus();
	await page.keyboard.press('Enter');
}
