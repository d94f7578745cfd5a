import { expect, test } from '@playwright/test';
import { pressEnter } from './helpers/keys';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// What the narration tells a learner who reads top to bottom and acts as the text says, by
// keyboard, and what the page's one live region says about it, in both languages.

const LOCALES = ['en', 'zh-CN'] as const;

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

		// Locking in with nothing chosen: said, and the cursor goes to the first choice.
		await pressEnter(page, say('lab_predict_answer'));
		await expect(live).toHaveText(say('lab_predict_choose'));
		await expect(page.locator('input[name="prediction"]').first()).toBeFocused();

		await page.keyboard.press('Space');
		await pressEnter(page, say('lab_predict_answer'));
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
	await pressEnter(page, t('en', 'lab_reset'));
	await settled(page);
	await expect(page.getByTestId('live-region')).toHaveText(t('en', 'lab_reset_done'));
	await expect(page.getByRole('button', { name: 'Kill filesystem' })).toBeEnabled();
});
