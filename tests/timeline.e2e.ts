import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { recordSaid, regionQuiet, saidLast } from './helpers/live-region';

// Time travel and sharing on a lab page, as a learner uses them: the timeline's controls found
// by their accessible names, the world compared through what the page shows.

const LAB = 'labs/01-connection-isolation';
const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

const position = (page: Page) => page.getByTestId('timeline-position');
const card = (page: Page, server: string) =>
	page.locator('#servers article').filter({ hasText: server }).first();

/** What the learner reads of the world: the `/mcp` status text and the calls list. */
async function seen(page: Page) {
	await expect(page.getByTestId('timeline')).toHaveAttribute('data-busy', 'no');
	return {
		status: await page.locator('#status pre').innerText(),
		// No list at all while there are no calls. Each call's text from the DOM, not as drawn:
		// a call scrolled away is not drawn (content-visibility), and innerText leaves it out.
		calls: (await page.locator('#calls ul > li').allTextContents())
			.map((text) => text.replace(/\s+/g, ' ').trim())
			.join('\n')
	};
}

/** Lab 01 after start-up, a kill and a failing call: steps 0 to 3 on the tape. */
async function killAndCall(page: Page, locale = 'en') {
	await page.goto(`${LAB}?lang=${locale}&speed=instant`);
	await settled(page);
	await page
		.getByRole('button', { name: t(locale, 'servers_kill_label', { server: 'filesystem' }) })
		.click();
	await settled(page);
	await page
		.getByLabel(t(locale, 'call_tool'), { exact: true })
		.selectOption('mcp__filesystem__read_file');
	await page.getByRole('button', { name: t(locale, 'call_button'), exact: true }).click();
	await settled(page);
	await expect(position(page)).toHaveText(t(locale, 'timeline_valuetext', { n: 3, total: 3 }));
}

