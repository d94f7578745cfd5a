import { expect, test, type Page } from '@playwright/test';
import { switchLanguage } from './helpers/language';
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

async function expectHelp(page: Page, locale: string, prefix: string) {
	const harness = page.locator('#harness');
	for (const [command, label] of [
		['start', 'harness_start'],
		['reconnect', 'harness_reconnect'],
		['close', 'harness_close']
	]) {
		const button = harness.getByRole('button', { name: t(locale, label), exact: true });
		await expect(button).toHaveAccessibleDescription(t(locale, key(prefix, command)));
	}
	await expect(harness.locator('#harness-help-0')).toBeVisible();
	if (prefix !== 'harness')
		await expect(harness).not.toContainText(t(locale, 'harness_start_help'));
}

// A lab page is switched to Chinese in place with its header's language link (the help is
// redrawn like every word); an embed has no such link, so it loads in each language.
for (const c of cases) {
	const switchable = c.page.startsWith('labs/');
	for (const locale of switchable ? ['en'] : ['en', 'zh-CN'])
		test(`${c.page}: the harness buttons' help is the profile's own (${switchable ? 'en, then zh-CN' : locale})`, async ({
			page
		}) => {
			await page.goto(`${c.page}?lang=${locale}&speed=instant`);
			await settled(page);
			await expectHelp(page, locale, c.prefix);
			if (!switchable) return;
			await switchLanguage(page, 'zh-CN');
			await expectHelp(page, 'zh-CN', c.prefix);
		});
}

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
