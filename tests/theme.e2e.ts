import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';

// The reader's system setting: a dark system gets the dark theme on every page unless the page
// asks for light (the embed's theme=light) or runs the projector theme (presenter mode, light
// for a washed-out projection). theme=dark still works on a light system.

const DARK_PAGE = 'rgb(2, 6, 23)';
/** Tailwind's slate-900, the panels' dark background. */
const DARK_PANEL = 'oklch(0.208 0.042 265.755)';
/** The world editor's own dark background (#0f172a). */
const DARK_EDITOR = 'rgb(15, 23, 42)';
const WHITE = 'rgb(255, 255, 255)';

/** The page's background and the servers panel's (null without one), as the reader sees them. */
const colours = (page: Page) =>
	page.evaluate(() => {
		const panel = document.querySelector('#servers');
		return {
			page: getComputedStyle(document.documentElement).backgroundColor,
			panel: panel && getComputedStyle(panel).backgroundColor,
			scheme: getComputedStyle(document.documentElement).colorScheme
		};
	});

const settled = (page: Page) =>
	expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

test.describe('on a dark system', () => {
	test.use({ colorScheme: 'dark' });

	test('an embed without theme is dark; theme=light keeps it light', async ({ page }) => {
		await page.goto('embed/01-connection-isolation?speed=instant');
		await settled(page);
		expect(await colours(page)).toEqual({ page: DARK_PAGE, panel: DARK_PANEL, scheme: 'dark' });

		await page.goto('embed/01-connection-isolation?theme=light&speed=instant');
		await settled(page);
		await expect.poll(async () => (await colours(page)).panel).toBe(WHITE);
		expect((await colours(page)).scheme).toBe('light');
	});

	test('presenter mode keeps its light projector theme', async ({ page }) => {
		await page.goto('labs/01-connection-isolation?present=1&speed=instant');
		await settled(page);
		await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
		expect(await colours(page)).toEqual({ page: WHITE, panel: WHITE, scheme: 'light' });
	});

	for (const route of ['', 'labs/03-call-pipeline', 'embed', 'live']) {
		test(`axe: /${route} in the dark theme`, async ({ page }) => {
			await page.goto(`${route}?speed=instant`);
			if (route === 'labs/03-call-pipeline') await settled(page);
			expect((await colours(page)).scheme).toBe('dark');
			await expectNoAxeViolations(page);
		});
	}

	test('the skip link, shown once focused, is readable in the dark theme', async ({ page }) => {
		await page.goto('sandbox?speed=instant');
		await settled(page);
		await page.keyboard.press('Tab');
		const skip = page.locator('a[href="#main"]');
		await expect(skip).toBeFocused();
		// Hidden until focused, it is out of reach of the page-wide passes: checked alone here.
		await expectNoAxeViolations(page, { include: ['a[href="#main"]'] });
	});

	// Also /sandbox's axe pass in the dark theme (sandbox.e2e.ts checks it in light, en and zh-CN).
	test('axe: the world editor (CodeMirror) in the dark theme', async ({ page }) => {
		await page.goto('sandbox?speed=instant');
		await settled(page);
		const editor = page.locator('.scenario-editor .cm-editor');
		await expect(editor).toBeVisible();
		expect(await editor.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DARK_EDITOR);
		await expectNoAxeViolations(page);
	});
});

test('on a light system, theme=dark still makes an embed dark, and it passes axe', async ({
	page
}) => {
	await page.goto('embed/01-connection-isolation?theme=dark&speed=instant');
	await settled(page);
	expect(await colours(page)).toEqual({ page: DARK_PAGE, panel: DARK_PANEL, scheme: 'dark' });
	// The lab embed's dark-theme axe pass, with colour contrast (it was a load of its own in
	// a11y.e2e.ts, of this same address).
	await expectNoAxeViolations(page);
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	expect(await colours(page)).toEqual({
		page: 'rgba(0, 0, 0, 0)',
		panel: WHITE,
		scheme: 'light'
	});
});

test('light-dark() colours resolve in the light theme too', async ({ page }) => {
	// They compile to variables only a color-scheme declaration sets: without the light one, the
	// editor lost its background and the registry's phone labels their grey.
	await page.goto('sandbox?speed=instant');
	await settled(page);
	const editor = page.locator('.scenario-editor .cm-editor');
	await expect(editor).toBeVisible();
	expect(await editor.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(WHITE);
	await page.setViewportSize({ width: 360, height: 700 });
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const label = await page
		.locator('#registry tbody td')
		.first()
		.evaluate((td) => getComputedStyle(td, '::before').color);
	// Tailwind's slate-600.
	expect(label).toBe('oklch(0.446 0.043 257.281)');
});
