import type { Frame, Page } from '@playwright/test';
import { escapeRegExp } from './play-lab';

/**
 * The live region's message ends with this sentence. The region speaks once the page has been
 * quiet for a moment (announcer.svelte.ts), so what a test did just before, faster than a person
 * would, can lead the same message.
 */
export function saidLast(text: string): RegExp {
	return new RegExp(`(?:^|[.。!?！？…:：]\\s*)${escapeRegExp(text)}\\s*$`);
}

/**
 * Waits out the region's longest wait (LONGEST_WAIT_MS in announcer.svelte.ts, with room), so
 * that a check that nothing was said is not passed before it would have been.
 */
export async function regionQuiet(page: { waitForTimeout(ms: number): Promise<void> }) {
	await page.waitForTimeout(900);
}

/**
 * Everything but the live region: `getByText` matches the region too while it still says the
 * sentence (joined with the lines said around it), so "shown on the page" is asked of the rest.
 */
export const outsideLiveRegion = (page: Page) => page.locator(':not([data-testid="live-region"])');

/**
 * Every text the page's live region held, in order, joined by lines: it keeps only the latest,
 * and a message that a later burst replaces within a second can fall between two polls of
 * `expect(region).toContainText`. Call before the page opens. `frame` picks the frame whose region
 * is read (an embed's iframe; the script runs in every frame), else the page's own.
 */
export async function recordSaid(
	page: Page,
	frame: (page: Page) => Page | Frame = (p) => p
): Promise<() => Promise<string>> {
	await page.addInitScript(() => {
		const said: string[] = ((window as unknown as { said: string[] }).said = []);
		new MutationObserver(() => {
			const text = document.querySelector('[data-testid="live-region"]')?.textContent?.trim();
			if (text && said.at(-1) !== text) said.push(text);
		}).observe(document, { subtree: true, childList: true, characterData: true });
	});
	return () =>
		frame(page).evaluate(() => (window as unknown as { said: string[] }).said.join('\n'));
}
