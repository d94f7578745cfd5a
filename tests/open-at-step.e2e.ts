import { expect, test, type Page } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';
import { refuseLiveServers } from './helpers/live-lab';
import { saidLast } from './helpers/live-region';
import { labSteps, playStep, settled } from './helpers/play-lab';

// `step=<n>` (embed-api.md: "open at that lab step") opens the lab at step n with the world as
// the steps before it leave it: their solutions are played, so step n's words describe the world
// on screen. None of it counts as the learner's: no goal met, no progress stored.

const LAB = '01-connection-isolation';

const checksMet = (page: Page) =>
	page.getByTestId('checklist').locator('[data-met="true"]').count();

test('an embed opened at step=3 shows the world steps 1–3 leave, and step 4 still to do', async ({
	page
}) => {
	const ready = await openHost(page, { lab: LAB, step: '3' });
	expect(ready.lab).toBe(LAB);
	const { snapshot } = await command(page, 'getState');
	expect(snapshot?.step).toBe(3);
	// Step 1 read a file; step 3 killed filesystem, then called it (the error) and internal-api.
	expect(snapshot?.servers.find((s) => s.name === 'filesystem')).toMatchObject({
		process: 'killed',
		state: 'connected'
	});
	expect(snapshot?.calls.map((c) => [c.name, c.isError])).toEqual([
		['mcp__filesystem__read_file', false],
		['mcp__filesystem__read_file', true],
		['mcp__internal-api__search_orders', false]
	]);
	expect(snapshot?.calls[1].output).toMatch(/^MCP server 'filesystem' call failed: /);

	const frame = page.frameLocator('#lab');
	await expect(frame.getByTestId('checklist').locator('[data-met="true"]')).toHaveCount(0);
	// Step 4 (reconnect_all, then a call on the fresh connection) is the learner's to do.
	await command(page, 'reconnectAll');
	await command(page, 'callTool', {
		name: 'mcp__filesystem__write_file',
		arguments: { path: '/data/notes.txt', content: 'hi' }
	});
	await expect(frame.locator('#narration').getByText(t('en', 'lab_step_done'))).toBeVisible();
});

test('the lab page opened at step=3 plays the earlier steps without storing them as done', async ({
	page
}) => {
	// Everything the live region says while the page opens.
	await page.addInitScript(() => {
		const said: string[] = [];
		(window as unknown as { said: string[] }).said = said;
		new MutationObserver(() => {
			const text = document.querySelector('[data-testid="live-region"]')?.textContent ?? '';
			if (text.trim()) said.push(text);
		}).observe(document, { subtree: true, childList: true, characterData: true });
	});
	await page.goto(`labs/${LAB}?speed=instant&step=3`);
	await settled(page);
	await expect(page.getByTestId('step-title')).toHaveText('Reconnect all');
	expect(await checksMet(page)).toBe(0);
	// The earlier steps' events are not read out on opening (the session's start-up is).
	const said = await page.evaluate(() =>
		(window as unknown as { said: string[] }).said.join(' | ')
	);
	expect(said).toContain('connected');
	expect(said).not.toContain('filesystem process killed');
	// The calls the earlier steps made are in the call list.
	await expect(page.locator('#calls ul > li')).toHaveCount(3);
	expect(await page.evaluate(() => localStorage.getItem('mcp-lab.progress.v1'))).toBeNull();
	// The learner's own play of step 4 meets its goals, and that is stored.
	await playStep(page, 'en', labSteps(LAB)[3]);
	expect(await page.evaluate(() => localStorage.getItem('mcp-lab.progress.v1'))).toContain(LAB);
});

test('a step the lab does not have is left out: the lab opens at its start', async ({ page }) => {
	await openHost(page, { lab: LAB, step: String(labSteps(LAB).length) });
	const { snapshot } = await command(page, 'getState');
	expect(snapshot?.step).toBe(0);
	expect(snapshot?.calls).toEqual([]);
});

test('lab 08 opened at a step with its lab server not running says so, on the page and aloud, until the learner moves on', async ({
	page
}) => {
	await refuseLiveServers(page, '08-live-mode');
	await page.goto('labs/08-live-mode?step=2&speed=instant&lang=en');
	await settled(page);
	const sentence = t('en', 'lab_open_at_step_live', { step: 3, servers: 'notes-live' });
	await expect(page.getByTestId('opened-short')).toHaveText(`⚠${sentence}`);
	// Said last: the session's own lines can lead the same message (said close together).
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(sentence));
	await page.getByRole('button', { name: t('en', 'lab_next') }).click();
	await expect(page.getByTestId('opened-short')).toHaveCount(0);
});
