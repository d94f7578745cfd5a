import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A lab projected at 1280×720 and 150 % zoom: a window of 853×480 CSS px, in presenter mode's
// large type. The shortcuts help opens at its title, and each cue's action brings the panel it
// happens on into the room's sight, whichever window played it.

const LAB = 'labs/01-connection-isolation';

test.use({ viewport: { width: 853, height: 480 } });

const position = (page: Page, at: number) =>
	expect(page.getByTestId('cue-position')).toContainText(
		t('en', 'presenter_position', { at, total: 10 })
	);

async function present(page: Page) {
	await page.goto(`${LAB}?present=1&speed=instant`);
	await settled(page);
	await position(page, 0);
}

/** The scrollIntoView calls the page makes, with the motion asked for. */
async function recordScrolls(page: Page) {
	await page.addInitScript(() => {
		const calls: Array<{ id: string; behavior: string }> = [];
		(window as unknown as { scrolls: typeof calls }).scrolls = calls;
		const original = Element.prototype.scrollIntoView;
		Element.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
			const place = this.closest('section[id]')?.id ?? this.id;
			const behavior = typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto';
			calls.push({ id: place, behavior });
			original.call(this, options);
		};
	});
}
const scrolls = (page: Page) =>
	page.evaluate(
		() => (window as unknown as { scrolls: Array<{ id: string; behavior: string }> }).scrolls
	);

test('the shortcuts help opens at its title on a small screen, and gives the focus back', async ({
	page
}) => {
	await present(page);
	const next = page
		.getByTestId('cue-panel')
		.getByRole('button', { name: t('en', 'presenter_next'), exact: true });
	await next.focus();
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: t('en', 'shortcuts_title') });
	await expect(help).toBeVisible();
	const title = help.getByRole('heading', { name: t('en', 'shortcuts_title') });
	// Its title and its first key are in sight, not scrolled off by a focused checkbox below.
	await expect(title).toBeFocused();
	await expect(title).toBeInViewport({ ratio: 1 });
	await expect(help.getByRole('cell', { name: 'n', exact: true })).toBeInViewport();
	expect(await help.evaluate((dialog) => dialog.scrollTop)).toBe(0);
	// Tab still reaches the controls.
	await page.keyboard.press('Tab');
	await expect(
		help.getByRole('checkbox', { name: t('en', 'shortcuts_single_keys') })
	).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	await expect(next).toBeFocused();

	// Opened again, it is at its top again (the last visit ended at its checkbox).
	await page.keyboard.press('?');
	await expect(title).toBeFocused();
	await expect(title).toBeInViewport({ ratio: 1 });
	await help.getByRole('button', { name: t('en', 'shortcuts_close') }).click();
	await expect(next).toBeFocused();
});

test('played from the notes window, each cue brings its panel into the projected view', async ({
	page
}) => {
	await recordScrolls(page);
	await present(page);
	const [notes] = await Promise.all([
		page.waitForEvent('popup'),
		page.getByRole('button', { name: t('en', 'presenter_open_notes') }).click()
	]);
	const next = notes.getByRole('button', { name: t('en', 'presenter_next'), exact: true });
	await expect(next).toBeVisible();
	const callsList = page
		.locator('#calls')
		.getByRole('heading', { name: t('en', 'call_list_heading') });
	const servers = page.getByRole('heading', { name: t('en', 'servers_title'), exact: true });
	await expect(callsList).not.toBeInViewport();

	// Cue 1 calls read_file: the room sees the call's result, not the cue list.
	await next.click();
	await position(page, 1);
	await expect(callsList).toBeInViewport();
	await expect(page.locator('#calls li').first()).toBeInViewport();
	// Cue 2 is a question to the room: nothing to show, the page stays.
	await next.click();
	await position(page, 2);
	// Cue 3 kills filesystem: its card.
	await next.click();
	await position(page, 3);
	await expect(servers).toBeInViewport();
	await expect(
		page.locator('#servers article').filter({ hasText: 'filesystem' }).first()
	).toContainText(t('en', 'servers_killed_note'));
	// Smooth, where motion is welcome.
	expect(await scrolls(page)).toEqual([
		{ id: 'calls', behavior: 'smooth' },
		{ id: 'servers', behavior: 'smooth' }
	]);
});

test('a cue played by key keeps the focus where it is, scrolls without motion when asked, and can be turned off', async ({
	page
}) => {
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await recordScrolls(page);
	await present(page);
	const next = page
		.getByTestId('cue-panel')
		.getByRole('button', { name: t('en', 'presenter_next'), exact: true });
	await next.focus();
	await page.keyboard.press('PageDown');
	await position(page, 1);
	const callsList = page
		.locator('#calls')
		.getByRole('heading', { name: t('en', 'call_list_heading') });
	await expect(callsList).toBeInViewport();
	// The focus stays on Next (off screen now): Enter plays the next cue, as before.
	await expect(next).toBeFocused();
	await page.keyboard.press('Enter');
	await position(page, 2);
	expect(await scrolls(page)).toEqual([{ id: 'calls', behavior: 'instant' }]);

	// Turned off, the page stays where the presenter left it; the choice is remembered.
	const follow = page.getByRole('checkbox', { name: t('en', 'presenter_follow') });
	await follow.uncheck();
	await page.evaluate(() => scrollTo(0, 0));
	await page.keyboard.press('PageDown');
	await position(page, 3);
	await settled(page);
	expect(await page.evaluate(() => scrollY)).toBe(0);
	expect(await scrolls(page)).toHaveLength(1);
	await page.reload();
	await settled(page);
	await expect(follow).not.toBeChecked();
});
