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
		/** Opens the guide with this body (`waitUntil`: as Playwright's goto). */
		async show(page: Page, html: string, waitUntil: 'load' | 'domcontentloaded' = 'load') {
			body = html;
			await page.goto(`${origin}/guide.html`, { waitUntil });
		},
		async stop() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	};
}

/** The loader's own console errors (`MCP Lab: …`) on this page, from now on. */
export function loaderErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error' && message.text().startsWith('MCP Lab:'))
			errors.push(message.text());
	});
	return errors;
}

/**
 * A guide's body with one lab frame driven by the loader: `#status` says `ready: <lab>` or the
 * error `ready` was rejected with; `window.show()` says it again for the frame's next page.
 */
export const loaderGuide = (src: string, loader: string, height = 300) =>
	`<iframe src="${src}" title="MCP Lab" data-mcp-lab style="width:100%;height:${height}px;border:0"></iframe>
	<output id="status">waiting</output>
	<script src="${loader}"></script>
	<script>
		const lab = MCPLab.attach(document.querySelector('iframe'));
		const show = () => lab.ready.then(
			(ready) => (document.querySelector('#status').textContent = 'ready: ' + ready.lab),
			(error) => (document.querySelector('#status').textContent = error.message)
		);
		show();
		window.show = show;
		window.lab = lab;
	</script>`;

/**
 * A guide whose loader comes only when `attachLate` calls for it, after the frame's page said
 * `ready` or `missing` to nobody, as a slow script or a docs site that hydrates late brings it.
 * `#status` then says `ready: <lab>` or the error `ready` was rejected with.
 */
export const lateLoaderGuide = (src: string, loader: string) =>
	`<iframe src="${src}" title="MCP Lab"></iframe>
	<output id="status">waiting</output>
	<script>
		window.heard = [];
		addEventListener('message', (event) => window.heard.push(event.data && event.data.type));
		window.attachLate = () => {
			const script = document.createElement('script');
			script.src = ${JSON.stringify(loader)};
			script.onload = () => MCPLab.attach(document.querySelector('iframe')).ready.then(
				(ready) => (document.querySelector('#status').textContent = 'ready: ' + ready.lab),
				(error) => (document.querySelector('#status').textContent = error.message)
			);
			document.body.append(script);
		};
	</script>`;

/** Loads a late guide's loader once its frame has said `said` (`ready`, `missing`) to nobody. */
export async function attachLate(page: Page, said: string): Promise<void> {
	await page.waitForFunction(
		(type) => (window as unknown as { heard: string[] }).heard.includes(type),
		`mcp-lab:${said}`
	);
	await page.evaluate(() => (window as unknown as { attachLate(): void }).attachLate());
}
