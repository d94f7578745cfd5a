import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { t } from './helpers/messages';
import { saidLast } from './helpers/live-region';
import { labSteps, playStep, settled } from './helpers/play-lab';

// A reload of a lab page, or leaving the lab and coming back in the same tab, opens the lab
// where the learner was: the same step, the same world (kept in the tab's sessionStorage and
// replayed as a share link is), the step's answer. A new tab starts afresh; an address with a
// step or a share link of its own wins; Start over opens step 1 on a fresh world.

const LAB = '01-connection-isolation';
const PAGE = `labs/${LAB}?speed=instant`;
const KEY = `mcp-lab:lab-moment:${LAB}`;
const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

const position = (page: Page) => page.getByTestId('timeline-position');
const title = (page: Page) => page.getByTestId('step-title');
const TOTAL = labSteps(LAB).length;
/** The lesson's "Step n of 7" (n from 1). */
const atStep = (page: Page, n: number) =>
	expect(page.locator('#narration > p').first()).toHaveText(
		en('lab_step_of', { current: n, total: TOTAL })
	);
const notice = (page: Page) => page.getByTestId('moment');
const card = (page: Page, server: string) =>
	page.locator('#servers article').filter({ hasText: server }).first();
const kept = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), KEY);

/** Lab 01, step 1 played, step 2's question answered (wrongly), then filesystem killed. */
async function partWay(page: Page) {
	await page.goto(PAGE);
	await settled(page);
	await playStep(page, 'en', labSteps(LAB)[0]);
	await page.getByRole('button', { name: en('lab_next') }).click();
	await page.locator('input[name="prediction"][value="marked-failed"]').check();
	await page.getByRole('button', { name: en('lab_predict_answer') }).click();
	await page
		.getByRole('button', { name: en('servers_kill_label', { server: 'filesystem' }) })
		.click();
	await settled(page);
	// Start-up, the call, the kill.
	await expect(position(page)).toHaveText(en('timeline_valuetext', { n: 3, total: 3 }));
	// Written once the page is idle (a reload writes it at once anyway).
	await expect.poll(() => kept(page)).not.toBeNull();
}

/** The world as step 2 left it, and step 2 answered, as on screen. */
async function atStepTwoKilled(page: Page) {
	await atStep(page, 2);
	await expect(card(page, 'filesystem')).toContainText(en('servers_process_killed'));
	await expect(page.locator('#calls ul > li')).toHaveCount(1);
	await expect(position(page)).toHaveText(en('timeline_valuetext', { n: 3, total: 3 }));
	// The answer stands: locked in, with its verdict, and the question's check ticked.
	const form = page.locator('#narration form');
	await expect(form.locator('input[value="marked-failed"]')).toBeChecked();
	await expect(form.locator('input[value="marked-failed"]')).toBeDisabled();
	await expect(form.getByText(en('lab_predict_wrong'))).toBeVisible();
	await expect(page.getByTestId('checklist').locator('[data-met="true"]')).toHaveCount(1);
}

test('a reload opens the same step on the same world with the answer given, and says so', async ({
	page
}) => {
	await partWay(page);
	const registry = await page.locator('#registry').innerText();
	const progress = await page.evaluate(() => localStorage.getItem('mcp-lab.progress.v1'));
	await page.reload();
	await settled(page);
	await atStepTwoKilled(page);
	expect(await page.locator('#registry').innerText()).toBe(registry);
	const restored = en('moment_restored', { n: 2 });
	await expect(notice(page)).toHaveAttribute('data-state', 'restored');
	await expect(notice(page).locator('p')).toHaveText(restored);
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(restored));
	// The replayed history is not read out, nor counted as done again.
	await expect(page.getByTestId('live-region')).not.toContainText('filesystem process killed');
	expect(await page.evaluate(() => localStorage.getItem('mcp-lab.progress.v1'))).toBe(progress);

	// Leaving for the home page and coming back (Back) opens it there too.
	await page.getByRole('link', { name: en('nav_home') }).click();
	await expect(page.getByTestId('workspace')).toHaveCount(0);
	await page.goBack();
	await settled(page);
	await atStepTwoKilled(page);
});

test('time travel: a reload stands at the same action of the same tape', async ({ page }) => {
	await partWay(page);
	await page.getByRole('button', { name: en('timeline_back') }).click();
	await expect(position(page)).toHaveText(en('timeline_valuetext', { n: 2, total: 3 }));
	await page.reload();
	await settled(page);
	await expect(position(page)).toHaveText(en('timeline_valuetext', { n: 2, total: 3 }));
	await expect(card(page, 'filesystem')).not.toContainText(en('servers_process_killed'));
	await expect(page.locator('#calls ul > li')).toHaveCount(1);
	// Forward again: the kill is still on the tape.
	await page.getByRole('button', { name: en('timeline_forward') }).click();
	await expect(card(page, 'filesystem')).toContainText(en('servers_process_killed'));
});

