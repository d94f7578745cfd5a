import { expect, test, type Page } from '@playwright/test';
import { refuseLiveServers } from './helpers/live-lab';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

const en = (key: string) => t('en', key);

// The display settings readers with low vision use: Windows high contrast (forced colours),
// text enlarged to 200 % and the WCAG 1.4.12 text spacing. What each must still show: the
// connection charts in the reader's own colours, a focus ring on every control, and pages that
// neither scroll sideways nor clip their words.

/**
 * How far the page scrolls sideways and what sticks out past its right edge (empty when it does
 * not scroll). Text that overflows its own box (a long word) sticks out without its element.
 */
const sideways = (page: Page) =>
	page.evaluate(() => {
		const { clientWidth: width, scrollWidth } = document.documentElement;
		if (scrollWidth <= width) return [];
		return [
			`${scrollWidth - width} px sideways`,
			...[...document.querySelectorAll('body *')]
				.filter((el) => el.getBoundingClientRect().right > width + 1)
				.slice(-5)
				.map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`)
		];
	});

for (const { name, path, scheme } of [
	{
		name: 'presenter mode (always light) in a dark contrast theme',
		path: 'labs/01-connection-isolation?present=1&speed=instant',
		scheme: 'dark'
	},
	{
		name: 'an embed with theme=dark in a light contrast theme',
		path: 'embed/01-connection-isolation?theme=dark&speed=instant',
		scheme: 'light'
	}
] as const) {
	test(`forced colours, ${name}: the connection charts are drawn in the reader's colours`, async ({
		page
	}) => {
		// Still, so the states' colour transitions (motion-safe) do not leave a colour half-way.
		await page.emulateMedia({
			forcedColors: 'active',
			colorScheme: scheme,
			reducedMotion: 'reduce'
		});
		await page.goto(path);
		await settled(page);
		const chart = page.locator('#machine li').first();
		await chart.scrollIntoViewIfNeeded();
		const drawn = await chart.evaluate((li) => {
			// The system colours as this page resolves them: a new probe for each, since a
			// changed colour would start a transition (0.01 ms, the reduced-motion one).
			const system = (color: string) => {
				const probe = document.createElement('span');
				probe.style.color = color;
				li.append(probe);
				const resolved = getComputedStyle(probe).color;
				probe.remove();
				return resolved;
			};
			const colours = { text: system('CanvasText'), page: system('Canvas') };
			const highlight = system('Highlight');
			const all = (selector: string, property: 'fill' | 'stroke') => [
				...new Set(
					[...li.querySelectorAll(`svg ${selector}`)].map((el) => getComputedStyle(el)[property])
				)
			];
			return {
				colours,
				highlight,
				arrows: all('polyline', 'stroke'),
				arrowHeads: all('marker path', 'fill'),
				words: all('text', 'fill'),
				boxes: all('rect', 'fill'),
				edges: all('rect:not(.stroke-\\[3\\])', 'stroke'),
				current: all('rect.stroke-\\[3\\]', 'stroke')
			};
		});
		// The arrows, their labels and the state names: the reader's text colour, on the
		// reader's background (they were slate, nearly invisible on a dark contrast theme).
		expect(drawn.arrows).toEqual([drawn.colours.text]);
		expect(drawn.arrowHeads).toEqual([drawn.colours.text]);
		expect(drawn.words).toEqual([drawn.colours.text]);
		expect(drawn.boxes).toEqual([drawn.colours.page]);
		expect(drawn.edges).toEqual([drawn.colours.text]);
		// The current state keeps its thick edge, in the highlight colour.
		expect(drawn.current).toEqual([drawn.highlight]);
	});
}

