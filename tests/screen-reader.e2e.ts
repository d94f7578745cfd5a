import { expect, test } from '@playwright/test';
import { name, openManyServers, rendered, SERVERS } from './helpers/many-servers';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { axNodes, namesOf, screenReaderLaunchOptions } from './helpers/screen-reader';

// What a screen reader gets: Chromium's accessibility tree, with accessibility on from the start
// as when one is running (a browser of its own for this file). Long lists skip drawing what is
// off screen (CSS content-visibility); skipped content must still be read.
test.use({ launchOptions: screenReaderLaunchOptions() });

test('skipped server cards, connection charts and registry rows are still read, whole', async ({
	page
}) => {
	const frame = await openManyServers(page);
	const last = name(SERVERS - 1);
	const lastCard = frame.locator('#servers > ul > li').last();
	const lastChart = frame.locator('#machine li').last();
	const lastRow = frame.locator('#registry tbody tr').last();
	await expect(lastRow).toContainText(`mcp__${last}__lookup`);
	for (const skipped of [lastCard, lastChart, lastRow]) expect(await rendered(skipped)).toBe(false);

	const nodes = await axNodes(page, { frame: true });
	expect(namesOf(nodes, 'heading')).toContain(last);
	// The chart's drawing is not made yet, but its name says the server's state.
	expect(namesOf(nodes, 'image').some((n) => n.includes(last) && n.includes('connected'))).toBe(
		true
	);
	expect(namesOf(nodes, 'rowheader')).toContain(`mcp__${last}__lookup`);
	expect(namesOf(nodes, 'rowheader')).toHaveLength(SERVERS);
	// Its cells too, not the row alone: the last row's server and raw tool.
	expect(namesOf(nodes, 'cell').filter((cell) => cell === last)).toHaveLength(1);
});

test('skipped protocol log rows and model calls are still read', async ({ page }) => {
	const frame = await openManyServers(page, 1);
	await page.evaluate(async () => {
		for (let i = 0; i < 60; i++) await window.command('callTool', { name: 'mcp__srv-00__lookup' });
	});
	// The log's oldest shown row is scrolled out of its box; the oldest listed call is far below.
	const oldestRow = frame.locator('#log ol > li').first();
	const oldestCall = frame.locator('#calls ul > li').last();
	await expect(oldestCall).toContainText('c11');
	const seq = (await oldestRow.locator('span').first().textContent())!.trim();
	expect(seq).toMatch(/^#\d+$/);
	expect(await rendered(oldestRow)).toBe(false);
	expect(await rendered(oldestCall)).toBe(false);

	const text = namesOf(await axNodes(page, { frame: true }), 'StaticText');
	expect(text).toContain(seq);
	expect(text).toContain('c11');
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 320, height: 700 } });

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
		// (Rows skipped by the browser are still read: the many-servers test above.) A lab's few
		// rows are laid out at once, far below the screen too: none grows under the reader (its
		// name wrapped past the placeholder's height) as it nears the window.
		expect(await rendered(row)).toBe(true);
		const nodes = await axNodes(page);
		expect(namesOf(nodes, 'table').length).toBeGreaterThan(0);
		expect(namesOf(nodes, 'columnheader')).toEqual(
			expect.arrayContaining(['Adapted name', 'Server', 'Raw tool', 'Read-only', 'Available'])
		);
		expect(namesOf(nodes, 'rowheader')).toEqual(
			expect.arrayContaining(['mcp__filesystem__read_file', 'mcp__internal-api__create_ticket'])
		);
		expect(namesOf(nodes, 'cell')).toEqual(expect.arrayContaining(['filesystem', 'read_file']));
		expect(namesOf(nodes, 'cell').some((name) => name.includes('Server:'))).toBe(false);

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
});