test('Start over forgets the kept moment and opens step 1 on a fresh world', async ({ page }) => {
	await partWay(page);
	await page.reload();
	await settled(page);
	await expect(notice(page)).toHaveAttribute('data-state', 'restored');
	await notice(page)
		.getByRole('button', { name: en('moment_start_over') })
		.click();
	await settled(page);
	await atStep(page, 1);
	await expect(notice(page)).toHaveCount(0);
	await expect(page.locator('#calls ul > li')).toHaveCount(0);
	await expect(card(page, 'filesystem')).not.toContainText(en('servers_process_killed'));
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(en('lab_reset_done')));
	// Focus is not lost with the button: it is on the step's title.
	await expect(title(page)).toBeFocused();
	await expect.poll(() => kept(page)).toBeNull();
	await page.reload();
	await settled(page);
	await atStep(page, 1);
	await expect(notice(page)).toHaveCount(0);
});

test('Reset the lab forgets the kept moment too', async ({ page }) => {
	await partWay(page);
	await page.getByRole('button', { name: en('lab_reset') }).click();
	await page.getByRole('button', { name: en('progress_confirm_yes') }).click();
	await settled(page);
	await expect.poll(() => kept(page)).toBeNull();
	await page.reload();
	await settled(page);
	await atStep(page, 1);
	await expect(notice(page)).toHaveCount(0);
});

test('an address with step= wins over the kept moment; its own reload comes back to its moment', async ({
	page
}) => {
	await partWay(page);
	await page.goto(`${PAGE}&step=3`);
	await settled(page);
	await atStep(page, 4);
	await expect(notice(page)).toHaveCount(0);
	// Work at that step is kept under that address: its reload is not sent back to step 4's start.
	await page.getByRole('button', { name: en('lab_previous') }).click();
	await atStep(page, 3);
	await page.reload();
	await settled(page);
	await atStep(page, 3);
	await expect(notice(page)).toHaveAttribute('data-state', 'restored');
});

test('a new tab starts afresh', async ({ page, context }) => {
	await partWay(page);
	const other = await context.newPage();
	await other.goto(PAGE);
	await settled(other);
	await atStep(other, 1);
	await expect(notice(other)).toHaveCount(0);
	await expect(other.locator('#calls ul > li')).toHaveCount(0);
	await other.close();
});

test('a moment this version cannot replay is said in one sentence, and the lab opens at its start', async ({
	page
}) => {
	await partWay(page);
	// The tape damaged, as the page opens again (after its own last write): an action this
	// version does not know.
	await page.addInitScript((key) => {
		const record = JSON.parse(sessionStorage.getItem(key) ?? 'null');
		if (!record || record.actions[2].action.do === 'explode') return;
		record.actions[2].action = { do: 'explode' };
		sessionStorage.setItem(key, JSON.stringify(record));
	}, KEY);
	await page.reload();
	await settled(page);
	await expect(notice(page)).toHaveAttribute('data-state', 'failed');
	await expect(notice(page).locator('p')).toHaveText(en('moment_failed'));
	await expect(page.getByTestId('live-region')).toContainText(en('moment_failed'));
	await atStep(page, 1);
	await expect(page.locator('#calls ul > li')).toHaveCount(0);
	await expect(position(page)).toHaveText(en('timeline_valuetext', { n: 1, total: 1 }));
	expect(await kept(page)).toBeNull();
});

test('no secret is kept: the lab’s own header values are not written, edited ones are redacted', async ({
	page
}) => {
	// Lab 07's Authorization header is the lab's own: its world is kept as "the lab's", not written.
	const lab07 = '07-per-run-headers';
	await page.goto(`labs/${lab07}?speed=instant`);
	await settled(page);
	await playStep(page, 'en', labSteps(lab07)[0]);
	await expect
		.poll(() => page.evaluate((key) => sessionStorage.getItem(key), `mcp-lab:lab-moment:${lab07}`))
		.not.toBeNull();
	const all = () => page.evaluate(() => JSON.stringify({ ...sessionStorage }));
	expect(await all()).not.toContain('kb-7f3a9c2e');

	// Lab 01 with a secret of the learner's own in an edited world, and one typed into a call.
	const SECRET = 'sk-e2e-own-secret-4242';
	const scenario = JSON.parse(
		readFileSync(new URL(`../labs/${LAB}/lab.json`, import.meta.url), 'utf8')
	).scenario;
	scenario.mcp_servers.filesystem.env = { API_TOKEN: SECRET };
	await page.goto(PAGE);
	await settled(page);
	await page.getByText(en('lab_edit_world')).click();
	const editor = page.getByRole('textbox', { name: en('editor_json_label') });
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(JSON.stringify(scenario, null, 2));
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await settled(page);
	await expect.poll(() => kept(page)).not.toBeNull();
	expect(await all()).not.toContain(SECRET);
	await page.reload();
	await settled(page);
	await expect(notice(page)).toHaveAttribute('data-state', 'restored');
	await expect(notice(page)).toContainText(en('sandbox_restored_redacted'));
	expect(await all()).not.toContain(SECRET);
});
