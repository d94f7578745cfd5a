import { expect, test } from '@playwright/test';
import { startNodeProcess } from './helpers/node-process';
import { closedPort } from './helpers/ports';

// The README's first command, `npm ci && npm run dev`, is what a newcomer runs: every other test
// drives the built site, so nothing else would see the dev server break. It did: the dev
// server compiles the messages one module per language, and a module that imported one message's
// own file (which only the build's layout has) made the home page and every lab page a 500.

/** `npm run dev` on a free port, as a newcomer starts it: no BASE_PATH, no other setting. */
async function startDevServer() {
	const port = await closedPort();
	const env = { ...process.env };
	delete env.BASE_PATH;
	// Without colours, which split "Local:" in Vite's banner (Playwright's workers force them).
	delete env.FORCE_COLOR;
	env.NO_COLOR = '1';
	const args = ['node_modules/vite/bin/vite.js', 'dev', '--port', String(port), '--strictPort'];
	const dev = await startNodeProcess('the dev server', args, /Local:/, { env, timeoutMs: 60_000 });
	return { ...dev, base: `http://localhost:${port}/` };
}

test('npm run dev serves the labs on the built-in simulated servers, with zero configuration', async ({
	page,
	request
}) => {
	// A cold dev server compiles each page's modules on first request (about 10 s a page on two
	// busy cores).
	test.setTimeout(180_000);
	const dev = await startDevServer();
	try {
		const problems: string[] = [];
		page.on('pageerror', (error) => problems.push(String(error)));
		page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
		// The pages that read the labs (the 500 was theirs), one of each kind: each route's first
		// request compiles it (44 s for this test in CI with five routes; these two and the lab).
		for (const path of ['', 'embed/01-connection-isolation']) {
			const response = await request.get(`${dev.base}${path}`, { timeout: 60_000 });
			expect(response.status(), `GET /${path}\n${dev.output()}`).toBe(200);
		}
		await page.goto(dev.base, { timeout: 60_000 });
		await page
			.getByRole('link', { name: /Connection isolation/ })
			.first()
			.click();
		await expect(page).toHaveURL(/labs\/01-connection-isolation/);
		// The lab's world started on its simulated servers: the registry lists their tools.
		await expect(page.locator('#registry')).toContainText('mcp__filesystem__read_file', {
			timeout: 60_000
		});
		expect(problems).toEqual([]);
	} finally {
		await dev.stop();
	}
});
