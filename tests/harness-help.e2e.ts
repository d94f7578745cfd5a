import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// The help beside each harness button says what that button does in the profile the world
// runs (src/lib/i18n/harness-help.ts, proved by harness-help.world.test.ts), in both languages.

const cases = [
	{ page: 'labs/01-connection-isolation', prefix: 'harness' },
	{ page: 'labs/05-fault-drills', prefix: 'harness' },
	{ page: 'labs/04-trust-and-grants', prefix: 'harness_help_trust' },
	{ page: 'labs/06-sdk-client-discipline', prefix: 'harness_help_miniharness' },
	{ page: 'labs/07-per-run-headers', prefix: 'harness_help_contextual' },
	{ page: 'embed/06-sdk-client-discipline', prefix: 'harness_help_miniharness' }
];

/** OpenHarness's keys are harness_start_help…; the others' harness_help_<profile>_start… */
const key = (prefix: string, command: string) =>
	prefix === 'harness' ? `harness_${command}_help` : `${prefix}_${command}`;

for (const locale of ['en', 'zh-CN'])
	for (const c of cases)
		test(`${c.page}: the harness buttons' help is the profile's own (${locale})`, async ({
			page
		}) => {
			await page.goto(`${c.page}?lang=${locale}&speed=instant`);
			await settled(page);
			const harness = page.locator('#harness');
			for (const [command, label] of [
				['start', 'harness_start'],
				['reconnect', 'harness_reconnect'],
				['close', 'harness_close']
			]) {
				const button = harness.getByRole('button', { name: t(locale, label), exact: true });
				await expect(button).toHaveAccessibleDescription(t(locale, key(c.prefix, command)));
			}
			await expect(harness.locator('#harness-help-0')).toBeVisible();
			if (c.prefix !== 'harness')
				await expect(harness).not.toContainText(t(locale, 'harness_start_help'));
		});

for (const locale of ['en', 'zh-CN'])
	test(`MiniHarness: after Reconnect all the status line says every client is closed (${locale})`, async ({
		page
	}) => {
		await page.goto(`labs/06-sdk-client-discipline?lang=${locale}&speed=instant`);
		await settled(page);
		const harness = page.locator('#harness');
		// Lab 06 opens with no session.
		await harness.getByRole('button', { name: t(locale, 'harness_start'), exact: true }).click();
		await settled(page);
		await expect(harness).toContainText(t(locale, 'harness_session_on'));
		await harness
			.getByRole('button', { name: t(locale, 'harness_reconnect'), exact: true })
			.click();
		await settled(page);
		await expect(harness).toContainText(t(locale, 'harness_status_miniharness_closed'));
		await expect(harness).not.toContainText(t(locale, 'harness_session_on'));
	});

test('after Close session the page is settled again: nothing runs, with no session', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const harness = page.locator('#harness');
	await harness.getByRole('button', { name: t('en', 'harness_close'), exact: true }).click();
	await expect(harness).toContainText(t('en', 'harness_session_off'));
	await settled(page);
});
