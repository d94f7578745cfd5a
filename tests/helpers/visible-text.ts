import type { Page } from '@playwright/test';

/**
 * How many text nodes the eye or a screen reader can reach hold `text` (display: none hides
 * from both), leaving out those inside `outside` (a selector: the question's own options).
 */
export function visibleTextCount(page: Page, text: string, outside?: string): Promise<number> {
	return page.evaluate(
		({ text, outside }) => {
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
			let found = 0;
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const parent = node.parentElement;
				if (!node.textContent?.includes(text) || !parent) continue;
				if (outside && parent.closest(outside)) continue;
				if (parent.checkVisibility()) found++;
			}
			return found;
		},
		{ text, outside }
	);
}
