import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeOptions {
	/** Only check inside these selectors. */
	include?: string[];
	/** Skip these selectors (e.g. third-party widgets). */
	exclude?: string[];
	/** Rule ids to switch off, each with a reason in the calling test. */
	disableRules?: string[];
	/** Tags to test against; defaults to WCAG 2.0/2.1 A and AA. */
	tags?: string[];
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

function sameOriginFrames(page: Page): boolean {
	const origin = new URL(page.url()).origin;
	return page.frames().every((frame) => {
		const url = frame.url();
		return (
			url === '' ||
			url === 'about:blank' ||
			url === 'about:srcdoc' ||
			new URL(url).origin === origin
		);
	});
}

/** Run axe on the current page and fail with one line per violation. */
export async function expectNoAxeViolations(page: Page, opts: AxeOptions = {}): Promise<void> {
	// Only violations are read: axe otherwise sends every passing node's HTML back as well
	// (about 590 KB a lab page), which cost 0.4–0.7 s a pass here.
	let builder = new AxeBuilder({ page })
		.options({ resultTypes: ['violations'] })
		.withTags(opts.tags ?? WCAG_TAGS);
	for (const selector of opts.include ?? []) builder = builder.include(selector);
	for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
	// Colour contrast is checked in English only. It is the page's colours, sizes and weights,
	// which are the same CSS in every language, and it is two thirds of a pass here (a lab page:
	// 2.2 s with it, 0.7 s without); every other rule (names, labels, roles, lang) runs in every
	// language.
	const lang = await page.evaluate(() => document.documentElement.lang);
	const rulesOff = [...(opts.disableRules ?? []), ...(lang === 'en' ? [] : ['color-contrast'])];
	if (rulesOff.length) builder = builder.disableRules(rulesOff);
	// axe's default runs each frame on its own and merges the results in a new blank page: about
	// 1.5 s a pass here, 63 passes in the suite. Where every frame shares the page's origin, one
	// axe.run reaches them all the same way; a cross-origin frame keeps the default, which
	// legacy mode would skip.
	if (sameOriginFrames(page)) builder = builder.setLegacyMode(true);

	const { violations } = await builder.analyze();
	const report = violations.map((violation) => {
		const targets = violation.nodes
			.slice(0, 3)
			.map((node) => node.target.map(String).join(' '))
			.join(', ');
		const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
		return `- ${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help} → ${targets}${more}\n  ${violation.helpUrl}`;
	});
	expect(report, `axe found ${violations.length} violation(s) on ${page.url()}`).toEqual([]);
}
