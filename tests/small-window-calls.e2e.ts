import { expect, test, type Locator, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A projector at 150 % (1280×720 → 853×480 CSS px), by keyboard: what a call does next comes
// into view. Before, the approval card opened below the window's edge while the focus stayed on
// Call, and each stage Next stage moved to was about 600 px below the button.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

test.use({ viewport: { width: 853, height: 480 } });
// Scrolled at once (as for a reader who asked for less motion), so positions are final.
test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

async function onScreen(page: Page, element: Locator, below = 0) {
	const box = (await element.boundingBox())!;
	const height = await page.evaluate(() => innerHeight);
	expect(box.y).toBeGreaterThanOrEqual(below);
	expect(box.y + box.height).toBeLessThanOrEqual(height);
}

async function openWithTool(page: Page, mode?: string) {
	await page.goto('labs/03-call-pipeline?speed=instant');
	await settled(page);
	if (mode) {
		await page.locator('#harness').getByRole('button', { name: mode, exact: true }).press('Enter');
		await settled(page);
	}
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__tickets__create_ticket');
	await calls
		.getByRole('textbox', { name: en('call_arguments') })
		.fill(JSON.stringify({ title: 'Printer on fire', priority: 2 }));
	return calls.getByRole('button', { name: en('call_button'), exact: true });
}

test('a call made from the form that asks for approval brings its question into view, focus left on Call', async ({
	page
}) => {
	const call = await openWithTool(page, 'default');
	await call.press('Enter');
	await settled(page);
	const approve = page.getByRole('button', { name: en('call_approve_label', { id: 'c1' }) });
	await onScreen(page, approve);
	await onScreen(page, page.locator('#calls').getByText(en('call_question')));
	await expect(call).toBeFocused();
});

test('stepping a call by keyboard keeps Next stage and the stage it reached on screen; approval takes the focus to its question', async ({
	page
}) => {
	const call = await openWithTool(page, 'default');
	const panel = page.locator('#pipeline-stages');
	await panel.getByRole('checkbox', { name: en('pipeline_step_mode') }).press('Space');
	await settled(page);
	await call.focus();
	const before = await call.boundingBox();
	await page.keyboard.press('Enter');
	await settled(page);
	// Made from the form, the held call leaves the page where it was.
	await expect(call).toBeFocused();
	expect(await call.boundingBox()).toEqual(before);

	const next = panel.getByRole('button', { name: en('pipeline_step_next') });
	await next.focus();
	const current = panel.locator('li[aria-current="step"]');
	for (const stage of ['lookup', 'validation', 'permission']) {
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(current).toHaveAttribute('data-stage', stage);
		await expect(next).toBeFocused();
		await onScreen(page, next);
		// Below the buttons, which stay at the window's top.
		const bar = (await next.boundingBox())!;
		await onScreen(page, current, bar.y + bar.height);
	}

	// Permission asks: the buttons leave, and the question takes the focus (not Approve: the
	// next Enter, pressed to step on, must not approve unread).
	await page.keyboard.press('Enter');
	await settled(page);
	const question = page.locator('#calls').getByText(en('call_question'));
	await expect(question).toBeFocused();
	await onScreen(page, question);
	await page.keyboard.press('Enter');
	await settled(page);
	await expect(page.locator('#calls li').first()).toContainText('awaiting_approval');
	await page.keyboard.press('Tab');
	await expect(
		page.getByRole('button', { name: en('call_approve_label', { id: 'c1' }) })
	).toBeFocused();
	await page.keyboard.press('Enter');
	await settled(page);

	// Approved, the call runs and is held again; its card leads back to Next stage.
	await expect(current).toHaveAttribute('data-stage', 'normalising');
	const go = page.locator('#calls').getByRole('button', { name: en('call_held_go') });
	await go.press('Enter');
	await expect(next).toBeFocused();
	await onScreen(page, next);
	await page.keyboard.press('Enter');
	await settled(page);
	await expect(current).toHaveAttribute('data-stage', 'post_tool_use');
	await onScreen(page, current, ((await next.boundingBox())?.y ?? 0) + 30);
});

test('Go to Next stage says so when the call pipeline is not shown', async ({ page }) => {
	const call = await openWithTool(page);
	await page
		.locator('#pipeline-stages')
		.getByRole('checkbox', { name: en('pipeline_step_mode') })
		.press('Space');
	await settled(page);
	await call.press('Enter');
	await settled(page);
	// As a lab step's cover hides a panel's content.
	await page
		.locator('#pipeline-stages [data-step-bar]')
		.evaluate((bar: HTMLElement) => (bar.hidden = true));
	const go = page.locator('#calls').getByRole('button', { name: en('call_held_go') });
	await go.press('Enter');
	await expect(go).toBeFocused();
	await expect(page.getByTestId('live-region')).toContainText(en('call_held_go_missing'));
});
