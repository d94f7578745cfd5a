import { expect, test } from '@playwright/test';
import { openHost } from './helpers/embed-host';
import { pressEnter } from './helpers/keys';
import { t } from './helpers/messages';
import { labSteps, playStep, settled } from './helpers/play-lab';
import { outsideLiveRegion, saidLast } from './helpers/live-region';

// What the narration tells a learner who reads top to bottom and acts as the text says, by
// keyboard, and what the page's one live region says about it. In English: labs.e2e.ts plays
// every lab's narration in Chinese, steps, checks and the end said, and these walks again in
// Chinese cost 18 s a run (markup-text.test.ts checks no word is typed into the markup).

const LOCALES = ['en'] as const;

for (const lang of LOCALES) {
	const say = (key: string, params?: Record<string, string | number>) => t(lang, key, params);

	test(`an action done before answering is named as early, then counts when done again; the step's end is said (${lang})`, async ({
		page
	}) => {
		// Lab 00 step 2 asks for Reconnect all before its question card.
		await page.goto(`labs/00-protocol-basics?speed=instant&step=1&lang=${lang}`);
		await settled(page);
		const live = page.getByTestId('live-region');
		const reconnected = page.locator('[data-check="reconnected"]');

		await pressEnter(page, say('harness_reconnect'));
		await settled(page);
		await expect(reconnected).toHaveAttribute('data-early', 'true');
		await expect(reconnected).toHaveAttribute('data-met', 'false');
		await expect(reconnected).toContainText(say('lab_check_early'));
		// The goal's label, without its own stop, inside the sentence.
		const label = { en: 'Reconnect all', 'zh-CN': '全部重新连接' }[lang];
		await expect(live).toContainText(say('announce_check_early', { label }));

		// How to choose by keyboard is said with the choices (an arrow key chooses as it moves).
		const choices = page.locator('#narration fieldset');
		await expect(choices).toHaveAccessibleDescription(say('lab_predict_keys'));
		// Locking in with nothing chosen: said, and the cursor goes to the first choice.
		await pressEnter(page, say('lab_predict_answer'));
		await expect(live).toHaveText(saidLast(say('lab_predict_choose')));
		await expect(page.locator('input[name="prediction"]').first()).toBeFocused();
		await expect(choices).toHaveAccessibleDescription(
			`${say('lab_predict_keys')} ${say('lab_predict_choose')}`
		);

		await page.keyboard.press('Space');
		await pressEnter(page, say('lab_predict_answer'));
		await expect(page.getByText(say('lab_predict_keys'))).toHaveCount(0);
		// Answered: the reconnect still does not count, and is still named until it is done again.
		await expect(reconnected).toHaveAttribute('data-early', 'true');
		await expect(reconnected).toContainText(say('lab_check_early'));
		await pressEnter(page, say('harness_reconnect'));
		await settled(page);
		await expect(page.locator('[data-check][data-met="false"]')).toHaveCount(0);
		await expect(live).toContainText(say('lab_step_done'));
	});

	test(`moving through the messages one by one says where the learner is (${lang})`, async ({
		page
	}) => {
		await page.goto(`labs/00-protocol-basics?speed=instant&lang=${lang}`);
		await settled(page);
		// The step's question covers the panel until it is answered (or shown anyway).
		await pressEnter(page, say('panel_hidden_show_label', { panel: say('messages_title') }));
		const next = page
			.locator('#messages')
			.getByRole('button', { name: say('messages_next'), exact: true });
		// initialize, its answer, then the client's notifications/initialized.
		await next.press('Enter');
		await next.press('Enter');
		const position = say('messages_position', { n: 3, total: '|' }).split('|')[0];
		await expect(page.getByTestId('live-region')).toContainText(position);
		await expect(page.getByTestId('live-region')).toContainText('notifications/initialized');
	});
}

test('Reset the lab is said in one sentence, not as the restarted world’s history', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await pressEnter(page, t('en', 'servers_kill_label', { server: 'filesystem' }));
	await settled(page);
	// It asks first, with focus on Cancel: a double Enter or Escape keeps the world.
	await pressEnter(page, t('en', 'lab_reset'));
	await expect(page.getByRole('group', { name: t('en', 'lab_reset_question') })).toBeVisible();
	await expect(page.getByRole('button', { name: t('en', 'progress_confirm_no') })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(page.getByRole('button', { name: t('en', 'lab_reset') })).toBeFocused();
	await expect(page.getByRole('button', { name: 'Kill filesystem' })).toBeDisabled();

	await pressEnter(page, t('en', 'lab_reset'));
	await pressEnter(page, t('en', 'progress_confirm_yes'));
	await settled(page);
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(t('en', 'lab_reset_done')));
	await expect(page.getByRole('button', { name: 'Kill filesystem' })).toBeEnabled();
	await expect(page.getByRole('button', { name: t('en', 'lab_reset') })).toBeFocused();
});

for (const lang of LOCALES) {
	test(`a narration link opens the spec in a new tab; a code block is kept as typed and reached by Tab (${lang})`, async ({
		page
	}) => {
		// Lab 00's version step: its reveal cites the spec's lifecycle page.
		await page.goto(`labs/00-protocol-basics?speed=instant&step=1&lang=${lang}`);
		await settled(page);
		await page.locator('input[name="prediction"]').first().check();
		await pressEnter(page, t(lang, 'lab_predict_answer'));
		const link = page.getByRole('link', {
			name: new RegExp(`${t(lang, 'narration_link_new_tab').replace(/[()（）]/g, '.')}$`)
		});
		await expect(link).toHaveCount(1);
		await expect(link).toHaveAttribute(
			'href',
			'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle'
		);
		await expect(link).toHaveAttribute('target', '_blank');
		await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

		// Lab 08's first step: the command to type, as a block, whole.
		await page.goto(`labs/08-live-mode?speed=instant&lang=${lang}`);
		await settled(page);
		// The first of two: the second is the same command on another port.
		const block = page
			.getByRole('region', {
				name: t(lang, 'narration_code_block_lang', { lang: 'sh' }),
				exact: true
			})
			.first();
		await expect(block).toHaveText('npm run lab:server -- --lab 08-live-mode');
		await expect(block.locator('code')).toHaveCount(1);
		// Reached by keyboard (a long line scrolls inside it): the next Tab from the text before it.
		await block.locator('xpath=preceding-sibling::p[1]').click();
		await page.keyboard.press('Tab');
		await expect(block).toBeFocused();
	});
}

