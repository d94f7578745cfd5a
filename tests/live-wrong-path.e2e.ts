import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { submitLiveConnect } from './helpers/live-connect';

// Two addresses a learner pastes by mistake (learner audit s16, lab 08): a path with nothing
// behind it (404, which the harness reports as "Session terminated", the very words of an
// expired session), and a server's index, which answers JSON that is not JSON-RPC (the card's
// detail was a raw validation dump).

let server: Server;
let base = '';
const CORS = {
	'access-control-allow-origin': '*',
	'access-control-allow-headers': '*',
	'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS'
};

test.beforeAll(async () => {
	server = createServer((req, res) => {
		if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
		req.resume();
		req.on('end', () => {
			if (req.url === '/')
				return void res
					.writeHead(200, { ...CORS, 'content-type': 'application/json' })
					.end(JSON.stringify({ name: 'a lab server', endpoints: ['/notes/mcp'] }));
			res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('Not Found');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a wrong path says 404 and why the harness says Session terminated; an index is read as words', async ({
	page
}) => {
	await page.goto('live?speed=instant&lang=en');
	await settled(page);
	await submitLiveConnect(page, 'nopath', `${base}/wrong/mcp`);
	await settled(page);
	await expect(page.getByTestId('live-problem-nopath')).toContainText(
		t('en', 'live_problem_not_found', { status: 404 })
	);

	await submitLiveConnect(page, 'index', `${base}/`);
	await settled(page);
	const card = page.locator('#servers article').filter({
		has: page.getByRole('heading', { level: 3, name: /^index\b/ })
	});
	await expect(page.getByTestId('live-problem-index')).toContainText(
		t('en', 'live_problem_not_mcp')
	);
	// The detail is the validation's words, not its JSON.
	const detail = card.locator('dd.text-red-800');
	await expect(detail).toContainText('Invalid input');
	await expect(detail).not.toContainText('"code"');
});

test('https to a server on this computer that speaks http suggests http://', async ({ page }) => {
	await page.goto('live?speed=instant&lang=en');
	await settled(page);
	await submitLiveConnect(page, 'tls', `${base.replace('http:', 'https:')}/notes/mcp`);
	await settled(page);
	const problem = page.getByTestId('live-problem-tls');
	await expect(problem).toHaveAttribute('data-kind', 'refused');
	await expect(problem).toContainText(t('en', 'live_problem_https_local'));
	// An http address that nothing answers is not told to change its scheme.
	await submitLiveConnect(page, 'plain', 'http://127.0.0.1:9/notes/mcp');
	await settled(page);
	await expect(page.getByTestId('live-problem-plain')).toHaveAttribute('data-kind', 'refused');
	await expect(page.getByTestId('live-problem-plain')).not.toContainText(
		t('en', 'live_problem_https_local')
	);
});
