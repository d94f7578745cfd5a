import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { englishLeft } from './helpers/english-left';
import { t } from './helpers/messages';
import { labSteps, play, playStep, settled, type Step } from './helpers/play-lab';

// Lab 06 through the UI, every step played to its goals: what the MiniHarness panel shows from
// the real handshake, the executor's decisions and cached approval, the checkpoint retry and the
// time control by keyboard, and axe in both languages.

const LAB = '06-sdk-client-discipline';
const steps = labSteps(LAB);
const step = (id: string): Step => steps.find((s) => s.id === id)!;

const panel = (page: Page) => page.locator('[data-profile="miniharness"]');

async function next(page: Page, locale: string) {
	await page.getByRole('button', { name: t(locale, 'lab_next') }).click();
}

for (const locale of ['en', 'zh-CN']) {
	test(`lab 06: MiniHarness clients, executor, checkpoints by keyboard (${locale})`, async ({
		page
	}) => {
		test.setTimeout(90_000);
		await page.goto(`labs/${LAB}?lang=${locale}&speed=instant`);
		await settled(page);

		// The lab begins before initialize: the model has no tool yet, and a call is refused.
		const [predict, early, start] = step('handshake').solution;
		await play(page, locale, predict);
		await play(page, locale, early);
		await settled(page);
		await expect(page.locator('#calls')).toContainText(
			'MCP initialize must complete before tool use'
		);
		await play(page, locale, start);
		await settled(page);

		// The clients, by priority, with what the handshake negotiated.
		const clients = panel(page).getByTestId('miniharness-clients');
		await expect(clients.locator('tbody tr').first()).toHaveAttribute('data-server', 'realtime');
		await expect(clients.locator('[data-server="realtime"]')).toContainText(
			'Unknown MCP transport type: ws'
		);
		const primary = clients.locator('[data-server="primary"]');
		await expect(primary).toContainText('initialized');
		await expect(primary).toContainText('2025-11-25');
		await expect(primary).toContainText('resources, tools');
		await expect(clients.locator('[data-server="backup"]')).toContainText('streamable_http');
		await expect(panel(page).getByTestId('miniharness-routes')).toContainText('search');
		await expect(panel(page)).toContainText(t(locale, 'miniharness_illustration'));
		await expectNoAxeViolations(page);

		await playStep(page, locale, {
			...step('handshake'),
			solution: step('handshake').solution.slice(3)
		});
		// Start session twice: each client's initialize ran once (realtime's never could).
		await expect(clients.locator('[data-server="primary"] [data-testid="handshakes"]')).toHaveText(
			'1'
		);
		await expect(clients.locator('[data-server="realtime"] [data-testid="handshakes"]')).toHaveText(
			'0'
		);
		await next(page, locale);
		// A tool no policy decides: the executor asks, in MiniHarness's name, for this call.
		const policy = step('policy');
		for (const action of policy.solution.slice(0, 3)) await play(page, locale, action);
		const card = page.locator('#calls li').filter({ hasText: 'send_email' }).last();
		await expect(card).toContainText(t(locale, 'call_question_miniharness'));
		await expect(card).toContainText(t(locale, 'call_question_miniharness_detail'));
		await expect(card).toContainText('send_email {"to":"ops@example.com"}');
		await expect(card).not.toContainText(t(locale, 'call_question'));
		await playStep(page, locale, { ...policy, solution: policy.solution.slice(3) });
		await next(page, locale);
		await playStep(page, locale, step('approval-cache'));
		const decisions = panel(page).getByTestId('miniharness-decisions');
		await expect(decisions).toContainText(t(locale, 'miniharness_decision_denied'));
		await expect(decisions).toContainText(t(locale, 'miniharness_decision_approved_before'));
		await expect(panel(page).getByTestId('miniharness-approvals')).toContainText('alice');
		// The Model calls panel shows what an ended call got, not "waiting".
		await expect(page.locator('#calls')).toContainText("User rejected tool 'send_email'");
		await expectNoAxeViolations(page);

		// The time control by keyboard: type the seconds, press Enter.
		await next(page, locale);
		const seconds = panel(page).getByLabel(t(locale, 'miniharness_wait_seconds'));
		await seconds.focus();
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.type('60');
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(panel(page).getByTestId('miniharness-cache')).toContainText(
			t(locale, 'miniharness_expired')
		);
		await playStep(page, locale, step('schema-ttl'));

		// A retry by keyboard from the checkpoints table, once the step's question is answered
		// (the panel is covered until then).
		await next(page, locale);
		const [checkpointsAnswer] = step('checkpoints').solution;
		await play(page, locale, checkpointsAnswer);
		const retry = panel(page).getByRole('button', {
			name: t(locale, 'miniharness_retry_label', { call: 'c2' })
		});
		await retry.focus();
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'miniharness_event_replayed', { call: 'c2' })
		);
		await playStep(page, locale, {
			...step('checkpoints'),
			// Answered, and c2 retried by keyboard, above.
			solution: step('checkpoints').solution.filter(
				(a) => a !== checkpointsAnswer && (a.do !== 'profile' || a.args?.call !== 'c2')
			)
		});
		await expect(
			panel(page).getByTestId('miniharness-checkpoints').locator('[data-call="c9"]')
		).toContainText('started');
		await expectNoAxeViolations(page);

		// The rest of the lab, to its end: this test is the lab's play (labs.e2e.ts leaves it out).
		for (const id of ['no-failover', 'timeout', 'close']) {
			await next(page, locale);
			await playStep(page, locale, step(id));
		}
		await expect(page.locator('#narration').getByText(t(locale, 'lab_all_done'))).toBeVisible();
		if (locale !== 'en') expect(await englishLeft(page)).toEqual([]);
	});
}

test('lab 06 opens before start-up, yet is not settled until the page runs: a press before then would be undone', async ({
	page,
	request
}) => {
	// The prerendered page (what a browser shows before its script runs) says "not settled".
	const html = await (await request.get(`labs/${LAB}`)).text();
	expect(html).toContain('data-settled="no"');
	expect(html).not.toContain('data-settled="yes"');
	await page.goto(`labs/${LAB}?speed=instant`);
	await settled(page);
	// Settled means it runs: the disclosure stays open once pressed.
	const editor = page.getByText(t('en', 'lab_edit_world'), { exact: true });
	await editor.click();
	await expect(page.locator('.cm-editor')).toBeVisible();
});
