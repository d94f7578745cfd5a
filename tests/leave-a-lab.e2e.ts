import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';

// A workshop moves from lab to lab in one tab all day: a lab left behind must be freed, its
// world, its panels and its DOM. Counted in DOM nodes after a full garbage collection (a count,
// not a timing): each visit that kept its page alive added thousands of them.

async function nodesAfterGc(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('HeapProfiler.collectGarbage');
	await cdp.send('HeapProfiler.collectGarbage');
	const { nodes } = await cdp.send('Memory.getDOMCounters');
	await cdp.detach();
	return nodes;
}

async function visit(page: Page, lab: string) {
	await page.locator(`a[href$="labs/${lab}"]`).first().click();
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	// Back home by the page's own link (a client-side navigation, as a learner makes it).
	await page
		.getByRole('link', { name: t('en', 'nav_home'), exact: true })
		.first()
		.click();
	await expect(page.locator(`a[href$="labs/${lab}"]`).first()).toBeVisible();
}

test('labs left behind are freed: DOM nodes do not grow with each visit', async ({ page }) => {
	test.setTimeout(90_000);
	// Locators only: an element handle would itself keep a page's nodes alive.
	await page.goto('?speed=instant');
	const labs = ['01-connection-isolation', '02-naming', '04-trust-and-grants'];
	for (const lab of labs) await visit(page, lab);
	const afterOne = await nodesAfterGc(page);
	for (let round = 0; round < 2; round++) for (const lab of labs) await visit(page, lab);
	const afterThree = await nodesAfterGc(page);
	// Kept pages added about 7,000 nodes a round of these three labs.
	expect(afterThree - afterOne).toBeLessThan(300);
});
