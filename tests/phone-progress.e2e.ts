import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { switchLanguage } from './helpers/language';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A lab page on a phone is 9,000–15,000 px long: once the learner works in the panels, the
// step's title, its goals and Next step are screens above them (phone audit s18). The lesson
// bar stays at the screen's foot while the lesson is away; a tap goes back to it. And the first
// screen is the lesson, not presenter mode's buttons.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const LAB = 'labs/01-connection-isolation?speed=instant';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// Scrolled at once (as for a reader who asked for less motion), so positions are final.
test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

/** The bar, by what it says: a link that starts with the step and ends with the way back. */
const bar = (page: Page, step = 1) =>
	page.getByRole('link', {
		name: new RegExp(
			`^${en('lab_step_of', { current: step, total: 7 })}.*${en('panel_back_to_lesson')}`
		)
	});

const top = (page: Page, selector: string) =>
	page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

test('away from the lesson, the bar says the step and its goals; a tap goes back, Back returns', async ({
	page
}) => {
	await page.goto(LAB);
	await settled(page);
	// With the lesson on the screen there is nothing to say.
	await expect(bar(page)).toHaveCount(0);

	const calls = page.locator('#calls');
	await calls.scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	await expect(bar(page)).toContainText(
		`${en('lab_step_of', { current: 1, total: 7 })} · ${en('lesson_bar_goals', { met: 3, total: 4 })}`
	);
	await expect(bar(page)).toContainText('Meet the world');
	// It stands at the screen's foot, over nothing the learner needs: the page keeps its room.
	// Polled: once in CI it was read 8 px lower (its hidden state's offset) just as it showed.
	const foot = async () => {
		const box = await bar(page).boundingBox();
		return box && Math.round(box.y + box.height);
	};
	await expect.poll(foot).toBe(844);
	expect((await bar(page).boundingBox())!.height).toBeGreaterThanOrEqual(44);

	// The step's last goal, met in the panel: the bar says so.
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__filesystem__read_file');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).tap();
	await settled(page);
	await expect(bar(page)).toContainText(
		`${en('lab_step_of', { current: 1, total: 7 })} · ✓ ${en('lesson_bar_goals_all')}`
	);

	// One tap back to the lesson: the step's title, focused and on the screen; the bar goes.
	// Where the page was as the tap landed (a result drawn just before can still move it).
	await page.evaluate(() =>
		document.addEventListener('click', () => (document.body.dataset.tappedAt = `${scrollY}`), {
			capture: true,
			once: true
		})
	);
	await bar(page).tap();
	const here = Number(await page.locator('body').getAttribute('data-tapped-at'));
	const title = page.getByTestId('step-title');
	await expect(title).toBeFocused();
	expect(await top(page, '#lesson-step-title')).toBeGreaterThanOrEqual(0);
	await expect(bar(page)).toHaveCount(0);

	// The phone's Back: where the learner was, with the bar (the link they tapped) focused.
	await page.goBack();
	await expect.poll(() => page.evaluate(() => scrollY)).toBe(here);
	await expect(bar(page)).toBeVisible();
	await expect(bar(page)).toBeFocused();
});

/** Lab 01 open, scrolled to the call panel (the lesson away): the panel. */
async function atCalls(page: Page) {
	await page.goto(LAB);
	await settled(page);
	const calls = page.locator('#calls');
	await calls.scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	return calls;
}

test('the bar steps aside while a text field has the focus (the on-screen keyboard)', async ({
	page
}) => {
	const calls = await atCalls(page);
	// The call's arguments: a text field, typed into with the phone's keyboard.
	const field = calls.getByRole('textbox').first();
	await field.tap();
	await keyboard(page, true);
	await expect(field).toBeFocused();
	await expect(bar(page)).toHaveCount(0);
	await expect(page.getByTestId('lesson-bar')).toHaveCSS('opacity', '0');
	// The keyboard dismissed, the field still focused: the screen's foot is free again.
	await keyboard(page, false);
	await expect(field).toBeFocused();
	await expect(bar(page)).toBeVisible();
	await keyboard(page, true);
	await expect(bar(page)).toHaveCount(0);
	// Done typing: it is back.
	await calls.getByRole('button', { name: en('call_button'), exact: true }).tap();
	await keyboard(page, false);
	await expect(bar(page)).toBeVisible();
});

