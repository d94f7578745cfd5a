import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';
import { escapeRegExp } from './helpers/play-lab';
import {
	laidOutLate,
	name,
	openManyServers,
	rendered,
	scenario,
	SERVERS
} from './helpers/many-servers';

// A world of many servers: each server card, connection chart and registry row off screen is
// skipped by the browser (CSS content-visibility) until it nears the screen, which halved the
// time to paint a 100-server world with every panel (npm run bench). Skipped is not removed:
// every card stays in the page with its text, so find-in-page, screen readers and the keyboard
// still reach it. A lab's few servers are laid out at once (tests/layout-shift.e2e.ts): laid
// out late, a card moved the page under the reader.

test('off-screen server cards and charts are skipped until they come into view, and stay in the page', async ({
	page
}) => {
	const frame = await openManyServers(page);

	const cards = frame.locator('#servers > ul > li');
	const charts = frame.locator('#machine li');
	await expect(cards).toHaveCount(SERVERS);
	await expect(charts).toHaveCount(SERVERS);
	expect(await laidOutLate(cards)).toBe(SERVERS);
	expect(await laidOutLate(charts)).toBe(SERVERS);
	// Every card keeps its text while skipped: the last server is there, connected.
	await expect(cards.last()).toContainText(name(SERVERS - 1));
	await expect(cards.last()).toContainText('connected');

	// Far below the screen, nothing of the last card and the last chart is drawn. The chart's
	// drawing is not even made yet (a world this big draws each chart when first shown), but
	// its accessible name already says the server's state.
	expect(await rendered(cards.last())).toBe(false);
	expect(await rendered(charts.last())).toBe(false);
	const lastChart = charts.last().getByRole('img');
	await expect(lastChart).toHaveAttribute(
		'aria-label',
		new RegExp(`${name(SERVERS - 1)}.*connected`)
	);
	await expect(lastChart.locator('rect')).toHaveCount(0);

	// The keyboard reaches a control in a skipped card, which is then drawn where it is focused.
	const farCard = cards.nth(SERVERS / 2);
	expect(await rendered(farCard)).toBe(false);
	const button = farCard.getByRole('button').first();
	await button.focus();
	await expect(button).toBeFocused();
	await expect.poll(() => rendered(farCard)).toBe(true);

	// Scrolled to, the last card and the last chart are drawn.
	for (const items of [cards, charts]) {
		const last = items.last();
		await last.scrollIntoViewIfNeeded();
		await expect.poll(() => rendered(last)).toBe(true);
	}
	await expect(lastChart.locator('rect').first()).toBeAttached();
	// The active state is marked in the drawing made late, as in any other.
	await expect(lastChart.locator('text', { hasText: '▶ connected' })).toHaveCount(1);
});

test('crossing twelve servers, charts switch between laid out at once and late; those on screen stay drawn', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox', view: 'machine' });
	const frame = page.frameLocator('#lab');
	const charts = frame.locator('#machine li');
	const firstChart = charts.first().getByRole('img');
	for (const servers of [3, SERVERS, 3]) {
		expect((await command(page, 'setScenario', { scenario: scenario(servers) })).ok).toBe(true);
		expect((await command(page, 'startSession')).ok).toBe(true);
		await expect(charts).toHaveCount(servers);
		await expect(firstChart).toHaveAttribute('aria-label', new RegExp(`${name(0)}.*connected`));
		await expect(firstChart.locator('text', { hasText: '▶ connected' })).toHaveCount(1);
		// (The server cards switch with them: the same limit, many-servers.ts.)
		const late = servers > 12 ? servers : 0;
		await expect.poll(() => laidOutLate(charts)).toBe(late);
		// Back in a small world, every chart is drawn again at once.
		if (!late) await expect(charts.last().locator('rect').first()).toBeAttached();
	}
});

test('a registry of more than a thousand tools: the Tool list offers the first thousand, and says how to reach the rest', async ({
	page
}) => {
	// 60 servers of 20 tools: 1,200 MCP tools.
	const mcp_servers: Record<string, unknown> = {};
	for (let i = 0; i < 60; i++)
		mcp_servers[name(i)] = {
			type: 'stdio',
			command: 'many-tools',
			sim: {
				tools: Array.from({ length: 20 }, (_, j) => ({
					name: `tool_${String(j).padStart(2, '0')}`,
					inputSchema: { type: 'object' },
					result: { content: [{ type: 'text', text: `answer ${i}.${j}` }] }
				}))
			}
		};
	await openHost(page, { lab: 'sandbox' });
	expect(
		(await command(page, 'setScenario', { scenario: { profile: 'openharness', mcp_servers } })).ok
	).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	const frame = page.frameLocator('#lab');
	const select = frame.locator('#calls').getByLabel(t('en', 'call_tool'), { exact: true });
	// A thousand MCP tools, the harness's two resource tools and "Another name…".
	await expect(select.locator('option')).toHaveCount(1_000 + 2 + 1);
	await expect(select).toHaveAccessibleDescription(
		new RegExp(escapeRegExp(t('en', 'call_tools_offered', { count: 1_200, shown: 1_000 })))
	);
	// One past the list, by its name.
	await select.selectOption({ label: t('en', 'call_other_option') });
	await frame.locator('#calls').getByLabel(t('en', 'call_other_name')).fill('mcp__srv-59__tool_19');
	await frame
		.locator('#calls')
		.getByRole('button', { name: t('en', 'call_button') })
		.click();
	await expect(frame.locator('#calls li').first()).toContainText('answer 59.19');
});
