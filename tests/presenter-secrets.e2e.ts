import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// Presenting masks secrets by default (an instructor projecting a lab should not have to
// remember it), unless the person unticks it while presenting; and the world editor shows no
// header value while they are masked, until the person asks to see the JSON to edit it.

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

test('the world editor shows no header value while masked until asked, and never keeps the mask as a value', async ({
	page
}) => {
	await page.goto(`${LAB}?speed=instant`);
	await settled(page);
	await openEditor(page);
	const editor = page.getByRole('textbox', { name: en('editor_json_label') });
	await expect(editor).toContainText(TOKEN);
	// Half-typed: a header's value without its quotes, which looks like nothing secret.
	const broken = `{"mcp_servers": {"kb": {"type": "http", "url": "https://kb.example.com/mcp", "headers": {"X-Tenant": acme-prod-east, "Authorization": "Bearer ${TOKEN}"}}}}`;
	await editor.click();
	await editor.press('ControlOrMeta+a');
	await editor.press('Delete');
	await page.keyboard.insertText(broken);
	await page.getByRole('button', { name: en('editor_check') }).click();
	const outcome = page.getByTestId('editor-outcome');
	// The browser's sentence quotes the text around the error.
	await expect(outcome).toContainText('acme-prod');

	await maskBox(page).check();
	const masked = page.getByTestId('editor-masked');
	await expect(editor).toBeHidden();
	await expect(page.locator('#editor')).not.toContainText('acme-prod');
	await expect(page.locator('#editor')).not.toContainText(TOKEN);
	await expect(masked).toContainText(en('editor_masked_unreadable'));
	await expect(outcome).toContainText(
		t('en', 'editor_syntax_error', { message: en('editor_syntax_detail_masked') })
	);
	await expectNoAxeViolations(page);

	// Asked for by keyboard: the real text, said aloud, the focus on the way back.
	await page.getByRole('button', { name: en('editor_show_to_edit') }).focus();
	await page.keyboard.press('Enter');
	await expect(editor).toContainText('acme-prod-east');
	await expect(page.getByTestId('live-region')).toContainText(en('editor_shown_said'));
	const again = page.getByRole('button', { name: en('editor_mask_again') });
	await expect(again).toBeFocused();
	await editor.click();
	await editor.press('ControlOrMeta+a');
	await editor.press('Delete');
	await page.keyboard.insertText(broken.replace('acme-prod-east', '"acme-prod-east"'));
	await again.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('button', { name: en('editor_show_to_edit') })).toBeFocused();
	await expect(masked).toContainText('"X-Tenant": "••••"');
	await expect(page.locator('#editor')).not.toContainText('acme-prod');

	// Applied and exported while masked: the values as typed, never the mask.
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(outcome).toContainText(en('editor_validation_passed'));
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: en('editor_export') }).click()
	]);
	const saved = JSON.parse(
		await download.createReadStream().then(async (stream) => {
			let text = '';
			for await (const chunk of stream) text += chunk;
			return text;
		})
	);
	expect(saved.mcp_servers.kb.headers).toEqual({
		'X-Tenant': 'acme-prod-east',
		Authorization: `Bearer ${TOKEN}`
	});

	// Shown, then masked again by the toggle: hidden again.
	await page.getByRole('button', { name: en('editor_show_to_edit') }).click();
	await expect(editor).toContainText('acme-prod-east');
	await maskBox(page).uncheck();
	await maskBox(page).check();
	await expect(editor).toBeHidden();
	await expect(page.locator('#editor')).not.toContainText('acme-prod');
});
