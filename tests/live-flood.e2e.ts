import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLabServer, type LabServerProcess } from './helpers/lab-server';
import { switchLanguage } from './helpers/language';
import { submitLiveConnect } from './helpers/live-connect';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A live server that floods the page with log messages (a hostile-server audit's 5,000 a
// second made every click slow, with nothing said why). The lab server serves a scenario whose
// tool logs 1,500 lines before it answers: the card says the server is flooding while it lasts,
// and the live region says it once. (Disconnect ending one at once: live-world.test.ts.)

const LINES = 1_500;
const FLOOD = 200;
let server: LabServerProcess | undefined;
let dir = '';

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'mcp-lab-flood-'));
	const file = join(dir, 'scenario.json');
	const steps = Array.from({ length: LINES }, (_, i) => ({
		do: 'log',
		level: 'info',
		data: `line ${i}`
	}));
	writeFileSync(
		file,
		JSON.stringify({
			mcp_servers: {
				chatty: {
					type: 'stdio',
					command: 'chatty-mcp',
					sim: {
						tools: [
							{
								name: 'chatter',
								description: 'Logs many lines, then answers.',
								steps,
								result: { content: [{ type: 'text', text: 'done' }] }
							}
						]
					}
				}
			}
		})
	);
	const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4173').origin;
	server = await startLabServer(['--port', '0', '--origin', origin, '--scenario', file]);
});
test.afterAll(async () => {
	await server?.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** Each distinct text an element matching `selector` shows from now on, in order. */
async function recordTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
	await page.evaluate((selector) => {
		const texts: string[] = [];
		(window as unknown as { texts: string[] }).texts = texts;
		new MutationObserver(() => {
			const text = document.querySelector(selector)?.textContent?.trim();
			if (text && texts.at(-1) !== text) texts.push(text);
		}).observe(document.body, { subtree: true, childList: true, characterData: true });
	}, selector);
	return () => page.evaluate(() => (window as unknown as { texts: string[] }).texts);
}

test('a flooding live server is said once and shown on its card until a quiet second (zh-CN)', async ({
	page
}) => {
	await page.goto('live?speed=instant&lang=en');
	await settled(page);
	await submitLiveConnect(page, 'chatty', `${server!.base}chatty/mcp`);
	await expect(page.getByTestId('live-problem-chatty')).toHaveCount(0);
	await settled(page);
	await switchLanguage(page, 'zh-CN');
	const note = page.getByTestId('live-flooding-chatty');
	await expect(note).toHaveCount(0);
	// The note lasts from the flood's first second to a quiet one: 1–2 s here, as the 1,500 lines
	// arrive within about 250 ms. Polling the page 1 s apart can miss it (a CI run did, twice), so
	// the page records each text the note shows.
	const shown = await recordTexts(page, '[data-testid="live-flooding-chatty"]');

	const zh = (key: string, params: Record<string, string | number> = {}) => t('zh-CN', key, params);
	const calls = page.locator('#calls');
	await calls.getByLabel(zh('call_tool'), { exact: true }).selectOption('mcp__chatty__chatter');
	await calls.getByRole('button', { name: zh('call_button'), exact: true }).click();
	await expect.poll(shown).toEqual([`⚠${zh('live_flooding', { count: FLOOD })}`]);
	await expect(page.getByTestId('live-region')).toContainText(
		zh('announce_live_flood', { server: 'chatty', count: FLOOD })
	);
	// The tool answered after its last line: a second later the card says nothing more of it.
	await expect(calls).toContainText('done');
	await expect(note).toHaveCount(0, { timeout: 5_000 });
	// Said once: not again as the flood ends.
	const said = (await page.getByTestId('live-region').textContent()) ?? '';
	expect(said.split(zh('announce_live_flood', { server: 'chatty', count: FLOOD })).length).toBe(2);
});
