import { expect, test, type Page } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { refuseLiveServers } from './helpers/live-lab';
import { t } from './helpers/messages';
import { labIds, settled } from './helpers/play-lab';

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
	}
});

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

test('on a phone the registry lists each tool as labelled lines, still a table to a screen reader', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const table = page.locator('#registry table');
	const row = table.locator('tbody tr').first();
	// The tool's lines stack: its name, then Server, Raw tool, Read-only, Available.
	const name = await row.locator('th').boundingBox();
	const server = await row.locator('td').first().boundingBox();
	expect(server!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
	expect(server!.x).toBeLessThanOrEqual(name!.x + 1);
	const label = await row
		.locator('td')
		.first()
		.evaluate((td) => getComputedStyle(td, '::before').content);
	expect(label).toContain('"Server: "');

	// What assistive technology gets (Chromium's accessibility tree): a table of rows and cells,
	// with the column headers, and cells named by their value only (the drawn labels are not read).
	const cdp = await page.context().newCDPSession(page);
	const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
		nodes: Array<{ role?: { value: string }; name?: { value: string } }>;
	};
	const roles = (role: string) => nodes.filter((n) => n.role?.value === role);
	expect(roles('table').length).toBeGreaterThan(0);
	expect(roles('columnheader').map((n) => n.name?.value)).toEqual(
		expect.arrayContaining(['Adapted name', 'Server', 'Raw tool', 'Read-only', 'Available'])
	);
	expect(roles('rowheader').map((n) => n.name?.value)).toContain('mcp__filesystem__read_file');
	expect(roles('cell').map((n) => n.name?.value)).toEqual(
		expect.arrayContaining(['filesystem', 'read_file'])
	);
	expect(roles('cell').some((n) => n.name?.value?.includes('Server:'))).toBe(false);

	// In Chinese the label ends with a full-width colon.
	await page.goto('labs/01-connection-isolation?speed=instant&lang=zh-CN');
	await settled(page);
	expect(
		await row
			.locator('td')
			.first()
			.evaluate((td) => getComputedStyle(td, '::before').content)
	).toContain(`"${t('zh-CN', 'registry_col_server')}："`);
});
