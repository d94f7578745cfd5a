import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';

// Step mode in lab 03, by keyboard: the call really holds after each stage (the world waits),
// and Next stage walks it through to what the model receives.

async function settled(page: Page) {
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

async function callCreateTicket(page: Page, locale: string) {
	const calls = page.locator('#calls');
	await calls
		.getByLabel(t(locale, 'call_tool'), { exact: true })
		.selectOption('mcp__tickets__create_ticket');
	await calls
		.getByLabel(t(locale, 'call_arguments'))
		.fill(JSON.stringify({ title: 'Printer on fire', priority: 2 }));
	await calls.getByRole('button', { name: t(locale, 'call_button'), exact: true }).click();
	await settled(page);
}

/** The stage the call is held at, as the panel marks it. */
const current = (page: Page) => page.locator('#pipeline-stages li[aria-current="step"]');

// In English only: the stages' names and details are checked in Chinese below, and the step
// controls' words are catalogue messages (markup-text.test.ts); this walk in Chinese cost 10 s.
for (const locale of ['en']) {
	test(`step mode walks a call stage by stage by keyboard (${locale})`, async ({ page }) => {
		await page.goto(`labs/03-call-pipeline?lang=${locale}&speed=instant`);
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		await settled(page);
		const panel = page.locator('#pipeline-stages');

		const toggle = panel.getByRole('checkbox', { name: t(locale, 'pipeline_step_mode') });
		await toggle.focus();
		await page.keyboard.press('Space');
		await expect(toggle).toBeChecked();
		await settled(page);
		await expect(page.getByTestId('live-region')).toContainText(t(locale, 'announce_step_mode_on'));

		await callCreateTicket(page, locale);
		await expect(current(page)).toHaveAttribute('data-stage', 'pre_tool_use');
		await expect(panel).toContainText(t(locale, 'pipeline_step_held'));
		// The call's card says it is held, not that an answer is awaited (nothing was sent).
		await expect(page.locator('#calls')).toContainText(
			t(locale, 'call_held', { stage: 'pre_tool_use' })
		);
		await expect(page.locator('#calls')).not.toContainText(t(locale, 'call_waiting'));
		await expectNoAxeViolations(page, { include: ['#pipeline-stages'] });

		const next = panel.getByRole('button', { name: t(locale, 'pipeline_step_next') });
		await expect(panel.getByRole('button', { name: t(locale, 'pipeline_step_run') })).toBeVisible();
		await next.focus();
		const live = page.getByTestId('live-region');
		// Each stop is said: the call and the stage that decided (its outcome follows where it has one).
		const held = (stageKey: string) => {
			const stage = t(locale, stageKey);
			const said = t(locale, 'announce_step_held', { id: 'c1', stage });
			return said.slice(0, said.indexOf(stage) + stage.length);
		};
		await expect(live).toContainText(held('pipeline_stage_pre_tool_use'));
		// Said in the order it happened: the call, then where it is held.
		const said = (await live.textContent()) ?? '';
		expect(said.indexOf(t(locale, 'announce_command_callTool'))).toBeGreaterThanOrEqual(0);
		expect(said.indexOf(t(locale, 'announce_command_callTool'))).toBeLessThan(
			said.indexOf(held('pipeline_stage_pre_tool_use'))
		);
		const names: Record<string, string> = {
			lookup: 'pipeline_stage_lookup',
			validation: 'pipeline_stage_validation',
			permission: 'pipeline_stage_permission',
			normalising: 'pipeline_stage_normalising',
			post_tool_use: 'pipeline_stage_post_tool_use'
		};
		for (const stage of ['lookup', 'validation', 'permission', 'normalising', 'post_tool_use']) {
			await page.keyboard.press('Enter');
			await expect(current(page)).toHaveAttribute('data-stage', stage);
			await settled(page);
			await expect(live).toContainText(held(names[stage]));
			// Focus stays on the button from one stage to the next.
			await expect(next).toBeFocused();
		}
		const heading = panel.getByRole('heading', { name: t(locale, 'pipeline_output_heading') });
		// What the model receives: the block right after its heading.
		const output = heading.locator('xpath=following-sibling::*[1]');
		await expect(output).toHaveText(
			t(locale, 'pipeline_output_pending', { state: 'post_tool_use' })
		);

		await page.keyboard.press('Enter');
		await settled(page);
		await expect(current(page)).toHaveCount(0);
		await expect(next).toHaveCount(0);
		await expect(output).toHaveText('Ticket T-1042 created');
		// With the buttons gone, focus lands on what the model receives.
		await expect(heading).toBeFocused();
	});
}

test('Run to the end finishes the held call; turning step mode off finishes the rest', async ({
	page
}) => {
	await page.goto('labs/03-call-pipeline?speed=instant');
	await settled(page);
	const panel = page.locator('#pipeline-stages');
	const toggle = panel.getByRole('checkbox', { name: 'Step mode' });
	await toggle.check();
	await settled(page);

	await callCreateTicket(page, 'en');
	await panel.getByRole('button', { name: 'Run to the end' }).press('Enter');
	await settled(page);
	await expect(panel).toContainText('Ticket T-1042 created');
	await expect(toggle).toBeChecked();

	await callCreateTicket(page, 'en');
	await expect(current(page)).toHaveAttribute('data-stage', 'pre_tool_use');
	await toggle.press('Space');
	await settled(page);
	await expect(toggle).not.toBeChecked();
	await expect(current(page)).toHaveCount(0);
	await expect(panel.getByRole('button', { name: 'Next stage' })).toHaveCount(0);
	await expect(page.locator('#pipeline-stages select')).toContainText('c2');
	await expect(page.getByTestId('live-region')).toContainText(
		'Step mode off: calls run to their end'
	);
});

for (const locale of ['en', 'zh-CN']) {
	test(`each stage's full detail is named by its stage (${locale})`, async ({ page }) => {
		await page.goto(`labs/03-call-pipeline?lang=${locale}&speed=instant`);
		await settled(page);
		await callCreateTicket(page, locale);
		const summaries = page.locator('#pipeline-stages summary');
		const names = await summaries.evaluateAll((all) =>
			all.map((s) => s.getAttribute('aria-label') ?? s.textContent!.trim())
		);
		expect(names.length).toBeGreaterThan(3);
		// Seven disclosures all called "Full detail" could not be told apart in a list of controls.
		expect(new Set(names).size).toBe(names.length);
		const stage = t(locale, 'pipeline_stage_pre_tool_use');
		await expect(summaries.first()).toHaveAccessibleName(
			t(locale, 'pipeline_details_label', { stage })
		);
		// The name starts with what is shown, so speech input can say what it sees.
		await expect(summaries.first()).toHaveText(t(locale, 'pipeline_details'));
		expect(names[0]!.startsWith(t(locale, 'pipeline_details'))).toBe(true);
		await expectNoAxeViolations(page, { include: ['#pipeline-stages'] });
	});
}
