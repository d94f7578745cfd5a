import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** One script a page fetched: its path, its bytes on the wire and as decoded, and gzipped. */
export interface FetchedScript {
	path: string;
	transferred: number;
	decoded: number;
	/** As scripts/route-size.mjs counts a file (level 9), whatever the test server sends. */
	gzip: number;
	text: string;
}

export interface ScriptLog {
	count: () => number;
	all: () => Promise<FetchedScript[]>;
	texts: () => Promise<string[]>;
}

/** Every script the page fetches from now on (read as each response arrives). */
export function scriptsOf(page: Page): ScriptLog {
	const fetched: Promise<FetchedScript>[] = [];
	page.on('response', (response) => {
		const path = new URL(response.url()).pathname;
		if (!path.endsWith('.js')) return;
		fetched.push(
			(async () => {
				const body = await response.body().catch(() => Buffer.alloc(0));
				const sizes = await response
					.request()
					.sizes()
					.catch(() => ({ responseBodySize: body.length }));
				return {
					path,
					transferred: sizes.responseBodySize,
					decoded: body.length,
					gzip: gzipSync(body, { level: 9 }).length,
					text: body.toString('utf8')
				};
			})()
		);
	});
	const all = () => Promise.all(fetched);
	return {
		count: () => fetched.length,
		all,
		texts: async () => (await all()).map((script) => script.text)
	};
}

/** Waits until the page has settled and fetched no script for a second. */
export async function quiet(page: Page, scripts: ScriptLog) {
	await page.locator('[data-settled="yes"]').waitFor({ state: 'attached' });
	let count = -1;
	while (count !== scripts.count()) {
		count = scripts.count();
		await page.waitForTimeout(1000);
	}
}

/** Opens a page and waits until it has settled and fetched no script for a second. */
export async function openQuiet(page: Page, path: string): Promise<ScriptLog> {
	const scripts = scriptsOf(page);
	await page.goto(path);
	await quiet(page, scripts);
	return scripts;
}

/** Whether a script fetched so far carries the marker (a string, or a pattern for minified code). */
export const fetched = async (scripts: ScriptLog, marker: string | RegExp) =>
	(await scripts.texts()).some((text) =>
		typeof marker === 'string' ? text.includes(marker) : marker.test(text)
	);
