import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { saidLast } from './helpers/live-region';

// Instructor mode on lab 01: the projector theme, the keyboard shortcuts and their help, the
// lab's cue list played on the real world, reset, the single-key off switch and the notes window.

const LAB = 'labs/01-connection-isolation';

const card = (page: Page, server: string) =>
	page.locator('#servers article').filter({ hasText: server }).first();
const position = (page: Page, at: number) =>
	expect(page.getByTestId('cue-position')).toContainText(
		t('en', 'presenter_position', { at, total: 10 })
	);

test('presenter mode: help, cues played by the clicker, reset, the off switch, notes', async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
	const toggle = page.getByRole('button', { name: t('en', 'presenter_mode') });
	await expect(toggle).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByTestId('cue-panel')).toBeVisible();
	await position(page, 0);
	// The projector theme: type at 1.25× the browser's 16 px.
	expect(
		await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))
	).toBe(20);
	await expectNoAxeViolations(page);

	// "?" opens the help as a modal dialog with its name; Escape closes it, focus goes back.
	await toggle.focus();
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: t('en', 'shortcuts_title') });
	await expect(help).toBeVisible();
	const singleKeys = help.getByRole('checkbox', { name: t('en', 'shortcuts_single_keys') });
	// It opens at its title (focused, no Tab stop), not scrolled down to its first control.
	await expect(help.getByRole('heading', { name: t('en', 'shortcuts_title') })).toBeFocused();
	await expectNoAxeViolations(page);
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	await expect(toggle).toBeFocused();

	// PageDown, as a clicker sends it, plays the cues: the third one kills filesystem. (Each press
	// once the cue before has shown: one pressed before "ask the room" showed stops there.)
	for (let i = 1; i <= 3; i++) {
		await page.keyboard.press('PageDown');
		await position(page, i);
	}
	await expect(page.getByTestId('cue-current')).toContainText('Kill the filesystem server');
	await expect(page.getByTestId('cue-next')).toContainText('Call the dead server');
	await settled(page);
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_killed_note'));
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_not_noticed'));
	await expect(page.getByTestId('step-title')).toHaveText('Kill, then call');
	await expect(page.getByTestId('live-region')).toContainText(
		t('en', 'presenter_announce_cue', { n: 3, total: 10, title: 'Kill the filesystem server' })
	);

	// "r" asks first (one stray key must not wipe the demo); pressed again, it resets the world
	// to the lab's start, and says so.
	await page.keyboard.press('r');
	await expect(page.getByTestId('live-region')).toContainText(t('en', 'presenter_reset_confirm'));
	await position(page, 3);
	await page.keyboard.press('r');
	await position(page, 0);
	await settled(page);
	await expect(card(page, 'filesystem')).not.toContainText(t('en', 'servers_killed_note'));
	await expect(page.getByTestId('live-region')).toContainText(t('en', 'presenter_reset_done'));

	// Single-key shortcuts off: "r" does nothing, the clicker keys still play cues.
	await page.keyboard.press('?');
	await singleKeys.uncheck();
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	for (let i = 1; i <= 3; i++) {
		await page.keyboard.press('PageDown');
		await position(page, i);
	}
	await settled(page);
	await page.keyboard.press('r');
	await page.keyboard.press('r');
	await page.keyboard.press('?');
	await expect(help).toBeHidden();
	await position(page, 3);
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_killed_note'));

	// The notes window follows the lab window, and its Next plays the next cue there.
	const [notes] = await Promise.all([
		page.waitForEvent('popup'),
		page.getByRole('button', { name: t('en', 'presenter_open_notes') }).click()
	]);
	await expect(notes.getByTestId('notes-step')).toContainText('Kill, then call');
	await expect(notes.getByTestId('notes-current')).toContainText('Kill the filesystem server');
	await expect(notes.getByTestId('notes-next')).toContainText('Call the dead server');
	await expectNoAxeViolations(notes);
	await notes.getByRole('button', { name: t('en', 'presenter_next'), exact: true }).click();
	await position(page, 4);
	await expect(page.locator('#calls')).toContainText("MCP server 'filesystem' call failed: ");
	await expect(notes.getByTestId('notes-current')).toContainText('Call the dead server');
	await expect(notes.getByTestId('notes-next')).toContainText('The other server still works');

	// The presenter's own screen takes the clicker too.
	await notes.keyboard.press('PageDown');
	await position(page, 5);
	await expect(notes.getByTestId('notes-current')).toContainText('The other server still works');
	await notes.keyboard.press('PageUp');
	await position(page, 4);

	// Presenter mode off in the lab window: the notes say so (aloud too), and move nothing; the
	// presenter's focus stays on Next, which is only marked unavailable.
	const next = notes.getByRole('button', { name: t('en', 'presenter_next'), exact: true });
	await next.focus();
	await toggle.click();
	await expect(notes.getByTestId('notes-off')).toHaveText(t('en', 'notes_presenter_off'));
	await expect(notes.getByTestId('live-region')).toHaveText(
		saidLast(t('en', 'notes_presenter_off'))
	);
	await expect(next).toBeDisabled();
	await expect(next).toBeFocused();
	await notes.keyboard.press('Enter');
	await notes.keyboard.press('PageDown');
	await notes.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
	await toggle.click();
	await expect(notes.getByTestId('notes-off')).toBeHidden();
	await position(page, 4);
});

