import { expect, test, type Locator, type Page } from '@playwright/test';
import { pressEnter } from './helpers/keys';
import { name, openManyServers, rendered, SERVERS } from './helpers/many-servers';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { regionQuiet } from './helpers/live-region';

// By keyboard, a control that its own action disables or removes does not drop focus to the
// page (a screen reader would lose its place): it gets focus back when it is enabled again, or
// the nearest container still there takes it, so what it now says is read.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

/** Where focus is: the element's tag, and the closest container's id or test id. */
/** What SvelteKit's own (assertive) route announcer holds: it speaks when a new page opens. */
const announcer = (page: Page) =>
	page.evaluate(() => document.getElementById('svelte-announcer')?.textContent ?? '');

/**
 * How much of the focused element's ring an ancestor drawn only near the screen
 * (content-visibility: auto, which clips its children's painting to its box) cuts off, in px
 * (0: the whole ring shows).
 */
const ringCut = (focused: Locator) =>
	focused.evaluate((el) => {
		const style = getComputedStyle(el);
		const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
		let clip = el.parentElement;
		while (clip && getComputedStyle(clip).contentVisibility !== 'auto') clip = clip.parentElement;
		if (!clip || reach <= 0) return 0;
		const [r, c] = [el.getBoundingClientRect(), clip.getBoundingClientRect()];
		return Math.max(
			0,
			c.left - (r.left - reach),
			r.right + reach - c.right,
			c.top - (r.top - reach),
			r.bottom + reach - c.bottom
		);
	});

const focused = (page: Page) =>
	page.evaluate(() => {
		const el = document.activeElement;
		return {
			tag: el?.tagName.toLowerCase() ?? '',
			text: (el?.textContent ?? '').trim().slice(0, 80),
			inside: el?.closest('[id]')?.id ?? ''
		};
	});

test('a command’s own button keeps focus; a kill lands on the server’s card', async ({ page }) => {
	// Slow speed: the buttons stay disabled while the command runs.
	await page.goto('labs/01-connection-isolation?speed=slow');
	await settled(page);
	await pressEnter(page, en('harness_reconnect'));
	await settled(page);
	await expect
		.poll(() => focused(page))
		.toMatchObject({
			tag: 'button',
			text: en('harness_reconnect')
		});

	// Kill cannot be pressed again once the process is dead: its card takes focus.
	await pressEnter(page, en('servers_kill_label', { server: 'filesystem' }));
	await settled(page);
	await expect.poll(async () => (await focused(page)).tag).toBe('article');
	const card = page.locator('#servers article:focus');
	await expect(card).toContainText('filesystem');
	// (Its focus ring shows whole: a lab's cards are laid out at once, so nothing clips it; in a
	// big world, the test below.)
	// The shortcuts help opened from the card gives the focus back to it, not to the page.
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: en('shortcuts_title') });
	await expect(help).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(help).toBeHidden();
	await expect(card).toContainText('filesystem');
	// The card is not a Tab stop once focus leaves it.
	await page.keyboard.press('Tab');
	await expect(card).toHaveCount(0);
	expect(await page.locator('#servers article[tabindex]').count()).toBe(0);
});

test('a predict card keeps focus once answered; so does a call awaiting approval', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant&step=1');
	await settled(page);
	// By keyboard throughout: a click would count as the mouse choosing where focus goes.
	await page.locator('input[name="prediction"][value="still-connected"]').focus();
	await page.keyboard.press('Space');
	await pressEnter(page, en('lab_predict_answer'));
	await expect.poll(async () => (await focused(page)).tag).toBe('form');
	// The form is named by its question, and the verdict is said with what the reveal is about.
	await expect(page.locator('form:focus')).toHaveAccessibleName(
		'What does OpenHarness show right after the kill?'
	);
	await expect(page.getByTestId('live-region')).toContainText(
		`${en('lab_predict_right')} Nothing changes`
	);

	await page.goto('labs/05-fault-drills?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	// Step 1 covers the call form until its question is answered.
	await pressEnter(page, en('panel_hidden_show_label', { panel: en('call_title') }));
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp.payments.create_invoice');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
	await pressEnter(page, en('call_approve_label', { id: 'c1' }));
	await settled(page);
	// The buttons are gone: the call's card, with its result, has focus.
	await expect.poll(async () => (await focused(page)).tag).toBe('li');
	await expect(page.locator('#calls li:focus')).toContainText('c1');
});

