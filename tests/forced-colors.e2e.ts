import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// What a reader in Windows high contrast (forced colours) and on a phone must still see:
// buttons as buttons, which toggle is pressed, what cannot be pressed now, and fields wide
// enough to type in.

const en = (key: string) => t('en', key);

test('forced colours: filled buttons keep an edge; the pressed toggle is underlined', async ({
	page
}) => {
	await page.emulateMedia({ forcedColors: 'active' });
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const style = (name: string, scope = page.locator('body')) =>
		scope.getByRole('button', { name, exact: true }).evaluate((b) => {
			const s = getComputedStyle(b);
			return { outline: s.outlineStyle, width: s.outlineWidth, line: s.textDecorationLine };
		});
	// Call and Next step are filled, with no border of their own.
	expect(await style(en('call_button'))).toMatchObject({ outline: 'solid', width: '1px' });
	expect(await style(en('lab_next'))).toMatchObject({ outline: 'solid' });
	// The permission modes and the arguments' JSON/Form toggle: only the pressed one underlined.
	const modes = page.getByRole('group', { name: en('harness_mode') });
	expect((await style('full_auto', modes)).line).toBe('underline');
	expect((await style('plan', modes)).line).toBe('none');
	expect((await style('full_auto', modes)).width).toBe('3px');
	// Focus on the pressed toggle is drawn apart from its pressed outline.
	const pressed = await modes
		.getByRole('button', { name: 'full_auto', exact: true })
		.evaluate((b) => getComputedStyle(b).outlineColor);
	await modes.getByRole('button', { name: 'full_auto', exact: true }).focus();
	await page.keyboard.press('Shift+Tab');
	await page.keyboard.press('Tab');
	const focused = await page.evaluate(() => {
		const s = getComputedStyle(document.activeElement!);
		return { name: document.activeElement!.textContent!.trim(), color: s.outlineColor };
	});
	expect(focused.name).toBe('full_auto');
	expect(focused.color).not.toBe(pressed);
	// A button that only says it cannot be pressed now is drawn as such.
	const calls = page.locator('#calls');
	await calls.getByLabel(en('call_arguments')).fill('{ not json');
	const call = calls.getByRole('button', { name: en('call_button'), exact: true });
	await expect(call).toHaveAttribute('aria-disabled', 'true');
	expect(await call.evaluate((b) => getComputedStyle(b).color)).not.toBe(
		await page
			.getByRole('button', { name: en('lab_next'), exact: true })
			.evaluate((b) => getComputedStyle(b).color)
	);
});

test('on a phone, the bearer-token field stays wide enough to type in', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 640 });
	await page.goto('labs/08-live-mode?speed=instant');
	await settled(page);
	const field = page.getByTestId('live-token-notes-live');
	await field.scrollIntoViewIfNeeded();
	const box = (await field.boundingBox())!;
	expect(box.width).toBeGreaterThanOrEqual(180);
});
