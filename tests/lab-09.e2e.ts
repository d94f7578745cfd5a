import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { englishLeft } from './helpers/english-left';
import { switchLanguage } from './helpers/language';
import { t } from './helpers/messages';
import { labSteps, playStep, settled } from './helpers/play-lab';

// Lab 09 through the UI: the poisoned description shown as text (never run), the pins table
// after the rug pull with its before and after, the defences table, keyboard and axe. The lab
// is played once, in English; its end, where every one of those tables is still on screen, is
// then switched to Chinese in place and checked again there (a second play in Chinese took
// 10–17 s of CI and differed only in the words).

const LAB = '09-tool-poisoning';
const steps = labSteps(LAB);
const FORECAST = 'mcp__weather__get_forecast';

/** The pins panel's table once the rug pull broke the forecast pin: the change, said. */
async function expectBrokenPin(page: Page, locale: string) {
	const panel = page.locator('#pins');
	const row = panel.locator('tr[data-pin-state]').filter({ hasText: FORECAST });
	await expect(row).toHaveAttribute('data-pin-state', 'changed');
	await expect(row).toContainText(t(locale, 'pins_state_changed'));
	const changes = panel.getByTestId('pin-changes');
	await expect(
		changes.getByText(t(locale, 'pins_change_heading', { tool: FORECAST, field: 'description' }))
	).toBeVisible();
	await expect(changes).toContainText(t(locale, 'pins_before'));
	await expect(changes).toContainText(t(locale, 'pins_after'));
	await expect(changes.locator('mark').first()).toContainText('~/.aws/credentials');
	const relisted = t(locale, 'pins_relist_ok', { ms: 'MS', server: 'weather', count: 1 });
	const escaped = relisted.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
	await expect(panel.getByText(new RegExp(escaped.replace('MS', '\\d+')))).toBeVisible();
}

/** The scrollable box of a table (its section is a region of the same name). */
const scroller = (page: Page, heading: string) =>
	page.locator(`div[role="region"][aria-labelledby="${heading}"]`);

/** The defences table: a verdict and its reason in every cell, tied to the reference. */
async function expectDefences(page: Page, locale: string) {
	const table = scroller(page, 'defences-heading');
	await expect(table).toHaveAccessibleName(t(locale, 'defences_heading'));
	// Each harness by the name the labs gave it, with the lab that taught it.
	const harness = (name: string, lab: string) => t(locale, 'defences_harness', { name, lab });
	await expect(table.locator('thead th')).toHaveText([
		t(locale, 'defences_defence'),
		'OpenHarness',
		harness('ToolSource', '05'),
		harness(t(locale, 'defences_name_trust'), '04'),
		harness('MiniHarness', '06'),
		harness('ContextualMCP', '07')
	]);
	const rule1 = table.locator('[data-defence="openharness.credentialPaths"]');
	await expect(rule1).toContainText(t(locale, 'defences_verdict_has'));
	await expect(rule1).toContainText(t(locale, 'defences_detail_rule_1'));
	await expect(rule1).toContainText(t(locale, 'defences_ref', { section: '§1' }));
	await expect(table.locator('[data-defence="toolsource.annotations"]')).toContainText(
		t(locale, 'defences_detail_effects_from_allowlist')
	);
	await expect(table.locator('td[data-defence]')).toHaveCount(35);
}

test('lab 09 shows the poison as text, the broken pin and the defences (en, then zh-CN)', async ({
	page
}) => {
	// Four axe passes and the whole lab played (20 s alone on two cores).
	test.setTimeout(90_000);
	const locale = 'en';
	await page.goto(`labs/${LAB}?lang=${locale}&speed=instant`);
	await settled(page);
	const panel = page.locator('#pins');
	await expect(panel.getByRole('heading', { name: t(locale, 'pins_panel_title') })).toBeVisible();
	// Step 1 asks what the model reads: the panel that shows it waits for the answer, or this.
	await panel
		.getByRole('button', {
			name: t(locale, 'panel_hidden_show_label', { panel: t(locale, 'pins_panel_title') }),
			exact: true
		})
		.click();

	// The description the model reads, whole, as text: its markup is shown and never run.
	const save = panel.getByTestId('model-reads').filter({ hasText: 'mcp__notes__save_note' });
	await expect(save).toContainText('Save a note to the team notebook.');
	await expect(save).toContainText('<IMPORTANT>');
	await expect(save).toContainText('onerror="window.__poisoned = true"');
	await expect(save.locator('mark').first()).toContainText('~/.ssh/id_rsa');
	await expect(panel.locator('img, script')).toHaveCount(0);
	expect(await page.evaluate(() => (window as { __poisoned?: boolean }).__poisoned)).toBe(
		undefined
	);
	await expect(panel.getByText(t(locale, 'pins_none'))).toBeVisible();
	await expectNoAxeViolations(page);

	for (const [index, step] of steps.entries()) {
		await playStep(page, locale, step);
		if (step.id === 'rug-pull') {
			await expectBrokenPin(page, locale);
			// The model still reads the old description: OpenHarness never listed again.
			const reads = panel.getByTestId('model-reads').filter({ hasText: FORECAST });
			await expect(reads).toContainText("Get today's forecast for a city.");
			await expect(reads).not.toContainText('~/.aws/credentials');
			await expectNoAxeViolations(page);
		}
		if (index < steps.length - 1)
			await page.getByRole('button', { name: t(locale, 'lab_next') }).click();
	}
	await expect(page.locator('#narration').getByText(t(locale, 'lab_all_done'))).toBeVisible();

	// Keyboard: the defences table is closed until opened (it answers the earlier steps'
	// questions), one Tab after the pins table; open, its scrollable region is the next stop.
	const pins = scroller(page, 'pins-heading');
	await pins.focus();
	await expect(pins).toBeFocused();
	const disclosure = page.locator('details:has(#defences-heading)');
	await expect(disclosure).not.toHaveAttribute('open');
	await expect(scroller(page, 'defences-heading')).toBeHidden();
	await page.keyboard.press('Tab');
	await expect(disclosure.locator('summary')).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(disclosure).toHaveAttribute('open');
	await expectDefences(page, locale);
	await page.keyboard.press('Tab');
	await expect(scroller(page, 'defences-heading')).toBeFocused();
	await expectNoAxeViolations(page);
	expect(await page.evaluate(() => (window as { __poisoned?: boolean }).__poisoned)).toBe(
		undefined
	);

	// The same end in Chinese: every table's words, no English phrase of the UI's, axe.
	await switchLanguage(page, 'zh-CN');
	await expect(page.locator('#narration').getByText(t('zh-CN', 'lab_all_done'))).toBeVisible();
	await expect(panel.getByRole('heading', { name: t('zh-CN', 'pins_panel_title') })).toBeVisible();
	await expectBrokenPin(page, 'zh-CN');
	await expectDefences(page, 'zh-CN');
	expect(await englishLeft(page)).toEqual([]);
	await expectNoAxeViolations(page);
});
