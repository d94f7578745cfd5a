import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// Presenting masks secrets by default (an instructor projecting a lab should not have to
// remember it), unless the person unticks it while presenting.

const LAB = 'labs/07-per-run-headers';
/** Lab 07's knowledge server sends this bearer token in its Authorization header. */
const TOKEN = 'kb-7f3a9c2e';
const en = (key: string) => t('en', key);
const maskBox = (page: Page, locale = 'en') =>
	page.getByLabel(t(locale, 'mask_secrets'), { exact: true });

async function openEditor(page: Page) {
	await page.getByText(en('lab_edit_world'), { exact: true }).click();
	await expect(page.getByRole('heading', { name: en('editor_title') })).toBeVisible();
}

test('presenting masks secrets unless the person unticks it then, in this tab only', async ({
	page,
	context
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	const note = page.getByTestId('presenter-mask-note');
	await expect(maskBox(page)).toBeChecked();
	await expect(note).toHaveText(en('presenter_masked_note'));
	await openEditor(page);
	await expect(page.getByTestId('editor-masked')).toContainText('"Authorization": "••••"');
	await expect(page.locator('#main')).not.toContainText(TOKEN);

	// Unticked while presenting: the person's choice, kept through a reload and the mode going
	// off and on again.
	await maskBox(page).uncheck();
	await expect(note).toHaveText(en('presenter_unmasked_note'));
	await page.reload();
	await settled(page);
	await expect(note).toHaveText(en('presenter_unmasked_note'));
	await expect(maskBox(page)).not.toBeChecked();
	const toggle = page.getByRole('button', { name: en('presenter_mode') });
	await toggle.click();
	await toggle.click();
	await expect(toggle).toHaveAttribute('aria-pressed', 'true');
	await expect(maskBox(page)).not.toBeChecked();

	// Another tab (another lesson, or the next instructor at a shared desk) masks again.
	const other = await context.newPage();
	await other.goto(`${LAB}?present=1&speed=instant`);
	await settled(other);
	await expect(maskBox(other)).toBeChecked();
	// Only the choice was kept, never a value.
	expect(await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))).not.toContain(
		TOKEN
	);
});

test('turning presenter mode on masks secrets and says so, in Chinese; turning it off keeps them masked', async ({
	page
}) => {
	const zh = (key: string) => t('zh-CN', key);
	await page.goto(`${LAB}?lang=zh-CN&speed=instant`);
	await settled(page);
	await expect(maskBox(page, 'zh-CN')).not.toBeChecked();
	await expect(page.locator('#presenter-help')).toHaveText(zh('presenter_mode_help'));
	const toggle = page.getByRole('button', { name: zh('presenter_mode') });
	await toggle.click();
	await expect(maskBox(page, 'zh-CN')).toBeChecked();
	await expect(page.getByTestId('live-region')).toContainText(
		`${zh('presenter_on')}。${zh('mask_secrets_on')}`
	);
	await expect(page.getByTestId('presenter-mask-note')).toHaveText(zh('presenter_masked_note'));
	await settled(page);
	await expectNoAxeViolations(page);
	// The projector is often still on when the mode goes off.
	await toggle.click();
	await expect(page.locator('html')).not.toHaveAttribute('data-presenter');
	await expect(maskBox(page, 'zh-CN')).toBeChecked();
});