test('stepping back undoes the kill; stepping forward brings back the same world', async ({
	page
}) => {
	await killAndCall(page);
	const end = await seen(page);
	// Nothing after the colon: the closed session's error has no message (and the text is trimmed).
	expect(end.calls).toMatch(/MCP server 'filesystem' call failed:$/m);
	const slider = page.getByRole('slider', { name: 'Position in the event log' });
	// The slider's value says what the step did (its words load when it is first focused).
	await slider.focus();
	await expect(slider).toHaveAttribute(
		'aria-valuetext',
		'after action 3 of 3: Call mcp__filesystem__read_file'
	);

	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	// Which action that was, on screen too (a hint says "Back until the Restart is undone").
	await expect(page.getByTestId('timeline-did')).toHaveText('Action 2: Kill filesystem');
	expect((await seen(page)).calls).toBe('');
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_not_noticed'));
	// Announced once: where the log stands, not the rebuilt world's history again.
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast('Event log after action 2 of 3: Kill filesystem')
	);

	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 1 of 3');
	await expect(card(page, 'filesystem')).not.toContainText(t('en', 'servers_not_noticed'));
	await expect(page.getByRole('button', { name: 'Kill filesystem' })).toBeEnabled();
	await expect(page.locator('#status pre')).toContainText('- filesystem: connected');

	await page.getByRole('button', { name: 'Forward one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	await page.getByRole('button', { name: 'Forward one action' }).click();
	await expect(position(page)).toHaveText('action 3 of 3');
	expect(await seen(page)).toEqual(end);
	await expect(page.getByRole('button', { name: 'Forward one action' })).toBeDisabled();
	// Pressed anyway (it only looks dimmed, so focus stays): it says why nothing happens.
	await page.getByRole('button', { name: 'Forward one action' }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(t('en', 'timeline_no_forward'))
	);
	await page.getByRole('button', { name: 'Continue from here' }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(t('en', 'timeline_no_fork')));

	// The slider moves too (keyboard: Home goes to step 0, the world before start-up).
	await slider.focus();
	await page.keyboard.press('Home');
	await expect(position(page)).toHaveText('action 0 of 3');
	await expect(page.locator('#status pre')).toContainText('- filesystem: pending');
	await expect(slider).toBeFocused();
});

test('a world forked at step 0 by Restart harness comes back the same after a step back and forward', async ({
	page
}) => {
	// Lab 05 (ToolSource): back to before start-up, where the restart is the first action.
	await page.goto('labs/05-fault-drills?speed=instant');
	await settled(page);
	await page.getByRole('button', { name: en('timeline_back') }).click();
	await expect(position(page)).toHaveText('action 0 of 1');
	await page.getByRole('button', { name: en('harness_restart_harness') }).click();
	await settled(page);
	await page.getByRole('button', { name: en('servers_kill_label', { server: 'files' }) }).click();
	await settled(page);
	const live = await seen(page);
	expect(live.status).toContain('- payments: connected');
	await page.getByRole('button', { name: en('timeline_back') }).click();
	await expect(position(page)).toHaveText('action 1 of 2');
	await page.getByRole('button', { name: en('timeline_forward') }).click();
	await expect(position(page)).toHaveText('action 2 of 2');
	expect(await seen(page)).toEqual(live);
});

test('in the past, "Continue from here" or any new action discards the later steps', async ({
	page
}) => {
	await killAndCall(page);
	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	// One step ahead: said as one step, not "steps 3 to 3".
	await expect(page.getByText(t('en', 'timeline_past_note_one', { from: 3 }))).toBeVisible();
	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 1 of 3');
	await expect(page.getByText(t('en', 'timeline_past_note', { from: 2, total: 3 }))).toBeVisible();
	await page.getByRole('button', { name: 'Forward one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	await page.getByRole('button', { name: 'Continue from here' }).click();
	await expect(position(page)).toHaveText('action 2 of 2');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(t('en', 'timeline_forked', { n: 2 }))
	);

	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 1 of 2');
	await page.getByRole('button', { name: 'Hang internal-api' }).click();
	await settled(page);
	await expect(position(page)).toHaveText('action 2 of 2');
	await expect(card(page, 'filesystem')).not.toContainText(t('en', 'servers_not_noticed'));
	await expect(card(page, 'internal-api')).toContainText(t('en', 'servers_process_hung'));
	// The action said what it did, then what it discarded.
	const said = page.getByTestId('live-region');
	await expect(said).toContainText(t('en', 'timeline_discarded_one', { n: 1, from: 2 }));
	await expect(said).toContainText('internal-api process hung');

	// Back and forward to the end again: nothing discarded, nothing said of it.
	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 1 of 2');
	await page.getByRole('button', { name: 'Forward one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 2');
	await regionQuiet(page);
	await expect(page.getByTestId('live-region')).not.toContainText(
		t('en', 'timeline_discarded_one', { n: 1, from: 2 })
	);
});

test('Play replays the log one action per tick and says where it stopped', async ({ page }) => {
	await killAndCall(page);
	await page.getByLabel('Replay rate').selectOption('8');
	// At 8 a second the whole replay can be over between two looks (CI saw the Pause button come
	// and go unseen), so every position shown is recorded as it is shown.
	await position(page).evaluate((element) => {
		const shown: string[] = [];
		(window as unknown as { shown: string[] }).shown = shown;
		new MutationObserver(() => shown.push(element.textContent ?? '')).observe(element, {
			childList: true,
			characterData: true,
			subtree: true
		});
	});
	await page.getByRole('button', { name: 'Play' }).click();
	await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
	// From the end, playback starts again at step 0 and moves one action per tick.
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { shown: string[] }).shown))
		.toEqual(['action 0 of 3', 'action 1 of 3', 'action 2 of 3', 'action 3 of 3']);
	await expect(position(page)).toHaveText('action 3 of 3');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast('Event log after action 3 of 3: Call mcp__filesystem__read_file')
	);

	await page.getByLabel('Replay rate').selectOption('0.25');
	await page.getByRole('button', { name: 'Play' }).click();
	await expect(position(page)).toHaveText('action 0 of 3');
	await page.getByRole('button', { name: 'Pause' }).click();
	await page.waitForTimeout(500);
	await expect(position(page)).toHaveText('action 0 of 3');
	await expect(page.getByTestId('live-region')).toHaveText(saidLast('Event log at action 0 of 3'));
});

test('a share link opens the same world at the same step in another browser', async ({
	page,
	browser
}) => {
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
	await killAndCall(page);
	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	const here = await seen(page);

	await page.getByRole('button', { name: 'Share', exact: true }).click();
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(en('timeline_link_made')));
	const link = await page.getByLabel('Share link').inputValue();
	expect(link).toMatch(/\/labs\/01-connection-isolation#s=1\.[A-Za-z0-9_-]+$/);
	await page.getByRole('button', { name: 'Copy link' }).click();
	await expect(page.locator('#timeline').getByText('Link copied', { exact: true })).toBeVisible();
	await expect(page.getByTestId('live-region')).toHaveText(saidLast('Link copied'));
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

	const elsewhere = await browser.newContext();
	const other = await elsewhere.newPage();
	await other.goto(link);
	await expect(position(other)).toHaveText('action 2 of 3');
	expect(await seen(other)).toEqual(here);
	// Which step the shared world stands after, before the bar is used.
	await expect(other.getByTestId('timeline-did')).toHaveText('Action 2: Kill filesystem');
	// The opened world may still be settling: a move waits for it (the button says so meanwhile).
	const forward = other.getByRole('button', { name: 'Forward one action' });
	await expect(forward).toHaveAttribute('aria-disabled', 'false');
	await forward.click();
	await expect(position(other)).toHaveText('action 3 of 3');
	expect((await seen(other)).calls).toContain("MCP server 'filesystem' call failed");
	await elsewhere.close();
});

