import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { labSteps, playStep, settled } from './helpers/play-lab';

// Lab 10's first step, heard: the server's notifications/tools/list_changed is said in the live
// region as it arrives, in the learner's language, and nothing more: what OpenHarness does about
// it is step 2's question, which the region must not answer first. The whole lab is played by
// labs.e2e.ts; this is what a screen-reader user is told there.

const LAB = '10-tool-list-changed';
const [announce] = labSteps(LAB);

// In English only: labs.e2e.ts plays lab 10 in Chinese, its notice said there too.
for (const locale of ['en']) {
	test(`lab 10: the list_changed notice is said, not what the harness does about it (${locale})`, async ({
		page
	}) => {
		await page.goto(`labs/${LAB}?lang=${locale}&speed=instant`);
		await settled(page);
		const region = page.getByTestId('live-region');
		const notice = t(locale, 'announce_tools_changed', { server: 'deploy' });
		await expect(region).not.toContainText(notice);
		await playStep(page, locale, announce);
		await expect(region).toContainText(notice);
	});
}
