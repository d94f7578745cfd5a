import type { Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { catalogue } from './messages';

// A page in Chinese shows none of the UI's English sentences: a string typed into a component
// instead of taken from the catalogue, or a message read in the wrong language, shows up here
// wherever it is on screen, not only where a test happens to look.

const zhAll = Object.values(catalogue('zh-CN')).join('\n');
/** What the simulated harnesses and servers say (src/lib/core): English in every language. */
const core = new URL('../../src/lib/core/', import.meta.url);
const coreText = readdirSync(core, { recursive: true, encoding: 'utf8' })
	.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
	.map((file) => readFileSync(new URL(file, core), 'utf8'))
	.join('\n');

/**
 * The English sentences to look for: each message's fixed parts (between its {params}) long
 * enough to be a phrase of the UI's own, and neither in the Chinese catalogue (names, code and
 * protocol words stay English in both) nor in what a harness says ("… is not on the allowlist").
 */
export const englishPhrases: Array<{ key: string; phrase: string }> = Object.entries(
	catalogue('en')
).flatMap(([key, text]) =>
	text
		.split(/\{\w+\}/)
		.map((part) => part.trim())
		.filter(
			(part) =>
				part.length >= 16 &&
				/[a-z]{3,} [a-z]{2,} [a-z]{2,}/i.test(part) &&
				!zhAll.includes(part) &&
				!coreText.includes(part)
		)
		.map((phrase) => ({ key, phrase }))
);

/**
 * The English UI phrases the page shows now: the visible text of the page and its frames, and
 * the names, descriptions, titles and placeholders a screen reader or a pointer finds.
 */
export async function englishLeft(page: Page): Promise<string[]> {
	const texts = await Promise.all(
		page.frames().map((frame) =>
			frame.evaluate(() => {
				const attributes = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt'];
				const said = [...document.querySelectorAll(attributes.map((a) => `[${a}]`).join(','))]
					.flatMap((el) => attributes.map((a) => el.getAttribute(a) ?? ''))
					.filter(Boolean);
				return [document.body?.innerText ?? '', ...said].join('\n');
			})
		)
	);
	const shown = texts.join('\n');
	return englishPhrases
		.filter(({ phrase }) => shown.includes(phrase))
		.map(({ key, phrase }) => `${key}: ${phrase}`);
}