test('while a call runs, its form holds focus (not the page); the Call button gets it back after', async ({
	page
}) => {
	// Slow speed: the hung call waits out its timeout on screen, with Call disabled meanwhile.
	await page.goto('labs/01-connection-isolation?speed=slow');
	await settled(page);
	await pressEnter(page, en('servers_hang_label', { server: 'internal-api' }));
	await settled(page);
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__internal-api__search_orders');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).focus();
	await page.keyboard.press('Enter');
	await expect.poll(async () => (await focused(page)).tag).toBe('form');
	expect((await focused(page)).inside).toBe('calls');
	await settled(page);
	await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: en('call_button') });
});

test('a click that disables its button leaves focus where the mouse put it', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await page
		.getByRole('button', { name: en('servers_kill_label', { server: 'filesystem' }) })
		.click();
	await settled(page);
	await page.waitForTimeout(100);
	expect((await focused(page)).tag).toBe('body');
});

test('the permission mode changes only when a mode is pressed, not as Tab or arrows pass', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const group = page.getByRole('group', { name: en('harness_mode') });
	const mode = (name: string) => group.getByRole('button', { name, exact: true });
	await expect(mode('full_auto')).toHaveAttribute('aria-pressed', 'true');
	// Through the group and back by keyboard: a select changed the mode on each arrow key.
	await mode('full_auto').focus();
	for (const key of ['ArrowDown', 'ArrowRight', 'Tab', 'ArrowDown', 'Tab', 'Shift+Tab'])
		await page.keyboard.press(key);
	await expect(mode('full_auto')).toHaveAttribute('aria-pressed', 'true');
	await regionQuiet(page);
	await expect(page.getByTestId('live-region')).not.toContainText('plan');
	await page.keyboard.press('Enter');
	await settled(page);
	await expect(mode('plan')).toHaveAttribute('aria-pressed', 'true');
	await expect(mode('full_auto')).toHaveAttribute('aria-pressed', 'false');
	await expect(page.getByTestId('live-region')).toContainText(
		en('announce_permissions', { mode: 'plan' })
	);
	// The pressed button keeps focus while the command runs and after.
	expect(await focused(page)).toMatchObject({ tag: 'button', text: 'plan' });
});

test('the input model’s verdict is said in the page’s live region, in its language', async ({
	page
}) => {
	for (const lang of ['en', 'zh-CN']) {
		// Step 3: the first two steps hide this panel until their question is answered.
		await page.goto(`labs/02-naming?speed=instant&step=2&lang=${lang}`);
		await settled(page);
		const panel = page.locator('#input-model');
		await panel.getByLabel(t(lang, 'input_arguments')).fill('{"query": 7}');
		await panel.getByRole('button', { name: t(lang, 'input_validate'), exact: true }).click();
		await expect(page.getByTestId('live-region')).toContainText(t(lang, 'input_announce_rejected'));
		// The panel itself is no live region of its own.
		expect(await panel.locator('[role="status"], [aria-live]').count()).toBe(0);
	}
});

test('stepping through a lab by keyboard keeps the focused step button in view', async ({
	page
}) => {
	// A short laptop screen: the narration column scrolls on its own beside the panels.
	await page.setViewportSize({ width: 1280, height: 560 });
	await page.goto('labs/03-call-pipeline?speed=instant&lang=en');
	await settled(page);
	const nav = page.locator('#narration nav');
	const next = nav.getByRole('button', { name: en('lab_next'), exact: true });
	const previous = nav.getByRole('button', { name: en('lab_previous'), exact: true });
	// The buttons stay at the column's foot; each new step is shown from its title.
	const title = page.getByTestId('step-title');
	await next.focus();
	for (let i = 0; i < 4 && (await next.isEnabled()); i++) {
		await page.keyboard.press('Enter');
		await expect(next).toBeFocused();
		await expect(next).toBeInViewport();
		await expect(title).toBeInViewport({ ratio: 1 });
	}
	await previous.focus();
	for (let i = 0; i < 3; i++) {
		await page.keyboard.press('Enter');
		await expect(previous).toBeFocused();
		await expect(previous).toBeInViewport();
		await expect(title).toBeInViewport({ ratio: 1 });
	}
});

