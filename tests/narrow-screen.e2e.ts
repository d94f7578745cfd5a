import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { command, openHost } from './helpers/embed-host';
import { refuseLiveServers } from './helpers/live-lab';
import { t } from './helpers/messages';
import { labIds, labSteps, playStep, settled } from './helpers/play-lab';
import { splitWords } from './helpers/split-words';

// A phone (320 CSS pixels wide): no page of the lab scrolls sideways. Wide content (a select of
// long server names, a table of unbroken tool names) fits or wraps inside its own panel; before,
// one such element widened every panel past the screen's edge.

test.use({ viewport: { width: 320, height: 700 } });

/** What sticks out past the right edge of the page, if anything (for the failure message). */
async function sideways(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth <= width) return [];
		return [...document.querySelectorAll('body *')]
			.filter((el) => el.getBoundingClientRect().right > width + 1)
			.slice(-5)
			.map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
	});
}

test('the home page, the sandbox, live mode and every lab fit a 320 px screen', async ({
	page
}) => {
	test.setTimeout(120_000);
	for (const path of ['', 'sandbox', 'live']) {
		await page.goto(`${path}?speed=instant`);
		if (path) await settled(page);
		expect(await sideways(page), `/${path}`).toEqual([]);
	}
	for (const id of labIds()) {
		await refuseLiveServers(page, id);
		await page.goto(`labs/${id}?speed=instant&lang=${id < '05' ? 'en' : 'zh-CN'}`);
		await settled(page);
		expect(await sideways(page), `/labs/${id}`).toEqual([]);
		expect(await splitWords(page), `/labs/${id}`).toEqual([]);
	}
});

// The tables that fill up as a lab is played: the name lab's, ToolSource's audit, MiniHarness's
// clients, decisions and checkpoints, the lab 09 pins and defences. The page opens at the lab's
// last step (step=<n>: the steps before it played by the page at instant speed) and the learner
// plays what is left through the UI, with the lab's progress stored as finished so its "What to
// try next" panel is on the page too. Each table's rows and the whole workspace's text are then
// as after playing every step by hand (compared once per lab), but for the one sentence
// "Lab complete" (the earlier steps are not the learner's): 5–7 s a lab instead of 12–17 s.
// Lab 09 opens a step earlier: its last step makes no call, and the call form keeps the one
// before it ("Back to the example arguments").
const playedFrom: Record<string, number> = {
	'02-naming': 1,
	'05-fault-drills': 1,
	'06-sdk-client-discipline': 1,
	'09-tool-poisoning': 2
};
for (const [id, left] of Object.entries(playedFrom)) {
	test(`on a phone, lab ${id.slice(0, 2)}'s tables keep their words whole once played`, async ({
		page
	}) => {
		const steps = labSteps(id);
		await page.addInitScript(
			({ id, count }) =>
				localStorage.setItem(
					'mcp-lab.progress.v1',
					JSON.stringify({
						v: 1,
						labs: { [id]: { done: [...Array(count).keys()], finished: true } }
					})
				),
			{ id, count: steps.length }
		);
		const from = steps.length - left;
		await page.goto(`labs/${id}?speed=instant&step=${from}`);
		await settled(page);
		for (const [index, step] of steps.slice(from).entries()) {
			if (index > 0) await page.getByRole('button', { name: t('en', 'lab_next') }).click();
			await playStep(page, 'en', step);
		}
		await expect(page.getByTestId('what-next')).toBeVisible();
		await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
		expect(await sideways(page)).toEqual([]);
		expect(await splitWords(page)).toEqual([]);
		// The tables drawn as blocks are still tables with headers to axe.
		await expectNoAxeViolations(page);
	});
}

test('an embed with 100-character server and tool names fits a 320 px screen', async ({ page }) => {
	const long = (prefix: string) => `${prefix}${'x'.repeat(100 - prefix.length)}`;
	const tool = { name: long('tool_'), inputSchema: { type: 'object' } };
	await openHost(page, { lab: 'sandbox' });
	const result = await command(page, 'setScenario', {
		scenario: {
			profile: 'openharness',
			mcp_servers: {
				[long('server-a-')]: { type: 'stdio', command: 'a', sim: { tools: [tool] } },
				[long('server-b-')]: { type: 'stdio', command: 'b', sim: { tools: [tool] } }
			}
		}
	});
	expect(result.ok).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	const frame = page.frames().find((f) => f.url().includes('/embed/sandbox'));
	expect(frame).toBeDefined();
	const overflow = await frame!.evaluate(() => ({
		page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
		wire: document.querySelector('#log select')?.getBoundingClientRect().width ?? -1
	}));
	expect(overflow.page).toBeLessThanOrEqual(0);
	// The wire log's server filter lists both long names and still fits.
	expect(overflow.wire).toBeGreaterThan(0);
	expect(overflow.wire).toBeLessThanOrEqual(320);
});

test('lab 04: on a phone the grant circles become a list, each tool under its region', async ({
	page
}) => {
	await page.goto('labs/04-trust-and-grants?speed=instant');
	await settled(page);
	const panel = page.locator('[data-profile="trust"]');
	await panel
		.getByRole('button', {
			name: t('en', 'trust_trust_label', { connector: 'github' }),
			exact: true
		})
		.click();
	await settled(page);
	const grant = panel.getByRole('list', { name: t('en', 'trust_grant_heading') });
	await expect(grant.locator('li[data-region="available"]').first()).toBeVisible();
	// Headings and tools, top to bottom: no two share a line, and each tool follows its heading.
	const rows = await grant.locator('> li').evaluateAll((all) =>
		all.map((li) => {
			const box = li.getBoundingClientRect();
			const region = li.getAttribute('data-region') ?? li.id.replace('trust-region-', '#');
			return { region, top: box.top, bottom: box.bottom };
		})
	);
	rows.sort((a, b) => a.top - b.top);
	for (let i = 1; i < rows.length; i++)
		expect(rows[i].top, `${rows[i].region} overlaps ${rows[i - 1].region}`).toBeGreaterThanOrEqual(
			rows[i - 1].bottom - 1
		);
	const order = rows.map((r) => r.region).join(' ');
	expect(order).toMatch(/^#available( available)* #both( both)* #granted( granted)*$/);
	expect(await sideways(page)).toEqual([]);
});
