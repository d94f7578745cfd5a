import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { pressEnter } from './helpers/keys';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { visibleTextCount } from './helpers/visible-text';
import { saidLast } from './helpers/live-region';

// Lab 02 asks which name the model sees before the learner may read it: the registry, the
// model's view and the call form list the adapted names, so they stay covered until an answer
// is locked in. Covered, their headings stay (a narration link still lands on them).

const ANSWERING = ['#registry', '#input-model', '#calls'] as const;
const ADAPTED = 'mcp__internal-api__mcp_2fa_reset';

async function expectCovered(page: Page, covered: boolean) {
	for (const id of ANSWERING) {
		const panel = page.locator(id);
		await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
		await expect(panel.getByTestId('panel-cover')).toHaveCount(covered ? 1 : 0);
	}
	// Nowhere on the page but in the question's own options, to the eye or to a screen reader.
	if (covered) expect(await visibleTextCount(page, ADAPTED, '#narration')).toBe(0);
	else
		await expect(page.locator('#registry').getByRole('rowheader', { name: ADAPTED })).toBeVisible();
}

// In English only: the covered panels are the lab plays' own in Chinese (labs.e2e.ts), which
// answer every question there.
for (const lang of ['en'] as const) {
	const say = (key: string) => t(lang, key);

	test(`a question's answer stays covered until it is locked in, or shown on request (${lang})`, async ({
		page
	}) => {
		await page.goto(`labs/02-naming?speed=instant&lang=${lang}`);
		await settled(page);
		await expectCovered(page, true);
		await expect(page.locator('#registry').getByTestId('panel-cover')).toContainText(
			say('panel_hidden_note')
		);

		// By keyboard: the panels show, it is said, and focus stays on the page (the panel).
		// Named with its panel (the step covers three, each with this button), its words in it.
		const show = page.locator('#registry').getByRole('button', {
			name: t(lang, 'panel_hidden_show_label', { panel: say('registry_title') }),
			exact: true
		});
		await expect(show).toHaveText(say('panel_hidden_show'));
		await show.focus();
		await page.keyboard.press('Enter');
		await expectCovered(page, false);
		await expect(page.getByTestId('live-region')).toHaveText(saidLast(say('panel_hidden_shown')));
		await expect(page.locator('#registry')).toBeFocused();
		// The question is still open.
		await expect(page.getByRole('button', { name: say('lab_predict_answer') })).toBeEnabled();

		// A restart covers them again; locking in an answer, even a wrong one, uncovers them.
		await pressEnter(page, say('lab_reset'));
		await page.getByRole('button', { name: say('progress_confirm_yes'), exact: true }).click();
		await settled(page);
		await expectCovered(page, true);
		await page.locator('input[name="prediction"][value="unchanged"]').check();
		await pressEnter(page, say('lab_predict_answer'));
		await expectCovered(page, false);

		// The Name lab shows every host's name for one tool: the next step's answer. It stays
		// covered for the rest of this step, then until the next question is answered.
		const naming = page.locator('#naming').getByTestId('panel-cover');
		await expect(naming).toContainText(say('panel_hidden_next_note'));
		// Shown on request, it is said that the next question is the one still open; the next
		// step, whose question it answers, covers it again.
		await page
			.locator('#naming')
			.getByRole('button', {
				name: t(lang, 'panel_hidden_show_label', { panel: say('naming_title') }),
				exact: true
			})
			.press('Enter');
		await expect(naming).toHaveCount(0);
		await expect(page.getByTestId('live-region')).toHaveText(
			saidLast(say('panel_hidden_shown_next'))
		);
		await pressEnter(page, say('lab_next'));
		await expect(naming).toContainText(say('panel_hidden_note'));
		await expect(page.locator('#registry').getByTestId('panel-cover')).toHaveCount(0);
		await page.locator('input[name="prediction"][value="raw"]').check();
		await pressEnter(page, say('lab_predict_answer'));
		await expect(naming).toHaveCount(0);
	});
}

test('a covered panel passes axe, and an embed without narration covers nothing', async ({
	page
}) => {
	await page.goto('labs/02-naming?speed=instant');
	await settled(page);
	await expect(page.locator('#registry').getByTestId('panel-cover')).toBeVisible();
	await expectNoAxeViolations(page, { include: ['#registry'] });

	// With the narration (view=all) the embed asks the question too, so it covers the answer.
	await page.goto('embed/02-naming?speed=instant');
	await settled(page);
	await expect(page.locator('#registry').getByTestId('panel-cover')).toBeVisible();
	// A diagram of chosen panels has no question on it: nothing to cover.
	await page.goto('embed/02-naming?speed=instant&view=registry,pipeline');
	await settled(page);
	await expect(page.locator('#registry').getByRole('rowheader', { name: ADAPTED })).toBeVisible();
	await expect(page.getByTestId('panel-cover')).toHaveCount(0);
});
