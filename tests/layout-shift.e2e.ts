import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// Panels that load after the page is drawn (Time travel, the live tools, a profile's own
// controls, the question card) must not push the server cards or the step buttons away from a
// learner's pointer: on a slow projector laptop they came 1–2 s late.

for (const path of [
	'labs/01-connection-isolation',
	'labs/00-protocol-basics',
	'embed/01-connection-isolation',
	// Connector trust's controls, and a question on the first step.
	'labs/04-trust-and-grants',
	// ToolSource's allowlist and Restart harness.
	'labs/05-fault-drills'
])
	test(`the server cards and the step buttons do not move once drawn: ${path}`, async ({
		page
	}) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await page.addInitScript(() => {
			// The layout-shift score of every shift that moved the server cards or anything in them.
			const moved: number[] = [];
			(window as unknown as { moved: number[] }).moved = moved;
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as unknown as Array<{
					hadRecentInput: boolean;
					value: number;
					sources: Array<{ node?: Node | null }>;
				}>)
					if (
						!entry.hadRecentInput &&
						entry.sources.some(
							(s) => s.node instanceof Element && s.node.closest('#servers, #narration nav')
						)
					)
						moved.push(entry.value);
			}).observe({ type: 'layout-shift', buffered: true });
		});
		await page.goto(`${path}?speed=instant`);
		await settled(page);
		// The lazily loaded panels have arrived: Time travel and the live tools' controls.
		await expect(page.locator('#timeline')).toBeVisible();
		await expect(page.locator('#harness input[type="checkbox"]')).toBeVisible();
		// And the first step's question, and ToolSource's allowlist.
		if (/\/0[45]-/.test(path)) await expect(page.locator('#narration form')).toBeVisible();
		if (path.includes('05-')) await expect(page.locator('#harness table')).toBeVisible();
		await page.evaluate(
			() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
		);
		// A late panel above them moved them by 0.06 (a sixth of the screen's height); what is left
		// is a few pixels of the live tools' kept room against their real height.
		const moved = await page.evaluate(() => (window as unknown as { moved: number[] }).moved);
		expect(moved.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
	});

test('a lab’s server cards and charts are laid out at once: scrolling through them moves nothing below', async ({
	page
}) => {
	// Narrow and short: one card a row, so most cards and every chart start far below the screen.
	await page.setViewportSize({ width: 360, height: 640 });
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await expect(page.locator('#timeline')).toBeVisible();
	await expect(page.locator('#harness input[type="checkbox"]')).toBeVisible();
	const items = page.locator('#servers > ul > li, #machine li');
	await expect(items).toHaveCount(6);

	// Where the charts and the registry below the cards are on the page (not on the screen).
	const where = () =>
		page.evaluate(() =>
			['#machine', '#registry'].map((id) =>
				Math.round(document.querySelector(id)!.getBoundingClientRect().top + scrollY)
			)
		);
	const frame = () =>
		page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
	await frame();
	const before = await where();
	// Half a screen at a time, as a reader scrolls, until the registry is on screen.
	const seen: number[][] = [];
	let reached = false;
	for (let step = 0; step < 60 && !reached; step++) {
		reached = await page.evaluate(() => {
			scrollBy({ top: innerHeight / 2, behavior: 'instant' });
			return document.querySelector('#registry')!.getBoundingClientRect().top < innerHeight;
		});
		await frame();
		seen.push(await where());
	}
	expect(reached).toBe(true);
	// A card laid out only as it neared the screen came out shorter or taller than the room kept
	// for it, and everything below it moved under the reader.
	for (const now of seen) expect(now).toEqual(before);
	// None is left to be laid out late.
	expect(
		await items.evaluateAll(
			(els) => els.filter((el) => getComputedStyle(el).contentVisibility === 'auto').length
		)
	).toBe(0);
});

test('calls made before a jump down the page do not push what it landed on', async ({ page }) => {
	// Lab 04 opened at its fourth step: step 3 made two ToolSearch calls, listed in Model calls
	// above the trust panel, and the page opens at its top, so neither has been on screen.
	await page.setViewportSize({ width: 1280, height: 720 });
	await page.goto('labs/04-trust-and-grants?step=3&speed=instant');
	await settled(page);
	await expect(page.locator('#calls ul > li')).toHaveCount(2);
	const untrust = page.getByRole('button', {
		name: t('en', 'trust_untrust_label', { connector: 'github' })
	});
	// Brought to the middle of the screen at once, as a press on it does first; where it lands is
	// read in the same task, before the browser draws a frame.
	const landed = await untrust.evaluate((el) => {
		el.scrollIntoView({ block: 'center', behavior: 'instant' });
		return Math.round(el.getBoundingClientRect().top);
	});
	const top = () => untrust.evaluate((el) => Math.round(el.getBoundingClientRect().top));
	const frames = () =>
		page.evaluate(
			() =>
				new Promise((resolve) =>
					requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))
				)
		);
	for (let i = 0; i < 3; i++) {
		await frames();
		// The calls laid out only once near the screen came out 240 px taller than the room kept
		// for them, and the button moved under the pointer: the press fell on a call.
		expect(await top()).toBe(landed);
	}
});