test('a clicker pressed as the help closes is not lost', async ({ page }) => {
	// The dialog gives focus back at once but says `close` a task later: a PageDown in between
	// (a presenter's Escape, then the clicker) was taken as the help's, and dropped.
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await page.getByRole('button', { name: t('en', 'presenter_mode') }).focus();
	await page.keyboard.press('?');
	await expect(page.getByRole('dialog', { name: t('en', 'shortcuts_title') })).toBeVisible();
	await page.evaluate(() => {
		document.querySelector<HTMLDialogElement>('dialog[open]')!.close();
		window.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown' }));
	});
	await position(page, 1);
});

test('the help asked for again as it closes opens again, and stays open', async ({ page }) => {
	// Closed, the dialog says `close` a task later: a `?` in between (Escape, then `?` at once)
	// found the help still marked open and opened nothing, and the late `close` would have shut
	// a help opened again.
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await page.getByRole('button', { name: t('en', 'presenter_mode') }).focus();
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: t('en', 'shortcuts_title') });
	await expect(help).toBeVisible();
	await page.evaluate(() => {
		document.querySelector<HTMLDialogElement>('dialog[open]')!.close();
		window.dispatchEvent(new KeyboardEvent('keydown', { key: '?' }));
	});
	await expect(help).toBeVisible();
	// Past the late `close`: two tasks on.
	await page.evaluate(() => new Promise((done) => setTimeout(() => setTimeout(done))));
	await expect(help).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	await expect(page.getByRole('button', { name: t('en', 'presenter_mode') })).toBeFocused();
});

test('a cue is said as one message: what it did, then which cue it was; a reset in one sentence', async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	for (let i = 1; i <= 2; i++) {
		await page.keyboard.press('PageDown');
		await position(page, i);
	}
	await settled(page);
	// Every text the region takes from here on.
	await page.evaluate(() => {
		const w = window as unknown as { said: string[] };
		w.said = [];
		const region = document.querySelector('[data-testid="live-region"]')!;
		new MutationObserver(() => {
			const text = (region.textContent ?? '').trim();
			if (text && w.said.at(-1) !== text) w.said.push(text);
		}).observe(region, { childList: true, subtree: true, characterData: true });
	});
	const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
	await page.keyboard.press('PageDown');
	await position(page, 3);
	await settled(page);
	const cue = t('en', 'presenter_announce_cue', {
		n: 3,
		total: 10,
		title: 'Kill the filesystem server'
	});
	await expect.poll(said).toHaveLength(1);
	const [message] = await said();
	expect(message).toContain(t('en', 'announce_command_kill', { server: 'filesystem' }));
	expect(message.endsWith(cue)).toBe(true);

	// Back: the time line's new position and where the cues stand, one message (two before, 6 ms
	// apart: a screen reader could read only the second).
	await page.keyboard.press('PageUp');
	await position(page, 2);
	await settled(page);
	await expect.poll(said).toHaveLength(2);
	expect((await said())[1]).toContain(t('en', 'presenter_announce_back', { n: 3, total: 10 }));
	await page.waitForTimeout(300);
	expect(await said()).toHaveLength(2);

	await page.keyboard.press('r');
	await page.keyboard.press('r');
	await position(page, 0);
	await settled(page);
	await expect
		.poll(async () => (await said()).at(-1))
		.toMatch(saidLast(t('en', 'presenter_reset_done')));
	// Between the confirmation and the reset's sentence, none of the restarted world's events
	// (the two keys pressed faster than the region waits are one message).
	expect((await said()).slice(2).join(' ')).toBe(
		`${t('en', 'presenter_reset_confirm')} ${t('en', 'presenter_reset_done')}`
	);
});

test('the clicker plays the next cue wherever the focus is, except where one types', async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await page.keyboard.press('PageDown');
	await position(page, 1);
	await settled(page);
	// The Model calls tool select: the clicker's PageDown plays a cue and leaves the tool alone.
	const tool = page.locator('#calls').getByLabel(t('en', 'call_tool'), { exact: true });
	const chosen = await tool.inputValue();
	await tool.focus();
	await page.keyboard.press('PageDown');
	await position(page, 2);
	await expect(tool).toHaveValue(chosen);
	await expect(tool).toBeFocused();
	// The time slider: PageUp steps back a cue, not one log step.
	const slider = page.getByRole('slider');
	await slider.focus();
	await page.keyboard.press('PageUp');
	await position(page, 1);
	// In a text field PageDown is the field's own.
	const args = page.locator('#calls').getByLabel(t('en', 'call_arguments'), { exact: true });
	await args.focus();
	await page.keyboard.press('PageDown');
	await page.keyboard.press('n');
	await position(page, 1);
});

