import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';

// The world editor (CodeMirror) shows where the keyboard is, in both themes: its ring was drawn
// on the editor, outside it, and the frame's overflow clip (its round corners) hid all of it.

/**
 * The ring around the focus: the nearest element from the focused one up that draws an outline
 * or a box shadow, its outline's colour and width, and how many px of that ring an ancestor that
 * clips its children's painting (overflow, content-visibility: auto, paint containment) cuts off.
 */
const focusRing = (page: Page) =>
	page.evaluate(() => {
		const focused = document.activeElement as HTMLElement;
		let owner: HTMLElement | null = focused;
		for (; owner; owner = owner.parentElement) {
			const s = getComputedStyle(owner);
			if ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none')
				break;
		}
		if (!owner) return null;
		const style = getComputedStyle(owner);
		const reach = Math.max(0, parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth));
		const r = owner.getBoundingClientRect();
		let cut = 0;
		for (let a = owner.parentElement; a && a !== document.body; a = a.parentElement) {
			const s = getComputedStyle(a);
			const clips =
				s.overflowX !== 'visible' ||
				s.overflowY !== 'visible' ||
				s.contentVisibility === 'auto' ||
				/paint|strict|content/.test(s.contain);
			if (!clips) continue;
			// Painting is clipped to the padding box: inside the borders.
			const c = a.getBoundingClientRect();
			cut = Math.max(
				cut,
				c.left + parseFloat(s.borderLeftWidth) - (r.left - reach),
				r.right + reach - (c.right - parseFloat(s.borderRightWidth)),
				c.top + parseFloat(s.borderTopWidth) - (r.top - reach),
				r.bottom + reach - (c.bottom - parseFloat(s.borderBottomWidth))
			);
		}
		return {
			width: parseFloat(style.outlineWidth),
			color: style.outlineColor,
			cut: Math.max(0, cut)
		};
	});

for (const [scheme, colour] of [
	// app.css's :focus-visible colours: blue-600 on light, blue-400 on dark.
	['light', 'rgb(37, 99, 235)'],
	['dark', 'rgb(96, 165, 250)']
] as const) {
	test.describe(`in the ${scheme} theme`, () => {
		test.use({ colorScheme: scheme });

		test('the focused world editor shows its whole focus ring', async ({ page }) => {
			await page.goto('sandbox?speed=instant');
			await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
			const editor = page.getByRole('textbox', { name: t('en', 'editor_json_label') });
			await expect(editor).toBeVisible();
			// By keyboard: from the control before it, Tab.
			await editor.focus();
			await page.keyboard.press('Shift+Tab');
			await expect(editor).not.toBeFocused();
			await page.keyboard.press('Tab');
			await expect(editor).toBeFocused();
			await editor.scrollIntoViewIfNeeded();
			expect(await focusRing(page)).toEqual({ width: 3, color: colour, cut: 0 });
			// The editor keeps its layout: it fills its frame, 28rem tall.
			const frame = page.locator('.scenario-editor');
			const sizes = await frame.evaluate((el) => {
				const inner = el.querySelector('.cm-editor')!.getBoundingClientRect();
				return { frame: el.clientHeight, editor: inner.height };
			});
			expect(sizes).toEqual({ frame: 448 - 2, editor: 448 - 2 });
			// Focus elsewhere: no ring left on the editor.
			await page.keyboard.press('Tab');
			await expect(editor).not.toBeFocused();
			expect(await frame.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
		});
	});
}
