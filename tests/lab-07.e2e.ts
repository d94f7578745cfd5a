import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { englishLeft } from './helpers/english-left';
import { t } from './helpers/messages';
import { labHint, labSteps, play, playStep, settled, type Step } from './helpers/play-lab';

// Lab 07 through the UI, every step played to its goals: the run form by keyboard, the headers
// each run sends visible in the panel and on the protocol log's simulated HTTP requests, the
// bearer token masked everywhere.

const LAB = '07-per-run-headers';
/** The scenario's bearer token: it must appear nowhere on the page. */
const TOKEN = 'kb-7f3a9c2e';
const steps = labSteps(LAB);
const step = (id: string): Step => steps.find((s) => s.id === id)!;

const panel = (page: Page) => page.locator('[data-profile="contextual"]');

async function next(page: Page, locale: string) {
	await page.getByRole('button', { name: t(locale, 'lab_next') }).click();
}

for (const locale of ['en', 'zh-CN']) {
	test(`lab 07: per-run headers on the wire, masked, by keyboard (${locale})`, async ({ page }) => {
		test.setTimeout(90_000);
		await page.goto(`labs/${LAB}?lang=${locale}&speed=instant`);
		await settled(page);
		await expect(panel(page)).toContainText(t(locale, 'contextual_no_run'));
		// The stdio server is refused on its card before any run.
		await expect(panel(page)).toContainText(
			"ContextualMCP 'files': Contextual MCP url must be a non-blank string."
		);
		await expectNoAxeViolations(page);

		// Start a run by keyboard alone: the identity select, then the Start run button.
		const form = panel(page).getByTestId('contextual-run-form');
		// The lab's metadata is shown whole, not cut after three lines.
		const metadata = form.getByLabel(t(locale, 'contextual_metadata'));
		expect(
			await metadata.evaluate((box) => box.scrollHeight <= box.clientHeight + 1),
			'metadata fits its box'
		).toBe(true);
		await form.getByLabel(t(locale, 'contextual_identity')).focus();
		await page.keyboard.press('ArrowDown'); // alice → bob
		await expect(form.getByLabel(t(locale, 'contextual_identity'))).toHaveValue('bob');
		// A server whose headers overlap starts unticked, so a first run does not fail on it (and
		// does not give away the Conflicting definitions step); ticking it is one key away.
		const billing = form.getByRole('checkbox', { name: 'billing' });
		await expect(billing).not.toBeChecked();
		await expect(form.getByRole('checkbox', { name: 'knowledge' })).toBeChecked();
		await billing.focus();
		await page.keyboard.press('Space');
		await expect(billing).toBeChecked();
		const start = form.getByRole('button', { name: t(locale, 'contextual_start_run') });
		await start.focus();
		await page.keyboard.press('Enter');
		await settled(page);
		// billing ticked: its overlap fails the run.
		await expect(panel(page).getByTestId('contextual-run')).toContainText(
			"ContextualMCP 'billing': Static and resolved MCP header names must not overlap case-insensitively."
		);
		await expect(page.getByTestId('live-region')).toContainText(
			"ContextualMCP 'billing': Static and resolved MCP header names"
		);
		// The step's hint says what to untick.
		const hints = page.getByRole('region', { name: t(locale, 'lab_hint_heading') });
		const words = labHint(LAB, locale, 'first-run', 'billing-ticked');
		await expect(hints.getByRole('listitem')).toHaveText([words]);
		// Said in the same message as the failure it follows, so neither replaces the other.
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'announce_hint', { text: words })
		);

		// The lab's steps, played through the panel as a learner would.
		await playStep(page, locale, step('first-run'));
		await expect(hints).toHaveCount(0);
		// Named by the run id the learner typed; the page's count (a second run) beside it.
		await expect(panel(page).getByTestId('contextual-run')).toContainText(
			t(locale, 'contextual_run_line_id', { run: 'run-1', number: 2, identity: 'alice' })
		);
		const sent = panel(page)
			.getByTestId('contextual-server')
			.filter({ hasText: 'knowledge.example.com' })
			.getByTestId('contextual-sent');
		await expect(sent).toContainText('X-User-ID: u-alice');
		await expect(sent).toContainText('Authorization: ••••');
		// The protocol log shows the simulated HTTP request of initialize with the run's headers.
		const log = page.locator('#log');
		await expect(
			log.getByText(/POST initialize → 200, application\/json · .*X-User-ID: u-alice/).first()
		).toBeVisible();
		await expect(log.getByText(/Authorization: ••••/).first()).toBeVisible();
		await expect(page.locator('#calls')).toContainText('X-User-ID: u-alice');
		await expectNoAxeViolations(page);

		await next(page, locale);
		const [guess, run, whoami] = step('second-identity').solution;
		await play(page, locale, guess);
		await play(page, locale, run);
		// The run's start is said in the page's one live region.
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'contextual_event_run_started', { run: 3, identity: 'bob' })
		);
		await play(page, locale, whoami);
		await expect(
			log.getByText(/POST initialize → 200, application\/json · .*X-User-ID: u-bob/).first()
		).toBeVisible();

		// The secret is shown nowhere (the scenario itself, which holds it, is the page's data) and
		// kept in no storage or URL.
		expect(await page.locator('body').innerText()).not.toContain(TOKEN);
		const stored = await page.evaluate(() =>
			JSON.stringify({ ...localStorage, ...sessionStorage })
		);
		expect(stored).not.toContain(TOKEN);
		expect(page.url()).not.toContain(TOKEN);

		// End the run by keyboard: its connections close.
		const end = panel(page).getByRole('button', { name: t(locale, 'contextual_end_run') });
		await end.focus();
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(panel(page).getByTestId('contextual-run')).toContainText('ended');
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'contextual_event_run_ended', { run: 3 })
		);
		await expectNoAxeViolations(page);

		// The rest of the lab, to its end: this test is the lab's play (labs.e2e.ts leaves it out).
		for (const id of ['missing-values', 'conflicts', 'allowed-and-bounded']) {
			await next(page, locale);
			await playStep(page, locale, step(id));
		}
		await expect(page.locator('#narration').getByText(t(locale, 'lab_all_done'))).toBeVisible();
		if (locale !== 'en') expect(await englishLeft(page)).toEqual([]);
	});
}