test('forced colours: every control reached by keyboard shows a focus ring', async ({ page }) => {
	await page.emulateMedia({ forcedColors: 'active' });
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
	// Their own chunks, drawn once their details open.
	await expect(page.getByTestId('live-connect')).toBeVisible();
	await expect(page.getByRole('textbox', { name: en('editor_json_label') })).toBeVisible();
	// A key press first: focus moved by script afterwards shows as keyboard focus.
	await page.keyboard.press('Tab');
	const unringed = await page.evaluate(() => {
		const controls = document.querySelectorAll<HTMLElement>(
			'a[href], button:not(:disabled), input:not(:disabled), select, textarea, summary, [tabindex="0"], [contenteditable="true"]'
		);
		const missing: string[] = [];
		let focused = 0;
		for (const control of controls) {
			control.focus();
			if (document.activeElement !== control) continue;
			focused++;
			// The ring is the control's own, or (the world editor) its frame's.
			let ringed = false;
			for (let el: HTMLElement | null = control; el && !ringed; el = el.parentElement) {
				const s = getComputedStyle(el);
				ringed = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
			}
			if (!ringed)
				missing.push(
					`${control.tagName.toLowerCase()} ${control.textContent?.trim().slice(0, 40)}`
				);
		}
		return { focused, missing };
	});
	expect(unringed.focused).toBeGreaterThan(50);
	expect(unringed.missing).toEqual([]);
});

test('text enlarged to 200 % by the root font size: a lab and an embed do not scroll sideways', async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	for (const path of ['labs/01-connection-isolation', 'embed/01-connection-isolation']) {
		await page.goto(`${path}?speed=instant`);
		await settled(page);
		await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
		expect(await sideways(page), path).toEqual([]);
		// Still two columns: the lesson beside the panels, neither over the other.
		const lesson = (await page.locator('aside').first().boundingBox())!;
		const panels = (await page.locator('#servers').boundingBox())!;
		expect(lesson.x + lesson.width, path).toBeLessThanOrEqual(panels.x);
	}
});

// WCAG 1.4.12: a reader's style sheet sets these; no text may be cut off or push the page wider.
const SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
	word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

for (const { width, path } of [
	{ width: 320, path: 'labs/05-fault-drills?lang=zh-CN' },
	{ width: 1280, path: 'labs/05-fault-drills?lang=zh-CN' },
	// The live connect form's example URL is one long word.
	{ width: 320, path: 'labs/08-live-mode?lang=en' }
]) {
	test(`text spacing at ${width} px, ${path}: nothing is cut off and the page does not scroll sideways`, async ({
		page
	}) => {
		await page.setViewportSize({ width, height: 800 });
		await refuseLiveServers(page, '08-live-mode');
		await page.goto(`${path}&speed=instant`);
		await settled(page);
		await page.addStyleTag({ content: SPACING });
		await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
		// Its own chunk, drawn once its details opens.
		await expect(page.getByTestId('live-connect').first()).toBeVisible();
		expect(await sideways(page)).toEqual([]);
		const cut = await page.evaluate(() =>
			[...document.querySelectorAll<HTMLElement>('body *')]
				.filter((el) => {
					const s = getComputedStyle(el);
					const hides = (v: string) => v === 'hidden' || v === 'clip';
					// Visually hidden text (sr-only) is 1 px on purpose.
					if (el.clientWidth <= 1 || !el.textContent?.trim()) return false;
					return (
						(hides(s.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
						(hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
						(s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
					);
				})
				.map((el) => `${el.tagName.toLowerCase()}: ${el.textContent!.trim().slice(0, 40)}`)
		);
		expect(cut).toEqual([]);
	});
}

test('on a phone, the world shown masked (Mask secrets) wraps its long strings instead of scrolling the page sideways', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 800 });
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	await page.getByRole('checkbox', { name: en('mask_secrets') }).check();
	await page.getByText(en('lab_edit_world'), { exact: true }).click();
	await expect(page.getByRole('heading', { name: en('editor_masked_label') })).toBeVisible();
	// "@modelcontextprotocol/server-filesystem" and the servers' URLs are single words.
	expect(await sideways(page)).toEqual([]);
});
