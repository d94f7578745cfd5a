import type { Page } from '@playwright/test';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A docs site as an integrator runs one: its own origin (another port than the lab's), one page,
 * /guide.html, whose body each test writes. `route` may answer other addresses first (return
 * true when it did); everything else is a bare 404.
 */
export async function startDocsSite(route?: (url: string, res: ServerResponse) => boolean) {
	let body = '';
	const server = createServer((req, res) => {
		const url = req.url ?? '/';
		if (route?.(url, res)) return;
		if (url !== '/guide.html') return void res.writeHead(404).end();
		res
			.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
			.end(`<!doctype html><html lang="en"><title>Guide</title><body>${body}</body></html>`);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		origin,
		/** Opens the guide with this body. */
		async show(page: Page, html: string) {
			body = html;
			await page.goto(`${origin}/guide.html`);
		},
		async stop() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	};
}
