import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { labSteps, playStep, settled } from './helpers/play-lab';

// Lab 10's first step, heard: the server's notifications/tools/list_changed is said in the live
// region as it arrives, with what OpenHarness does about it (nothing), in the learner's language.
// The whole lab is played by labs.e2e.ts; this is what a screen-reader user is told there.

const LAB = '10-tool-list-changed';
const [announce] = labSteps(LAB);

for (const locale of ['en', 'zh-CN']) {
	test(`lab 10: the list_changed notice is said, and that the harness ignores it (${locale})`, async ({
		page
	}) => {
		await page.goto(`labs/${LAB}?lang=${locale}&speed=instant`);
		await settled(page);
		const region = page.getByTestId('live-region');
		const notice = t(locale, 'announce_tools_changed_ignored', { server: 'deploy' });
		await expect(region).not.toContainText(notice);
		await playStep(page, locale, announce);
		await expect(region).toContainText(notice);
	});
}
