import { expect, test, type Page } from '@playwright/test';
import { englishLeft } from './helpers/english-left';
import { switchLanguage } from './helpers/language';
import { refuseLiveServers } from './helpers/live-lab';
import { labIds, settled } from './helpers/play-lab';
import { splitWords } from './helpers/split-words';

// A projector is often 1024×768 (or 1280×720): in presenter mode, with its larger type, no lab
// page scrolls sideways. A wide table or listing inside a panel that scrolls on its own is fine;
// the page itself must not be wider than the screen. (Lab 02's name fields once pushed it out:
// a fieldset is as wide as its content unless told otherwise.)

/** What sticks out past the right edge of the page, if anything (for the failure message). */
async function sideways(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const root = document.documentElement;
		const width = root.clientWidth;
		if (root.scrollWidth <= width) return [];
		const clipped = (el: Element) => {
			for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
				const { overflowX } = getComputedStyle(up);
				if (overflowX !== 'visible') return true;
			}
			return false;
		};
		return [...document.querySelectorAll('body *')]
			.filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
			.slice(-5)
			.map((el) => {
				const { right } = el.getBoundingClientRect();
				const id = el.closest('[id]')?.id ?? '';
				return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} in #${id} (right ${Math.round(right)} > ${width})`;
			});
	});
}

const projectors = [
	{ width: 1024, height: 768 },
	{ width: 1280, height: 720 }
];

/** Looks at the page on both projector screens, resizing it in place. */
async function onBothScreens(page: Page, where: string) {
	for (const viewport of projectors) {
		await page.setViewportSize(viewport);
		const at = `${where} at ${viewport.width}×${viewport.height}`;
		await expect.poll(() => page.evaluate(() => innerWidth), at).toBe(viewport.width);
		expect.soft(await sideways(page), at).toEqual([]);
		const { scrollWidth, clientWidth } = await page.evaluate(() => ({
			scrollWidth: document.documentElement.scrollWidth,
			clientWidth: document.documentElement.clientWidth
		}));
		expect.soft(scrollWidth, at).toBeLessThanOrEqual(clientWidth);
	}
}

// Each page is opened once and looked at on both screens: a resize lays the page out again as a
// fresh load at that size would (the presenter's type is set by the page, not the viewport), at
// half the loads. It is then switched to Chinese with the header's language link, which redraws
// every word in place, and looked at again: the same layout as a load in Chinese, at half the
// loads again.
test('no lab scrolls sideways in presenter mode at 1024×768 or 1280×720 (en, then zh-CN)', async ({
	page
}) => {
	test.setTimeout(120_000);
	for (const id of labIds()) {
		await page.setViewportSize(projectors[0]);
		await refuseLiveServers(page, id);
		await page.goto(`labs/${id}?present=1&speed=instant&lang=en`);
		await settled(page);
		await expect(page.getByTestId('cue-panel')).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('data-presenter', '');
		await onBothScreens(page, `/labs/${id} (en)`);
		await page.setViewportSize(projectors[0]);
		await switchLanguage(page, 'zh-CN');
		await onBothScreens(page, `/labs/${id} (zh-CN)`);
		expect.soft(await englishLeft(page), `/labs/${id} (zh-CN)`).toEqual([]);
	}
});

test('at 1024 px, data tables keep their words whole and break names between their pieces', async ({
	page
}) => {
	await page.setViewportSize({ width: 1024, height: 768 });
	// Lab 05's audit table (eight columns) and lab 06's clients table read "Durati/on",
	// "pay/men/ts" and "creat/e_inv/oice" before.
	for (const [lab, step, heading] of [
		['05-fault-drills', 6, 'Audit'],
		['06-sdk-client-discipline', 7, 'Clients by priority']
	] as const) {
		await page.goto(`labs/${lab}?step=${step}&speed=instant`);
		await settled(page);
		// One press uncovers every panel the step's question covers.
		const cover = page.getByRole('button', { name: /^Show it anyway/ }).first();
		if (await cover.isVisible()) await cover.click();
		await expect
			.poll(() => splitWords(page, { heading, pieces: true }), { message: lab })
			.toEqual([]);
		expect(await sideways(page)).toEqual([]);
	}
});

test('in presenter mode at 1280×800 the step buttons stay on screen while the step scrolls, and a control reached by Tab is not under them', async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	// Lab 03's second step, with its question, is taller than the screen in presenter type.
	await page.goto('labs/03-call-pipeline?step=1&present=1&speed=instant');
	await settled(page);
	const column = page.locator('aside').filter({ has: page.locator('#narration') });
	await column.evaluate((aside) =>
		window.scrollTo(0, aside.getBoundingClientRect().top + window.scrollY)
	);
	expect(
		await column.evaluate((aside) => aside.scrollHeight > aside.clientHeight + 100),
		'the narration scrolls inside its column'
	).toBe(true);
	const next = page.getByRole('button', { name: 'Next step' });
	await expect(next).toBeInViewport({ ratio: 1 });
	const nav = page.getByRole('navigation', { name: /^Step 2 of/ });
	// Choose by keyboard, then Tab to the lock-in button: it scrolls into view above the buttons.
	await page.getByRole('radio').first().focus();
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Tab');
	const lock = page.getByRole('button', { name: 'Lock in my answer' });
	await expect(lock).toBeFocused();
	const clear = async () => {
		const [lockBox, navBox] = [await lock.boundingBox(), await nav.boundingBox()];
		return lockBox!.y + lockBox!.height <= navBox!.y;
	};
	expect(await clear(), 'Tab (Chromium centres the control)').toBe(true);
	await expect(lock).toBeInViewport({ ratio: 1 });
	await expect(next).toBeInViewport({ ratio: 1 });
	// Browsers that scroll a focused control only as far as needed stop above the buttons too:
	// the column's scroll padding is their height.
	await column.evaluate((aside) => (aside.scrollTop = 0));
	await lock.evaluate((button) => button.scrollIntoView({ block: 'nearest' }));
	expect(await clear(), 'scrolled only as far as needed').toBe(true);
});