test('the cue list follows the time slider back: Next then plays the cue after where the world is', async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	for (let i = 1; i <= 3; i++) {
		await page.keyboard.press('PageDown');
		await position(page, i);
	}
	await settled(page);
	await expect(card(page, 'filesystem')).toContainText(t('en', 'servers_killed_note'));
	// The slider's own Home key: back to the start of the log.
	await page.getByRole('slider').focus();
	await page.keyboard.press('Home');
	await expect(page.getByTestId('timeline')).toHaveAttribute('data-busy', 'no');
	await position(page, 0);
	await expect(page.getByTestId('cue-next')).toContainText('The session is up');
});

test('presenter mode is in the address: a reload keeps it, switching it off removes it', async ({
	page
}) => {
	await page.goto(`${LAB}?speed=instant`);
	await settled(page);
	const toggle = page.getByRole('button', { name: t('en', 'presenter_mode') });
	await toggle.click();
	await expect(page).toHaveURL(/[?&]present=1/);
	await page.reload();
	await settled(page);
	await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
	await expect(toggle).toHaveAttribute('aria-pressed', 'true');
	await toggle.click();
	await expect(page).not.toHaveURL(/present=/);
	await expect(page).toHaveURL(/speed=instant/);
	await page.reload();
	await settled(page);
	await expect(page.locator('html')).not.toHaveAttribute('data-presenter');
});

test('the switch is remembered, and the projector theme passes axe in Chinese', async ({
	page
}) => {
	await page.goto(`${LAB}?lang=zh-CN&speed=instant`);
	await settled(page);
	await expect(page.locator('html')).not.toHaveAttribute('data-presenter');
	await page.getByRole('button', { name: t('zh-CN', 'presenter_mode') }).click();
	await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
	await expect(page.getByTestId('live-region')).toContainText(t('zh-CN', 'presenter_on'));
	await page.keyboard.press('n');
	await expect(page.getByTestId('cue-position')).toContainText(
		t('zh-CN', 'presenter_position', { at: 1, total: 10 })
	);
	await settled(page);
	await expectNoAxeViolations(page);

	await page.getByRole('button', { name: t('zh-CN', 'presenter_shortcuts_button') }).click();
	const help = page.getByRole('dialog', { name: t('zh-CN', 'shortcuts_title') });
	await help.getByRole('checkbox').uncheck();
	await help.getByRole('button', { name: t('zh-CN', 'shortcuts_close') }).click();
	await page.reload();
	await settled(page);
	await page.keyboard.press('?');
	await expect(page.getByRole('dialog')).toBeHidden();
	expect(await page.evaluate(() => localStorage.getItem('mcp-lab.shortcuts.v1'))).toBe('off');
});

/** A cue list for lab 01 whose one action names a server by a number. */
const badCueFile = {
	format: 'mcp-lab-cues',
	version: 1,
	lab: '01-connection-isolation',
	cues: [{ id: 'a', actions: [{ do: 'kill', server: 7 }] }]
};

/** Loads `text` as a cue file through the page's file field. */
const loadCues = (page: Page, text: string, locale = 'en') =>
	page.getByLabel(t(locale, 'presenter_load')).setInputFiles({
		name: 'cues.json',
		mimeType: 'application/json',
		buffer: Buffer.from(text)
	});

test('a cue file that does not fit the lab is refused with its JSON path', async ({ page }) => {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await loadCues(page, JSON.stringify(badCueFile));
	await expect(page.getByTestId('cue-file-error')).toContainText(
		'This file is not a cue list for this lab. At cues[0].actions[0].server:'
	);
	await position(page, 0);
	await loadCues(page, JSON.stringify({ ...badCueFile, lab: '02-naming', cues: [] }));
	await expect(page.getByTestId('cue-file-error')).toHaveText(
		t('en', 'presenter_file_wrong_lab', { made: '02-naming', lab: '01-connection-isolation' })
	);
	await loadCues(page, 'not json');
	await expect(page.getByTestId('cue-file-error')).toHaveText(t('en', 'presenter_file_not_json'));
});

test("in Chinese, a cue file's problems are said in Chinese, the validator's words too", async ({
	page
}) => {
	await page.goto(`${LAB}?present=1&speed=instant&lang=zh-CN`);
	await settled(page);
	await loadCues(page, JSON.stringify(badCueFile), 'zh-CN');
	const error = page.getByTestId('cue-file-error');
	await expect(error).toContainText(
		t('zh-CN', 'presenter_file_invalid', { path: 'cues[0].actions[0].server', message: '' })
	);
	await expect(error).not.toContainText('Invalid input');
});

test('the projector theme stays light when the page asks for theme=dark', async ({ page }) => {
	await page.goto(`${LAB}?present=1&theme=dark&speed=instant`);
	await settled(page);
	await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
	// Dark classes (title text, code chips, buttons) must not apply over the projector's white.
	expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
		'light'
	);
	await expectNoAxeViolations(page);
});