test('after Reset the lab, the question has no choice left: locking in asks for one', async ({
	page
}) => {
	await page.goto('labs/02-naming?speed=instant');
	await settled(page);
	const choices = page.locator('input[name="prediction"]');
	await choices.nth(1).check();
	await pressEnter(page, t('en', 'lab_predict_answer'));
	await expect(page.getByText(t('en', 'lab_predict_answer'))).toHaveCount(0);

	await pressEnter(page, t('en', 'lab_reset'));
	await pressEnter(page, t('en', 'progress_confirm_yes'));
	await settled(page);
	await expect(choices).toHaveCount(3);
	for (const choice of await choices.all()) await expect(choice).not.toBeChecked();
	await pressEnter(page, t('en', 'lab_predict_answer'));
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(t('en', 'lab_predict_choose')));
	// The live region may still hold the verdict, said with the lines after it (saidLast): the
	// page, apart from that region, must no longer show one.
	const shown = outsideLiveRegion(page);
	await expect(page.getByText(t('en', 'lab_predict_wrong')).and(shown)).toHaveCount(0);
	await expect(page.getByText(t('en', 'lab_predict_right')).and(shown)).toHaveCount(0);
	await expect(page.getByText(t('en', 'lab_predict_answer'))).toHaveCount(1);
});

for (const lang of LOCALES) {
	test(`a panel link in the lesson takes focus to that panel's heading, the address unchanged (${lang})`, async ({
		page
	}) => {
		await page.goto(`labs/00-protocol-basics?speed=instant&lang=${lang}`);
		await settled(page);
		const before = page.url();
		const narration = page.locator('#narration');
		const link = narration.getByRole('link', { name: t(lang, 'messages_title'), exact: true });
		await link.focus();
		await page.keyboard.press('Enter');
		await expect(page.locator('#messages-title')).toBeFocused();
		await expect(page.locator('#messages-title')).toBeInViewport();
		expect(page.url()).toBe(before);
		// The next Tab goes on inside that panel, not back at the lesson.
		await page.keyboard.press('Tab');
		expect(await page.evaluate(() => !!document.activeElement?.closest('#messages'))).toBe(true);
	});
}

test('Back after a panel link returns to the link, on the same lab with its answer; a frame’s links leave its page’s history alone', async ({
	page
}) => {
	// One column, as on a phone: the lesson scrolls away with the page.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto('labs/00-protocol-basics?speed=instant');
	await settled(page);
	const before = page.url();
	const choices = page.locator('input[name="prediction"]');
	await choices.first().check();
	await pressEnter(page, t('en', 'lab_predict_answer'));
	await expect(page.getByText(t('en', 'lab_predict_answer'))).toHaveCount(0);
	const link = page
		.locator('#narration')
		.getByRole('link', { name: t('en', 'messages_title'), exact: true });
	// The link at the top edge, where any scroll past the place left is enough to hide it.
	await link.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
	const left = await page.evaluate(() => scrollY);
	await link.click();
	await expect(page.locator('#messages-title')).toBeFocused();
	// Back while the smooth scroll still runs: Chromium laid its frame in flight on top of the
	// restored place, and the link stayed out of view.
	await expect(link).not.toBeInViewport();

	// The phone's Back gesture (or Alt+Left) left the lab, and its answer, for the home page.
	await page.goBack();
	expect(page.url()).toBe(before);
	await expect(link).toBeFocused();
	await expect(link).toBeInViewport();
	await expect.poll(() => page.evaluate(() => scrollY)).toBe(left);
	await expect(page.getByText(t('en', 'lab_predict_answer'))).toHaveCount(0);

	// In an embed the entries would be the docs page's: its Back would scroll the frame.
	await openHost(page, { lab: '00-protocol-basics' });
	const length = await page.evaluate(() => history.length);
	const frame = page.frameLocator('#lab');
	await frame
		.locator('#narration')
		.getByRole('link', { name: t('en', 'messages_title'), exact: true })
		.click();
	await expect(frame.locator('#messages-title')).toBeFocused();
	expect(await page.evaluate(() => history.length)).toBe(length);
});

test('the last step done with earlier steps skipped says which are left, not only “Step complete”', async ({
	page
}) => {
	const steps = labSteps('00-protocol-basics');
	await page.goto('labs/00-protocol-basics?speed=instant');
	await settled(page);
	for (let i = 1; i < steps.length; i++) {
		await page.getByRole('button', { name: t('en', 'lab_next'), exact: true }).click();
		await settled(page);
	}
	await playStep(page, 'en', steps[steps.length - 1]);
	const left = steps
		.slice(0, -1)
		.map((_, i) => i + 1)
		.join(', ');
	const sentence = t('en', 'lab_step_done_open', { steps: left });
	await expect(page.getByText(sentence).and(outsideLiveRegion(page))).toBeVisible();
	await expect(page.getByTestId('live-region')).toContainText(sentence);
});
