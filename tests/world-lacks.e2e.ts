import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { recordSaid } from './helpers/live-region';
import { settled } from './helpers/play-lab';

// A learner who replaces the lab's world (the editor's templates) and goes on with the step is
// told the step's servers are gone and how to get them back, in the narration and aloud.

// In English only: the notice's words are catalogue messages (markup-text.test.ts checks that none
// is typed into the markup); the same walk in Chinese cost 8 s.
for (const lang of ['en']) {
	test(`a world without the step's server says so until the lab is reset (${lang})`, async ({
		page
	}) => {
		// Recorded: the hint's message can be replaced by the editor's own within a second (a CI
		// run's polls missed it once).
		const said = await recordSaid(page);
		// Lab 00 step 6 calls helpdesk's tools; lab 01's world has no helpdesk.
		await page.goto(`labs/00-protocol-basics?speed=instant&step=5&lang=${lang}`);
		await settled(page);
		const lacks = t(lang, 'lab_world_lacks', { servers: 'helpdesk' });
		const note = page.locator('[data-hint="world-lacks"]');
		await expect(note).toHaveCount(0);

		await page.getByText(t(lang, 'lab_edit_world'), { exact: true }).click();
		await page
			.getByRole('combobox', { name: t(lang, 'editor_template_label'), exact: true })
			.selectOption('lab-01');
		await page.getByRole('button', { name: t(lang, 'editor_template_load'), exact: true }).click();
		await page.getByRole('button', { name: t(lang, 'editor_apply'), exact: true }).click();
		await settled(page);
		await expect(note).toHaveText(lacks);
		await expect(page.getByTestId('step-hints')).toContainText(t(lang, 'lab_hint_heading'));
		await expect.poll(said).toContain(t(lang, 'announce_hint', { text: lacks }));

		await page.getByRole('button', { name: t(lang, 'lab_reset'), exact: true }).click();
		await page.getByRole('button', { name: t(lang, 'progress_confirm_yes') }).click();
		await settled(page);
		await expect(page.getByRole('button', { name: /helpdesk/ }).first()).toBeVisible();
		await expect(note).toHaveCount(0);
	});
}