test('a text field focused with no on-screen keyboard (a tablet’s own keyboard) leaves the bar', async ({
	page
}) => {
	const calls = await atCalls(page);
	await calls.getByRole('textbox').first().tap();
	await expect(bar(page)).toBeVisible();
	// Zoomed in: the visual viewport is smaller, but no keyboard took the room.
	await page.evaluate(() => {
		const view = window.visualViewport!;
		Object.defineProperty(view, 'scale', { configurable: true, get: () => 2 });
		Object.defineProperty(view, 'height', { configurable: true, get: () => innerHeight / 2 });
		view.dispatchEvent(new Event('resize'));
	});
	await expect(bar(page)).toBeVisible();
});

/**
 * The phone's on-screen keyboard, up or down, as the browser shows it: the visual viewport
 * shrinks by its height (the layout viewport does not), and says so with a resize. Headless
 * Chromium has no such keyboard, so its viewport is told.
 */
async function keyboard(page: Page, up: boolean) {
	await page.evaluate((up) => {
		const view = window.visualViewport!;
		Object.defineProperty(view, 'height', {
			configurable: true,
			get: () => (up ? innerHeight - 300 : innerHeight)
		});
		view.dispatchEvent(new Event('resize'));
	}, up);
}

test('a control reached by Tab is never under the bar, nor the bar under the caption bar', async ({
	page
}) => {
	await page.goto(LAB);
	await settled(page);
	await page.getByRole('checkbox', { name: en('transcript_captions') }).check();
	const captions = page.getByTestId('caption-bar');
	await page.locator('#servers').getByRole('button', { name: /^Kill/ }).first().tap();
	await settled(page);
	await expect(captions).toBeVisible();
	await expect(bar(page)).toBeVisible();
	// The bar stands on the caption bar.
	const [lessonBox, captionBox] = [
		(await bar(page).boundingBox())!,
		(await captions.boundingBox())!
	];
	expect(lessonBox.y + lessonBox.height).toBeLessThanOrEqual(captionBox.y + 1);

	await page.locator('#servers').getByRole('button').first().focus();
	const covered: string[] = [];
	let checked = 0;
	for (let i = 0; i < 60; i++) {
		await page.keyboard.press('Tab');
		const hidden = await page.evaluate(() => {
			const el = document.activeElement as HTMLElement | null;
			const lessonBar = document.querySelector('[data-testid="lesson-bar"]')!;
			if (!el || el === document.body || lessonBar.contains(el)) return null;
			if (lessonBar.getAttribute('data-shown') !== 'true') return null;
			const box = el.getBoundingClientRect();
			if (box.bottom <= 0 || box.top >= innerHeight) return null;
			const top = lessonBar.getBoundingClientRect().top;
			return box.bottom > top + 1 ? `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` : '';
		});
		if (hidden !== null) checked++;
		if (hidden) covered.push(hidden);
	}
	expect(covered).toEqual([]);
	// The bar was up for most of the way (the lesson is above the servers).
	expect(checked).toBeGreaterThan(40);
});

test('a control already on the screen but under the bar, reached by Tab, comes out from under it', async ({
	page
}) => {
	await page.goto(LAB);
	await settled(page);
	// A server card's button, after another button (not a text field, which hides the bar).
	const kills = page.locator('#servers').getByRole('button', { name: /^Kill/ });
	const kill = kills.nth(1);
	await kill.scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	await kill.focus();
	await page.keyboard.press('Shift+Tab');
	// On the screen, behind the bar.
	await kill.evaluate((button) => {
		const barTop = document
			.querySelector('[data-testid="lesson-bar"]')!
			.getBoundingClientRect().top;
		const box = button.getBoundingClientRect();
		window.scrollBy({ top: box.bottom - barTop - box.height / 2, behavior: 'instant' });
	});
	const under = async () => {
		const [button, lessonBar] = [(await kill.boundingBox())!, (await bar(page).boundingBox())!];
		return button.y + button.height > lessonBar.y;
	};
	expect(await under()).toBe(true);
	await page.keyboard.press('Tab');
	await expect(kill).toBeFocused();
	expect(await under()).toBe(false);
});