test('a step button reached by Tab is on screen though the column starts below the window’s fold', async ({
	page
}) => {
	// Lab 08 opened at a step with no lab server running: a notice above the columns pushes the
	// narration column down, and on a short window (the column is never shorter than half of it,
	// and here it starts below the half) its foot, where the step buttons stick, below the window.
	await page.setViewportSize({ width: 1280, height: 320 });
	await page.goto('labs/08-live-mode?speed=instant&lang=en&step=3');
	await settled(page);
	const next = page
		.locator('#narration nav')
		.getByRole('button', { name: en('lab_next'), exact: true });
	await expect(next).not.toBeInViewport({ ratio: 1 });
	for (let i = 0; i < 60 && !(await next.evaluate((e) => e === document.activeElement)); i++)
		await page.keyboard.press('Tab');
	await expect(next).toBeFocused();
	await expect(next).toBeInViewport({ ratio: 1 });
	await page.keyboard.press('Shift+Tab');
	await expect(
		page.locator('#narration nav').getByRole('button', { name: en('lab_previous'), exact: true })
	).toBeInViewport({ ratio: 1 });
});

test('a link to a place on the page takes focus there: the skip link, then Tab, is in the lab', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: en('nav_skip') })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.locator('#main')).toBeFocused();
	// No page opened: SvelteKit's assertive announcer, which reads a new page's title, says nothing.
	await page.waitForTimeout(300);
	expect(await announcer(page)).toBe('');
	await page.keyboard.press('Tab');
	// The next stop is inside the lab, not back in the site header.
	expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
	expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(false);
});

test('the pipeline’s pointer to a call awaiting approval takes focus to Model calls, silently', async ({
	page
}) => {
	await page.goto('labs/03-call-pipeline?speed=instant');
	await settled(page);
	// A call awaiting approval: the pipeline's pointer takes focus to the Model calls panel.
	await page
		.getByRole('group', { name: en('harness_mode') })
		.getByRole('button', { name: 'default', exact: true })
		.click();
	await settled(page);
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__tickets__create_ticket');
	await calls
		.getByLabel(en('call_arguments'))
		.fill(JSON.stringify({ title: 'Printer on fire', priority: 2 }));
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
	const pointer = page
		.locator('#pipeline-stages')
		.getByRole('link', { name: en('pipeline_approval_link') });
	await pointer.focus();
	await page.keyboard.press('Enter');
	await expect.poll(async () => (await focused(page)).inside).toBe('calls');
	await expect(page.locator('#calls:focus')).toHaveCount(1);
	await page.waitForTimeout(300);
	expect(await announcer(page)).toBe('');
});

test('a protocol log row reached by Tab shows its whole focus ring', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const row = page.locator('#log ol > li summary').first();
	await row.focus();
	await page.keyboard.press('Shift+Tab');
	await page.keyboard.press('Tab');
	await expect(row).toBeFocused();
	expect(await ringCut(row)).toBe(0);
});

test('in a world of many servers, a killed server’s card far down the page shows its whole focus ring', async ({
	page
}) => {
	const frame = await openManyServers(page);
	const server = name(SERVERS / 2);
	// Far below the screen, its item is laid out only as it nears it, and clips what it paints.
	const item = frame.locator('#servers > ul > li').nth(SERVERS / 2);
	expect(await rendered(item)).toBe(false);
	await item
		.getByRole('button', { name: en('servers_kill_label', { server }), exact: true })
		.focus();
	await page.keyboard.press('Enter');
	const card = item.locator('article:focus');
	await expect(card).toContainText(server);
	await expect(card).toContainText('killed');
	expect(await ringCut(card)).toBe(0);
});
