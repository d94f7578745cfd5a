import { expect, test, type Locator, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A learner on a phone, by touch (phone audit s18): what a tap does must be in sight, and what
// a keyboard user reaches by Tab must be reachable by a finger.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// Scrolled at once (as for a reader who asked for less motion), so positions are final.
test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

async function inView(page: Page, element: Locator) {
	const box = (await element.boundingBox())!;
	expect(box.y).toBeGreaterThanOrEqual(0);
	expect(box.y + box.height).toBeLessThanOrEqual(await page.evaluate(() => innerHeight));
}

test('tapping Next step brings the new step’s title into view; by keyboard the button stays in sight', async ({
	page
}) => {
	await page.goto('labs/03-call-pipeline?speed=instant');
	await settled(page);
	const title = page.getByTestId('step-title');
	const next = page.getByRole('button', { name: en('lab_next'), exact: true });
	for (let step = 2; step <= 3; step++) {
		const before = (await title.textContent())!;
		await next.tap();
		await expect(title).not.toHaveText(before);
		await inView(page, title);
	}
	const before = (await title.textContent())!;
	await next.focus();
	await page.keyboard.press('Enter');
	await expect(title).not.toHaveText(before);
	await expect(next).toBeFocused();
	await inView(page, next);
});

test('every panel beside a lesson shows a Back to the lesson link a finger can tap', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const back = page.locator('#calls').getByRole('link', { name: en('panel_back_to_lesson') });
	await back.scrollIntoViewIfNeeded();
	await expect(back).toBeVisible();
	const box = (await back.boundingBox())!;
	expect(box.height).toBeGreaterThanOrEqual(24);
	await back.tap();
	await expect(page.getByTestId('step-title')).toBeFocused();
	await inView(page, page.getByTestId('step-title'));
});

test('the time travel line and the speed choice are not cut short on a phone', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	// The speed select's options fit it: a select is as wide as its longest option, up to its
	// row's width (max-w-full), where the chosen one was cut ("…each wait at").
	const speed = page.getByLabel(en('speed_label'));
	await speed.selectOption('slow');
	const capped = await speed.evaluate(
		(select: HTMLSelectElement) => select.offsetWidth >= select.parentElement!.clientWidth - 1
	);
	expect(capped).toBe(false);
	// A call of a long tool name, then one action back: the line says which, whole.
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__internal-api__search_orders');
	await speed.selectOption('instant');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).tap();
	await settled(page);
	await page.locator('#servers').getByRole('button', { name: /^Kill/ }).first().tap();
	await settled(page);
	await page.getByRole('button', { name: en('timeline_back') }).tap();
	await settled(page);
	const did = page.getByTestId('timeline-did');
	await expect(did).toContainText('mcp__internal-api__search_orders');
	expect(await did.evaluate((line) => line.scrollWidth <= line.clientWidth)).toBe(true);
});

test('the question says to tap an answer, not to click or press arrow keys', async ({ page }) => {
	await page.goto('labs/02-naming?speed=instant');
	await settled(page);
	await expect(page.locator('#narration fieldset')).toHaveAccessibleDescription(
		en('lab_predict_keys_touch')
	);
	await expect(page.getByText(en('lab_predict_keys'))).toHaveCount(0);
});

test('a tap on the dimmed page around the shortcuts help closes it; a tap inside does not', async ({
	page
}) => {
	await page.goto('labs/02-naming?speed=instant');
	await settled(page);
	const opener = page.getByRole('button', { name: en('presenter_shortcuts_button') });
	await opener.tap();
	const help = page.getByRole('dialog', { name: en('shortcuts_title') });
	await expect(help).toBeVisible();
	// Inside its box, on its padding (the dialog itself is the target there).
	const box = (await help.boundingBox())!;
	await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
	await expect(help).toBeVisible();
	await page.touchscreen.tap(4, 4);
	await expect(help).toBeHidden();
	await expect(opener).toBeFocused();
});
