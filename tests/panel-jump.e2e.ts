import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A keyboard reader moves between the lesson and the panels without tabbing through every
// control between them (a keyboard audit counted 60 to 140 Tab stops from the servers to Next
// step): the workspace's first stops are links to the lesson and to each panel, and each panel's
// first stop, beside a lesson, leads back to it. Seen only while focused.

const jumpNav = (page: Page, locale = 'en') =>
	page.getByRole('navigation', { name: t(locale, 'panel_jump_label'), exact: true });

/** The places on the page, in page order: the lesson, then each panel (names, or ids). */
const placesOnPage = (page: Page, what: 'name' | 'id' = 'name') =>
	page.evaluate(
		(what) =>
			[...document.querySelectorAll<HTMLElement>('[data-testid=workspace] [data-jump]')].map(
				(place) => (what === 'id' ? place.id : place.dataset.jump)
			),
		what
	);

/** The skip link, then Tab to the first jump link (after the lab's own buttons). */
async function tabToJumpLinks(page: Page, locale = 'en') {
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	await expect(page.locator('#main')).toBeFocused();
	const first = jumpNav(page, locale).getByRole('link').first();
	for (let i = 0; i < 4 && !(await first.evaluate((link) => link === document.activeElement)); i++)
		await page.keyboard.press('Tab');
	await expect(first).toBeFocused();
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Whether the focused element is drawn on screen, not a 1 px visually hidden box. */
const focusedSeen = (page: Page) =>
	page.evaluate(() => {
		const box = document.activeElement!.getBoundingClientRect();
		return box.width > 20 && box.height > 10 && box.top >= 0 && box.bottom <= innerHeight;
	});

test('after the skip link, the first stops go to the lesson and to each panel, and each panel leads back', async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('labs/01-connection-isolation?speed=instant&lang=en');
	await settled(page);
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	await expect(page.locator('#main')).toBeFocused();
	// After the presenter's two buttons, the jump links are the workspace's first stops.
	for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
	const nav = jumpNav(page);
	const links = nav.getByRole('link');
	await expect(links.first()).toBeFocused();
	expect(await focusedSeen(page), 'the focused jump link is seen').toBe(true);
	// Every place on the page, in its order; the lesson first (it is the left column).
	const places = await placesOnPage(page);
	expect(places[0]).toBe(t('en', 'lab_narration'));
	expect(places).toContain(t('en', 'registry_title'));
	expect(places).toContain(t('en', 'servers_title'));
	await expect(links).toHaveText(places as string[]);

	// Two presses to the registry, however many controls are before it.
	const registry = nav.getByRole('link', { name: t('en', 'registry_title'), exact: true });
	while (!(await registry.evaluate((link) => link === document.activeElement)))
		await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	expect(await focusedId(page)).toBe('registry-title');
	await expect(page.locator('#registry-title')).toBeInViewport({ ratio: 1 });
	await expect(nav).not.toBeInViewport();

	// Back: the panel's first stop, just before its title, leads to the step being read.
	await page.keyboard.press('Shift+Tab');
	const back = page
		.locator('#registry')
		.getByRole('link', { name: t('en', 'panel_back_to_lesson'), exact: true });
	await expect(back).toBeFocused();
	expect(await focusedSeen(page), 'the focused back link is seen').toBe(true);
	await expectNoAxeViolations(page);
	await page.keyboard.press('Enter');
	expect(await focusedId(page)).toBe('lesson-step-title');
	await expect(page.getByTestId('step-title')).toBeInViewport({ ratio: 1 });
	// The address gained no fragment: a share link or a step link stays as it was.
	expect(new URL(page.url()).hash).toBe('');
	// On from the step's title, a few stops reach its buttons.
	const next = page.getByRole('button', { name: t('en', 'lab_next'), exact: true });
	let stops = 0;
	while (!(await next.evaluate((b) => b === document.activeElement)) && stops < 40) {
		await page.keyboard.press('Tab');
		stops++;
	}
	expect(stops, 'Tab stops from the step title to Next step').toBeLessThan(15);
});

test('the jump links and the way back are in Chinese on a Chinese page', async ({ page }) => {
	await page.goto('labs/02-naming?speed=instant&lang=zh-CN');
	await settled(page);
	await tabToJumpLinks(page, 'zh-CN');
	await expect(jumpNav(page, 'zh-CN').getByRole('link').first()).toHaveText(
		t('zh-CN', 'lab_narration')
	);
	await expect(
		jumpNav(page, 'zh-CN').getByRole('link', { name: t('zh-CN', 'registry_title'), exact: true })
	).toHaveCount(1);
	await expect(
		page.locator('#servers').getByRole('link', { name: t('zh-CN', 'panel_back_to_lesson') })
	).toHaveCount(1);
});

test('without a lesson (the sandbox) the jump links list the panels and no panel leads back', async ({
	page
}) => {
	await page.goto('sandbox?speed=instant&lang=en');
	await settled(page);
	// The sandbox's own world form comes first; the jump links begin its workspace.
	const links = jumpNav(page).getByRole('link');
	await links.first().focus();
	expect(await focusedSeen(page), 'the focused jump link is seen').toBe(true);
	await expect(links).toHaveText((await placesOnPage(page)) as string[]);
	await expect(links.filter({ hasText: t('en', 'lab_narration') })).toHaveCount(0);
	await expect(page.getByRole('link', { name: t('en', 'panel_back_to_lesson') })).toHaveCount(0);
	await page.keyboard.press('Enter');
	expect(await focusedId(page)).toBe((await placesOnPage(page, 'id'))[0] + '-title');
});

test('a lab opens at 1280×800 with its step buttons on screen, and they stay there as the page scrolls', async ({
	page
}) => {
	// Lab 02's plugin step is taller than the window; the column starts below the header, and
	// as tall as the window its foot, where the buttons stick, was below the fold (y 850 of 800).
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('labs/02-naming?speed=instant&lang=en&step=4');
	await settled(page);
	const previous = page
		.locator('#narration nav')
		.getByRole('button', { name: t('en', 'lab_previous'), exact: true });
	const column = page.locator('aside').filter({ has: page.locator('#narration') });
	expect(
		await column.evaluate((aside) => aside.scrollHeight > aside.clientHeight),
		'the step scrolls inside its column'
	).toBe(true);
	for (const y of [0, 60, 200, 2000]) {
		await page.evaluate((top) => window.scrollTo(0, top), y);
		await expect(previous, `scrolled to ${y}`).toBeInViewport({ ratio: 1 });
	}
});
