import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';

// A URL parameter value the page does not understand is said on the page, in its language, and
// in the console; valid values and unknown names (the host's own) change nothing.

const LAB = '01-connection-isolation'; // 7 steps: 0 to 6
const VIEWS =
	'all, servers, editor, naming, input, machine, registry, pipeline, log, messages, protocol, or host';

/** The page's "MCP Lab:" console warnings, from now on. */
function warnings(page: Page): string[] {
	const lines: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'warning' && message.text().startsWith('MCP Lab: '))
			lines.push(message.text());
	});
	return lines;
}

const settled = (page: Page) =>
	expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

test('the embed names each value it did not understand, with what it takes', async ({ page }) => {
	const warned = warnings(page);
	await page.goto(`embed/${LAB}?lang=fr&view=registry,bogus&controls=2&step=99&utm_source=docs`);
	await settled(page);
	const notice = page.getByRole('note');
	await expect(notice.getByRole('paragraph')).toHaveText(
		'Some URL parameters of this page were not understood:'
	);
	const lines = [
		'lang=fr: lang takes en or zh-CN.',
		`view=registry,bogus: there is no view called bogus; each view is one of ${VIEWS}, separated by commas.`,
		"step=99: step takes a whole number from 0 to 6 (0 opens the first step), one of this lab's steps.",
		'controls=2: controls takes 0 or 1.'
	];
	await expect(notice.getByRole('listitem')).toHaveText(lines);
	// One console line per parameter; the known view and the host's own parameter are not in it.
	expect(warned).toEqual(lines.map((line) => `MCP Lab: ${line}`));
	// The page still shows what it understood: the registry alone.
	await expect(page.getByRole('heading', { name: /^Tool registry/ })).toBeVisible();
	await expect(page.getByRole('heading', { name: /^Protocol log/ })).toHaveCount(0);
	await expectNoAxeViolations(page);
});

test('in Chinese the notice is Chinese', async ({ page }) => {
	await page.goto(`embed/${LAB}?lang=zh-CN&theme=blue`);
	await settled(page);
	const notice = page.getByRole('note');
	await expect(notice.getByRole('paragraph')).toHaveText(t('zh-CN', 'page_params_notice_heading'));
	await expect(notice.getByRole('listitem')).toHaveText([
		'theme=blue：theme 的取值应为 light或dark。'
	]);
	await expectNoAxeViolations(page);
});

test('a hostile value is shown as text, bounded, on one line', async ({ page }) => {
	const value = `<img src=x onerror=alert(1)>\n${'x'.repeat(500)}`;
	await page.goto(`embed/${LAB}?speed=${encodeURIComponent(value)}&theme=dark`);
	await settled(page);
	await expect(page.getByRole('note').getByRole('listitem')).toHaveText([
		t('en', 'page_params_one_of', {
			name: 'speed',
			value: `<img src=x onerror=alert(1)>\ufffd${'x'.repeat(71)}…`,
			accepted: 'instant, slow, or realtime'
		})
	]);
	await expect(page.locator('img[src="x"]')).toHaveCount(0);
	await expectNoAxeViolations(page);
});

test('the sandbox embed has no lab, so its step is ignored, and says so', async ({ page }) => {
	await page.goto('embed/sandbox?step=2');
	await expect(page.getByRole('note').getByRole('listitem')).toHaveText([
		'step=2: this page has no lab, so it has no steps and step is ignored.'
	]);
	// No lab title to put before the site's name (it said "MCP Lab · MCP Lab").
	await expect(page).toHaveTitle('MCP Lab');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP Lab');
});

test('the lab page says it too, in its language', async ({ page }) => {
	const warned = warnings(page);
	await page.goto(`labs/${LAB}?speed=warp&view=foo,log&step=abc`);
	await settled(page);
	const lines = [
		`view=foo,log: there is no view called foo; each view is one of ${VIEWS}, separated by commas.`,
		"step=abc: step takes a whole number from 0 to 6 (0 opens the first step), one of this lab's steps.",
		'speed=warp: speed takes instant, slow, or realtime.'
	];
	await expect(page.getByRole('note').getByRole('listitem')).toHaveText(lines);
	expect(warned).toEqual(lines.map((line) => `MCP Lab: ${line}`));
	await expectNoAxeViolations(page);

	await page.goto(`labs/${LAB}?lang=zh-CN&controls=yes`);
	await settled(page);
	await expect(page.getByRole('note').getByRole('listitem')).toHaveText([
		'controls=yes：controls 的取值应为 0或1。'
	]);
});

test('valid values and unknown names show no notice', async ({ page }) => {
	const warned = warnings(page);
	await page.goto(
		`embed/${LAB}?lang=zh-CN&theme=dark&view=registry,log&step=6&controls=0&speed=slow&captions=1&utm_source=docs`
	);
	await settled(page);
	// Nothing left to load: a notice would be on the page by now.
	await page.waitForLoadState('networkidle');
	await expect(page.getByRole('note')).toHaveCount(0);

	await page.goto(`labs/${LAB}?lang=en&theme=light&view=all&step=0&controls=1&speed=instant&ref=x`);
	await settled(page);
	await page.waitForLoadState('networkidle');
	await expect(page.getByRole('note')).toHaveCount(0);
	await page.goto('embed/sandbox?view=servers&controls=0');
	await settled(page);
	await page.waitForLoadState('networkidle');
	await expect(page.getByRole('note')).toHaveCount(0);
	expect(warned).toEqual([]);
});
