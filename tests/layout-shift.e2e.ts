import { expect, test } from '@playwright/test';
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