test('in the dark theme and in Chinese the bar is readable and named, shown or not', async ({
	page
}) => {
	await page.goto(`${LAB}&theme=dark`);
	await settled(page);
	// Hidden, it is out of reach (no Tab stop, nothing read), and axe agrees.
	await expectNoAxeViolations(page, { include: ['[data-testid="lesson-bar"]'] });
	await page.locator('#registry').scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	await expectNoAxeViolations(page, { include: ['[data-testid="lesson-bar"]'] });
	await switchLanguage(page, 'zh-CN');
	await page.locator('#registry').scrollIntoViewIfNeeded();
	const zh = (key: string, params?: Record<string, string | number>) => t('zh-CN', key, params);
	const zhBar = page.getByRole('link', {
		name: new RegExp(
			`^${zh('lab_step_of', { current: 1, total: 7 })}.*${zh('panel_back_to_lesson')}`
		)
	});
	await expect(zhBar).toBeVisible();
	await expect(zhBar).toContainText(zh('lesson_bar_goals', { met: 3, total: 4 }));
	await expectNoAxeViolations(page, { include: ['[data-testid="lesson-bar"]'] });
});

test('only where the lesson is not beside the panels: not on a wide page, nor an embed without it', async ({
	page
}) => {
	await page.goto(LAB);
	await settled(page);
	await page.locator('#registry').scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	// Wide, the lesson column sits beside the panels, stuck to the screen's top: no bar.
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.locator('#registry').scrollIntoViewIfNeeded();
	expect(await top(page, '#narration')).toBeLessThan(800);
	await expect(page.getByTestId('lesson-bar')).toBeHidden();
	await expect(bar(page)).toHaveCount(0);

	// An embed that shows the lesson has the bar; one that shows panels alone has none.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto('embed/01-connection-isolation?speed=instant');
	await settled(page);
	await page.locator('#registry').scrollIntoViewIfNeeded();
	await expect(bar(page)).toBeVisible();
	await page.goto('embed/01-connection-isolation?speed=instant&view=servers,registry');
	await settled(page);
	await page.locator('#registry').scrollIntoViewIfNeeded();
	await expect(page.getByTestId('lesson-bar')).toHaveCount(0);
});

test('the first screen is the lesson: presenter mode and the shortcuts are after it on a touch phone', async ({
	page
}) => {
	await page.goto(LAB);
	await settled(page);
	const presenter = page.getByRole('button', { name: en('presenter_mode') });
	const shortcuts = page.getByRole('button', { name: en('presenter_shortcuts_button') });
	// The lesson starts right below the site's header (the buttons and their help line took
	// 94 px of the 844 there), and the buttons come after its step buttons, one of each.
	const header = (await page.locator('header').boundingBox())!;
	expect(await top(page, '#narration')).toBeLessThan(header.y + header.height + 24);
	await expect(presenter).toHaveCount(1);
	await expect(shortcuts).toHaveCount(1);
	const next = (await page
		.getByRole('button', { name: en('lab_next'), exact: true })
		.boundingBox())!;
	expect((await presenter.boundingBox())!.y).toBeGreaterThan(next.y + next.height);
	await expect(presenter).toHaveAccessibleDescription(en('presenter_mode_help'));
	// They still work there.
	await shortcuts.tap();
	await expect(page.getByRole('dialog', { name: en('shortcuts_title') })).toBeVisible();
	await page.keyboard.press('Escape');
	await presenter.tap();
	await expect(presenter).toHaveAttribute('aria-pressed', 'true');
	await expect(page).toHaveURL(/[?&]present=1/);
});

test('a wide touch screen (a tablet across) keeps them above the lesson', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto(LAB);
	await settled(page);
	const presenter = page.getByRole('button', { name: en('presenter_mode') });
	await expect(presenter).toHaveCount(1);
	expect((await presenter.boundingBox())!.y).toBeLessThan(await top(page, '#narration'));
});