test('an invalid share link is shown and said, and the page opens as usual', async ({ page }) => {
	const said = await recordSaid(page);
	await page.goto(`${LAB}?speed=instant#s=1.AAAA`);
	const damaged = 'The link is damaged (it could not be unpacked); copy it again.';
	await expect(page.getByText(damaged, { exact: true })).toBeVisible();
	await expect.poll(said).toContain(en('announce_link_error', { error: damaged }));
	// Said in the page's one live region: no alert of its own.
	await expect(page.getByRole('alert')).toHaveCount(0);
	await settled(page);
	await expect(position(page)).toHaveText('action 1 of 1');

	// In Chinese, the whole sentence is Chinese.
	await page.goto(`${LAB}?speed=instant&lang=zh-CN#s=99.abc`);
	const newer = t('zh-CN', 'command_error_share_newer', { format: 99, reads: 1 });
	await expect(page.getByText(newer, { exact: true })).toBeVisible();
	await expect.poll(said).toContain(t('zh-CN', 'announce_link_error', { error: newer }));
});

test('a share link made on a Chinese page opens in Chinese', async ({ page }) => {
	await page.goto(`${LAB}?speed=instant&lang=zh-CN`);
	await settled(page);
	await page.getByRole('button', { name: t('zh-CN', 'timeline_share'), exact: true }).click();
	const link = await page.getByLabel(t('zh-CN', 'timeline_share_label')).inputValue();
	expect(link).toMatch(/\/labs\/01-connection-isolation\?lang=zh-CN#s=1\.[A-Za-z0-9_-]+$/);
	await page.goto(link);
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('an imported log replays to its end; a broken one is refused with its path', async ({
	page
}) => {
	await killAndCall(page);
	const end = await seen(page);
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download log' }).click();
	const file = await (await download).createReadStream();
	const chunks: Buffer[] = [];
	for await (const chunk of file) chunks.push(chunk as Buffer);
	const log = Buffer.concat(chunks).toString('utf8');
	expect(JSON.parse(log).actions).toHaveLength(3);

	// A fresh lab page: a new tab (this one would open the lab where it was left).
	const fresh = await page.context().newPage();
	await page.close();
	page = fresh;
	await page.goto(`${LAB}?speed=instant`);
	await settled(page);
	await expect(position(page)).toHaveText('action 1 of 1');
	const input = page.getByLabel('Import log');
	await input.setInputFiles({
		name: 'log.json',
		mimeType: 'application/json',
		buffer: Buffer.from(log)
	});
	await expect(position(page)).toHaveText('action 3 of 3');
	expect(await seen(page)).toEqual(end);
	// Said with the file's name: the position alone did not say that a file was read.
	await expect(page.getByTestId('live-region')).toContainText(
		t('en', 'timeline_imported', { name: 'log.json', count: 3 })
	);

	// Imported while looking at the past, it replaces the tape: it continued from nothing there.
	await page.getByRole('button', { name: 'Back one action' }).click();
	await expect(position(page)).toHaveText('action 2 of 3');
	await input.setInputFiles({
		name: 'log.json',
		mimeType: 'application/json',
		buffer: Buffer.from(log)
	});
	await expect(position(page)).toHaveText('action 3 of 3');
	await regionQuiet(page);
	await expect(page.getByTestId('live-region')).not.toContainText(
		t('en', 'timeline_discarded_one', { n: 2, from: 3 })
	);

	const broken = JSON.parse(log);
	broken.actions[2].action.do = 'explode';
	await input.setInputFiles({
		name: 'broken.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(broken))
	});
	await expect(page.locator('#timeline')).toContainText(
		'The file is not an MCP Lab log at actions[2].action.do:'
	);
	await expect(page.getByTestId('live-region')).toContainText(
		'The world was kept as it was: The file is not an MCP Lab log at actions[2].action.do:'
	);

	const trace = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download protocol trace' }).click();
	expect((await trace).suggestedFilename()).toBe('mcp-lab-01-connection-isolation-protocol.json');
});

for (const locale of ['en', 'zh-CN']) {
	test(`axe: the lab page with the timeline in the past and a share link (${locale})`, async ({
		page
	}) => {
		await killAndCall(page, locale);
		await page.getByRole('button', { name: t(locale, 'timeline_back') }).click();
		await expect(position(page)).toHaveText(t(locale, 'timeline_valuetext', { n: 2, total: 3 }));
		await page.getByRole('button', { name: t(locale, 'timeline_share'), exact: true }).click();
		await expect(page.getByLabel(t(locale, 'timeline_share_label'))).toBeVisible();
		await expectNoAxeViolations(page);
	});
}
