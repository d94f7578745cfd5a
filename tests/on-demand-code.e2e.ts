import { expect, test } from '@playwright/test';
import { fetched, openQuiet } from './helpers/fetched-scripts';
import { t } from './helpers/messages';
// The host page's `window.command` and `window.ready` (tests/fixtures/embed-host.html).
import type {} from './helpers/embed-host';

const en = (key: string) => t('en', key);

// Panels with code of their own load it only when the page shows them: a page opened with one
// view does not fetch the others' code first (the view is read from the URL after the
// prerendered page starts), and a lab page fetches the live-connect form only when opened.
// Each check looks for a marker the panel's compiled template carries in the scripts fetched.

const MARKERS = {
	// Not the panel's id: the start-up code names every panel (panel-targets.ts).
	pipeline: 'data-testid="pipeline-pinned"',
	transcript: 'data-testid="transcript"',
	liveConnect: 'data-testid="live-connect"',
	editor: 'data-testid="editor-outcome"',
	// A sentence of the scenario schema (scenario/schema.ts), which checks a world a page is given.
	scenarioSchema: 'The name __proto__ cannot be used here'
};

test('an embed opened with view=registry fetches neither the pipeline nor the transcript code; the default view does', async ({
	browser
}) => {
	const one = await browser.newPage();
	const registry = await openQuiet(one, 'embed/01-connection-isolation?view=registry');
	await expect(one.getByRole('table')).toBeVisible();
	expect(await fetched(registry, MARKERS.pipeline)).toBe(false);
	expect(await fetched(registry, MARKERS.transcript)).toBe(false);
	await one.close();

	const all = await browser.newPage();
	const everything = await openQuiet(all, 'embed/01-connection-isolation');
	expect(await fetched(everything, MARKERS.pipeline)).toBe(true);
	expect(await fetched(everything, MARKERS.transcript)).toBe(true);
	await all.close();
});

test('a lab page fetches the live-connect form only when a learner opens it (by keyboard)', async ({
	page
}) => {
	const scripts = await openQuiet(page, 'labs/01-connection-isolation');
	expect(await fetched(scripts, MARKERS.liveConnect)).toBe(false);
	const summary = page.getByText(en('live_connect_title'), { exact: true });
	await summary.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-connect')).toBeVisible();
	await expect(
		page.getByTestId('live-connect').getByLabel(en('live_connect_name'), { exact: true })
	).toBeEditable();
	expect(await fetched(scripts, MARKERS.liveConnect)).toBe(true);
});

test('the world editor is fetched when the pointer or focus reaches "Edit world", before the click', async ({
	page
}) => {
	const scripts = await openQuiet(page, 'labs/01-connection-isolation');
	expect(await fetched(scripts, MARKERS.editor)).toBe(false);
	const summary = page.getByText(en('lab_edit_world'), { exact: true });
	await summary.hover();
	await expect.poll(() => fetched(scripts, MARKERS.editor)).toBe(true);
	// Not opened by it: the learner still decides.
	await expect(page.getByTestId('editor-outcome')).toHaveCount(0);
	await summary.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('editor-outcome')).toBeVisible();
});

test('an embed starts without the scenario schemas; the first world a host gives it is checked on arrival, and a command posted right behind runs on that world', async ({
	page,
	request
}) => {
	// Its start-up scripts, as tests/size-budget.e2e.ts counts them: those its HTML names.
	const pageUrl = new URL('embed/sandbox', test.info().project.use.baseURL);
	const html = await (await request.get(pageUrl.href)).text();
	const named = [
		...html.matchAll(/(?:href|src)="([^"]+\.js)"/g),
		...html.matchAll(/import\("([^"]+\.js)"\)/g)
	].map((match) => new URL(match[1], pageUrl).href);
	expect(named.length).toBeGreaterThan(1);
	const startUp = await Promise.all(named.map(async (url) => (await request.get(url)).text()));
	expect(startUp.filter((text) => text.includes(MARKERS.scenarioSchema))).toEqual([]);

	// The checker arrives late, as on a slow network, so the kill surely comes while it loads.
	let held = 0;
	await page.route(/\/_app\/immutable\/.*\.js$/, async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		// The checker's chunk (it also exports the unused keys' English notes).
		if (/export\{[^}]*\b\w+ as checkedScenario\b/.test(body)) {
			held++;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		await route.fulfill({ response, body });
	});
	await page.goto('__fixtures__/embed-host.html?lab=sandbox&speed=instant');
	await page.evaluate(() => window.ready);
	expect(held).toBe(0);
	// Posted together, as a host that does not wait for answers does.
	const [given, killed] = await page.evaluate(() =>
		Promise.all([
			window.command('setScenario', {
				scenario: { mcp_servers: { notes: { type: 'stdio', command: 'notes-mcp' } } }
			}),
			window.command('kill', { server: 'notes' })
		])
	);
	expect(held).toBe(1);
	expect(given.ok).toBe(true);
	expect(killed).toMatchObject({ ok: true });
	expect(killed.snapshot?.servers.map((s) => [s.name, s.process])).toEqual([['notes', 'killed']]);
	// Scripts the page still fetches as it closes are not this test's.
	await page.unrouteAll({ behavior: 'ignoreErrors' });
});
