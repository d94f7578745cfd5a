import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';

const en = (key: string) => t('en', key);

// Panels with code of their own load it only when the page shows them: a page opened with one
// view does not fetch the others' code first (the view is read from the URL after the
// prerendered page starts), and a lab page fetches the live-connect form only when opened.
// Each check looks for a marker the panel's compiled template carries in the scripts fetched.

const MARKERS = {
	pipeline: 'pipeline-stages',
	transcript: 'data-testid="transcript"',
	liveConnect: 'data-testid="live-connect"'
};

/** Collects the text of every script the page fetches from now on. */
function scriptsOf(page: Page): string[] {
	const bodies: string[] = [];
	page.on('response', async (response) => {
		if (!new URL(response.url()).pathname.endsWith('.js')) return;
		bodies.push(await response.text().catch(() => ''));
	});
	return bodies;
}

/** Opens a page and waits until it has settled and fetched no script for a second. */
async function openQuiet(page: Page, path: string): Promise<string[]> {
	const bodies = scriptsOf(page);
	await page.goto(path);
	await page.locator('[data-settled="yes"]').waitFor({ state: 'attached' });
	let count = -1;
	while (count !== bodies.length) {
		count = bodies.length;
		await page.waitForTimeout(1000);
	}
	return bodies;
}

const fetched = (bodies: string[], marker: string) => bodies.some((b) => b.includes(marker));

test('an embed opened with view=registry fetches neither the pipeline nor the transcript code; the default view does', async ({
	browser
}) => {
	const one = await browser.newPage();
	const registry = await openQuiet(one, '/embed/01-connection-isolation?view=registry');
	await expect(one.getByRole('table')).toBeVisible();
	expect(fetched(registry, MARKERS.pipeline)).toBe(false);
	expect(fetched(registry, MARKERS.transcript)).toBe(false);
	await one.close();

	const all = await browser.newPage();
	const everything = await openQuiet(all, '/embed/01-connection-isolation');
	expect(fetched(everything, MARKERS.pipeline)).toBe(true);
	expect(fetched(everything, MARKERS.transcript)).toBe(true);
	await all.close();
});

test('a lab page fetches the live-connect form only when a learner opens it (by keyboard)', async ({
	page
}) => {
	const bodies = await openQuiet(page, '/labs/01-connection-isolation');
	expect(fetched(bodies, MARKERS.liveConnect)).toBe(false);
	const summary = page.getByText(en('live_connect_title'), { exact: true });
	await summary.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-connect')).toBeVisible();
	await expect(
		page.getByTestId('live-connect').getByLabel(en('live_connect_name'), { exact: true })
	).toBeEditable();
	expect(fetched(bodies, MARKERS.liveConnect)).toBe(true);
});
