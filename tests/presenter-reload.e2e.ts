import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A reload of the presenting lab window comes back to its cue, with the world played again to
// it (a reload starts the world afresh) and the page saying so; the notes window follows it
// again, and a reload of the notes window shows the same cue. A new tab starts at the first cue.

const LAB = 'labs/01-connection-isolation';
const KEPT = 'mcp-lab.presenter-cue.v1:01-connection-isolation';

const card = (page: Page, server: string) =>
	page.locator('#servers article').filter({ hasText: server }).first();
const position = (page: Page, at: number) =>
	expect(page.getByTestId('cue-position')).toContainText(
		t('en', 'presenter_position', { at, total: 10 })
	);

test('a reload of either window comes back to the same cue; a new tab starts at the first', async ({
	page,
	context
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	const [notes] = await Promise.all([
		page.waitForEvent('popup'),
		page.getByRole('button', { name: t('en', 'presenter_open_notes') }).click()
	]);
	for (let i = 1; i <= 3; i++) {
		await page.keyboard.press('PageDown');
		await position(page, i);
	}
	await settled(page);
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_killed_note'));

	await page.reload();
	await settled(page);
	await position(page, 3);
	await expect(page.getByTestId('cue-current')).toContainText('Kill the filesystem server');
	// The world is the one the cues left, not a fresh one under cue 3's words; the page says how.
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_killed_note'));
	await expect(page.getByTestId('step-title')).toHaveText('Kill, then call');
	const resumed = t('en', 'presenter_resumed', { n: 3, total: 10 });
	await expect(page.getByTestId('cue-reloaded')).toHaveText(resumed);
	await expect(page.getByTestId('live-region')).toContainText(resumed);
	await expect(notes.getByTestId('notes-current')).toContainText('Kill the filesystem server');
	await notes.reload();
	await expect(notes.getByTestId('notes-current')).toContainText('Kill the filesystem server');

	// Next goes on from there: cue 4 calls the server cue 3 killed.
	await page.keyboard.press('PageDown');
	await position(page, 4);
	await expect(page.locator('#calls')).toContainText("MCP server 'filesystem' call failed: ");
	await expect(page.getByTestId('cue-reloaded')).toBeHidden();
	// The tab keeps the place, nothing more.
	expect(await page.evaluate((key) => sessionStorage.getItem(key), KEPT)).toBe(
		'{"at":4,"id":"call-dead-server"}'
	);

	const other = await context.newPage();
	await other.goto(`${LAB}?present=1&speed=instant`);
	await settled(other);
	await position(other, 0);
	await expect(card(other, 'filesystem')).not.toContainText(t('en', 'servers_killed_note'));
});

test('a reload says that an own cue list is not kept, and starts the lab’s at its first cue', async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	const own = {
		format: 'mcp-lab-cues',
		version: 1,
		lab: '01-connection-isolation',
		cues: [{ id: 'mine', actions: [{ do: 'kill', server: 'filesystem' }], pause: false }]
	};
	await page.getByLabel(t('en', 'presenter_load')).setInputFiles({
		name: 'cues.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(own))
	});
	await expect(page.getByTestId('cue-position')).toContainText(t('en', 'presenter_cues_own'));
	await page.keyboard.press('PageDown');
	await expect(page.getByTestId('cue-position')).toContainText(
		t('en', 'presenter_position', { at: 1, total: 1 })
	);
	await page.reload();
	await settled(page);
	await expect(page.getByTestId('cue-reloaded')).toHaveText(t('en', 'presenter_own_lost'));
	await position(page, 0);
	await expect(card(page, 'filesystem')).not.toContainText(t('en', 'servers_killed_note'));
});
