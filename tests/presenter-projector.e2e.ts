import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A lab projected at 1280×720 and 150 % zoom: a window of 853×480 CSS px, in presenter mode's
// large type. The shortcuts help opens at its title.

const LAB = 'labs/01-connection-isolation';

test.use({ viewport: { width: 853, height: 480 } });

const position = (page: Page, at: number) =>
	expect(page.getByTestId('cue-position')).toContainText(
		t('en', 'presenter_position', { at, total: 10 })
	);

async function present(page: Page) {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await position(page, 0);
}

test('the shortcuts help opens at its title on a small screen, and gives the focus back', async ({
	page
}) => {
	await present(page);
	const next = page
		.getByTestId('cue-panel')
		.getByRole('button', { name: t('en', 'presenter_next'), exact: true });
	await next.focus();
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: t('en', 'shortcuts_title') });
	await expect(help).toBeVisible();
	const title = help.getByRole('heading', { name: t('en', 'shortcuts_title') });
	// Its title and its first key are in sight, not scrolled off by a focused checkbox below.
	await expect(title).toBeFocused();
	await expect(title).toBeInViewport({ ratio: 1 });
	await expect(help.getByRole('cell', { name: 'n', exact: true })).toBeInViewport();
	expect(await help.evaluate((dialog) => dialog.scrollTop)).toBe(0);
	// Tab still reaches the controls.
	await page.keyboard.press('Tab');
	await expect(
		help.getByRole('checkbox', { name: t('en', 'shortcuts_single_keys') })
	).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	await expect(next).toBeFocused();

	// Opened again, it is at its top again (the last visit ended at its checkbox).
	await page.keyboard.press('?');
	await expect(title).toBeFocused();
	await expect(title).toBeInViewport({ ratio: 1 });
	await help.getByRole('button', { name: t('en', 'shortcuts_close') }).click();
	await expect(next).toBeFocused();
});
