import type { Page } from '@playwright/test';

/**
 * Words drawn on more than one line inside table cells ("networ|k", "Durati|on"): a table
 * squeezed into its panel breaks every word unless it reads as labelled lines (stack-table) or
 * keeps its words whole. `heading`: only the table of the section with that heading (else every
 * table cell of the page). By default identifiers (`mcp__files__read_file`, `tools/list`) are left
 * out, as they may break; with `pieces`, every run of three or more characters in a text node is
 * checked, which holds a name broken between its pieces (Bounded `name`: one text node each) to
 * breaking only there.
 */
export function splitWords(
	page: Page,
	{ heading, pieces = false }: { heading?: string; pieces?: boolean } = {}
): Promise<string[]> {
	return page.evaluate(
		({ heading, pieces }) => {
			let root: Element = document.body;
			if (heading) {
				const title = [...document.querySelectorAll('h2, h3')].find(
					(h) => h.textContent?.trim() === heading
				);
				const table = title?.closest('section')?.querySelector('table');
				if (!table) return [`no table under ${heading}`];
				root = table;
			}
			const found = new Set<string>();
			const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const cell = node.parentElement?.closest('td, th');
				if (!cell) continue;
				const text = node.textContent ?? '';
				for (const word of text.matchAll(pieces ? /\S{3,}/g : /[A-Za-z]{3,}/g)) {
					const [before, after] = [
						text[word.index - 1] ?? ' ',
						text[word.index + word[0].length] ?? ' '
					];
					if (!pieces && (/[\w./:@-]/.test(before) || /[\w./:@-]/.test(after))) continue;
					const range = document.createRange();
					range.setStart(node, word.index);
					range.setEnd(node, word.index + word[0].length);
					const lines = new Set(
						[...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))
					);
					if (lines.size > 1)
						found.add(`"${word[0]}" in ${cell.closest('[id]')?.id ?? cell.tagName}`);
				}
			}
			return [...found];
		},
		{ heading, pieces }
	);
}
