import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';
import { labSteps } from './helpers/play-lab';
import { saidLast } from './helpers/live-region';

// The /embed page (pick a lab and panels, copy the snippet, preview it) and the static example
// host page that drives a lab through the loader script.

const NAMING = 'Naming adaptation: how an MCP tool becomes a tool the model can call';

/** The absolute URL of a site path, as the page writes it (it knows where it is served). */
const siteUrl = (page: Page, path: string) => new URL(path, page.url()).href;
const snippetOf = (page: Page) => page.getByTestId('embed-snippet');

test('a lab and panels chosen by keyboard give the snippet and the preview of that URL', async ({
	page
}) => {
	await page.goto('embed');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embed a lab');
	// Hydrated: the snippet's URLs are absolute.
	await expect(snippetOf(page)).toHaveValue(/src="http/);

	await page.getByLabel('Lab', { exact: true }).focus();
	// From the first lab (00) to the third.
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('ArrowDown');
	await expect(page.getByLabel('Lab', { exact: true })).toHaveValue('02-naming');
	await page.getByRole('checkbox', { name: /^Servers/ }).focus();
	await page.keyboard.press('Space');
	await page.getByRole('checkbox', { name: /^Protocol log/ }).focus();
	await page.keyboard.press('Space');
	// A step the lab does not have is said, and left out of the URL.
	await page.getByLabel('Open at step').fill('99');
	await expect(page.getByLabel('Open at step')).toHaveAttribute('aria-invalid', 'true');
	await expect(
		page.getByText(t('en', 'embed_step_invalid', { max: labSteps('02-naming').length - 1 }))
	).toBeVisible();
	await expect(snippetOf(page)).not.toHaveValue(/step=/);
	await page.getByLabel('Open at step').fill('2');
	await expect(page.getByLabel('Open at step')).toHaveAttribute('aria-invalid', 'false');
	await page.getByLabel('Height in pixels').fill('500');

	const url = siteUrl(page, 'embed/02-naming?view=servers,log&step=2');
	const snippet = snippetOf(page);
	await expect(snippet).toHaveValue(
		[
			'<iframe',
			`\tsrc="${url.replace('&', '&amp;')}"`,
			`\ttitle="MCP Lab: ${NAMING}"`,
			'\tstyle="width: 100%; height: 500px; border: 0"',
			'\tallow="clipboard-write"',
			'\tloading="lazy"',
			'\tdata-mcp-lab',
			'></iframe>',
			`<script src="${siteUrl(page, 'embed/mcp-lab-embed.js')}"></script>`
		].join('\n')
	);

	// The preview is that URL, speaking only while focus is in it (announce=focus, the preview's
	// alone), and the lab in it runs with only those panels.
	const preview = page.getByTestId('embed-preview');
	await expect(preview).toHaveAttribute('src', `${url}&announce=focus`);
	const frame = page.frameLocator('[data-testid="embed-preview"]');
	await expect(frame.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	await expect(frame.getByRole('heading', { level: 1 })).toHaveText(NAMING);
	await expect(frame.getByRole('heading', { name: /^Protocol log/ })).toBeVisible();
	await expect(frame.getByRole('heading', { name: /^Tool registry/ })).toHaveCount(0);
	// Its start-up, on every change of the form, was not read out over the typing; used, it speaks.
	const region = frame.getByTestId('live-region');
	await expect(page.getByLabel('Height in pixels')).toBeFocused();
	await expect(region).toHaveText('');
	const kill = frame.getByRole('button', { name: /^Kill / }).first();
	const server = (await kill.getAttribute('aria-label'))!.replace(/^Kill /, '');
	await kill.click();
	await expect(region).toContainText(server);

	// Without the loader, the snippet is the iframe alone.
	await page.getByRole('checkbox', { name: /^Add the loader script/ }).press('Space');
	await expect(snippet).not.toHaveValue(/<script|data-mcp-lab/);
});

test('the loader is served as JavaScript', async ({ page }) => {
	const response = await page.request.get('embed/mcp-lab-embed.js');
	expect(response.status()).toBe(200);
	expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
	// The docs say "under 4 KiB gzipped" (it is served as written, comments and all).
	expect(gzipSync(await response.body()).length).toBeLessThan(4 * 1024);
});

test('the loader attached after the frame is ready still gets ready, and follows the frame to another lab', async ({
	page
}) => {
	// A plain host page of the site's origin (addresses resolve from the site's root).
	await page.goto('.');
	await page.setContent(
		`<iframe id="f" src="${siteUrl(page, 'embed/01-connection-isolation?speed=instant')}" style="width:100%;height:400px"></iframe>`
	);
	const frame = page.frameLocator('#f');
	await expect(frame.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	// The frame said ready long ago; a late script attaches now.
	await page.addScriptTag({ url: siteUrl(page, 'embed/mcp-lab-embed.js') });
	const first = await page.evaluate(async () => {
		const w = window as unknown as {
			MCPLab: {
				attach(f: Element): {
					ready: Promise<{ lab: string }>;
					command(n: string): Promise<{ snapshot: { lab: string } }>;
				};
			};
			lab: unknown;
		};
		const lab = w.MCPLab.attach(document.getElementById('f')!);
		w.lab = lab;
		return (await lab.ready).lab;
	});
	expect(first).toBe('01-connection-isolation');
	// Another lab in the same frame: commands go to it once it is ready, not to the old page.
	const second = await page.evaluate(
		async (src) => {
			const lab = (
				window as unknown as {
					lab: {
						ready: Promise<unknown>;
						command(n: string): Promise<{ snapshot: { lab: string } }>;
					};
				}
			).lab;
			document.getElementById('f')!.setAttribute('src', src);
			const state = await lab.command('getState');
			return state.snapshot.lab;
		},
		siteUrl(page, 'embed/05-fault-drills?speed=instant')
	);
	expect(second).toBe('05-fault-drills');
});

test('the loader lets go of a frame the page removes, and drives it again once put back', async ({
	page
}) => {
	await page.goto('.');
	await page.setContent(
		`<main></main><iframe id="f" data-mcp-lab src="${siteUrl(page, 'embed/01-connection-isolation?speed=instant')}" style="width:100%;height:400px"></iframe>`
	);
	await page.addScriptTag({ url: siteUrl(page, 'embed/mcp-lab-embed.js') });
	const outcomes = await page.evaluate(async () => {
		type Lab = {
			ready: Promise<unknown>;
			command(n: string): Promise<{ snapshot: { lab: string } }>;
		};
		const w = window as unknown as { MCPLab: { attach(f: Element): Lab } };
		const frame = document.getElementById('f')!;
		const lab = w.MCPLab.attach(frame);
		await lab.ready;
		const settle = (p: Promise<{ snapshot: { lab: string } }>) =>
			p.then(
				(r) => `lab ${r.snapshot.lab}`,
				(e: Error) => e.message
			);
		// Asked, then the router drops the frame before it answers.
		const asked = settle(lab.command('getState'));
		frame.remove();
		const removed = await asked;
		// A single-page site brings it back (a new page loads in it).
		const later = settle(lab.command('getState'));
		document.querySelector('main')!.append(frame);
		return [removed, await later];
	});
	expect(outcomes).toEqual([
		'MCP Lab: the frame was removed from the page',
		'lab 01-connection-isolation'
	]);
});

test('origin, theme, controls and captions reach the URL; an unusable origin is left out and said so', async ({
	page
}) => {
	await page.goto('embed');
	// The page runs (the snippet has its absolute address) before the form is used: a choice made
	// in the prerendered page would be undone by hydration.
	await expect(snippetOf(page)).toHaveValue(/src="http/);
	await page.getByLabel('Lab', { exact: true }).selectOption('sandbox');
	await page.getByLabel('Theme').selectOption('dark');
	await page.getByRole('checkbox', { name: /^Show the controls/ }).uncheck();
	await expect(page.getByLabel('Open at step')).toBeDisabled();
	const origin = page.getByLabel(/^Origin of your docs page/);
	await origin.fill('docs.example.com');
	await expect(page.getByText(/^Not a usable origin/)).toBeVisible();
	await expect(origin).toHaveAttribute('aria-invalid', 'true');
	await expect(snippetOf(page)).toHaveValue(/embed\/sandbox\?theme=dark&amp;controls=0"/);
	await origin.fill('https://docs.example.com/guide/');
	await expect(page.getByText(/^Not a usable origin/)).toHaveCount(0);
	await expect(snippetOf(page)).toHaveValue(
		/embed\/sandbox\?theme=dark&amp;controls=0&amp;origin=https:\/\/docs\.example\.com"/
	);
	await expect(snippetOf(page)).toHaveValue(/title="MCP Lab: Sandbox"/);
	await page.getByRole('checkbox', { name: /^Caption bar/ }).check();
	await expect(snippetOf(page)).toHaveValue(
		/embed\/sandbox\?theme=dark&amp;controls=0&amp;captions=1&amp;origin=https:\/\/docs\.example\.com"/
	);
});

test('lab 08 reaches the reader’s machine: its snippet lets the frame ask, and says why', async ({
	page
}) => {
	await page.goto('embed');
	await expect(snippetOf(page)).toHaveValue(/src="http/);
	await expect(snippetOf(page)).toHaveValue(/\n\tallow="clipboard-write"\n/);
	await expect(page.getByTestId('embed-allow-note')).toHaveCount(0);
	await page.getByLabel('Lab', { exact: true }).selectOption('08-live-mode');
	await expect(snippetOf(page)).toHaveValue(
		/\n\tallow="clipboard-write; loopback-network; local-network-access"\n/
	);
	await expect(page.getByTestId('embed-allow-note')).toHaveText(t('en', 'embed_allow_note'));
	await page.getByLabel('Lab', { exact: true }).selectOption('01-connection-isolation');
	await expect(snippetOf(page)).toHaveValue(/\n\tallow="clipboard-write"\n/);
});

test('Copy puts the snippet on the clipboard and says so in the live region', async ({
	page,
	context,
	baseURL
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
		origin: new URL(baseURL!).origin
	});
	await page.goto('embed');
	await expect(snippetOf(page)).toHaveValue(/src="http/);
	await page.getByRole('button', { name: 'Copy snippet' }).press('Enter');
	await expect(page.getByTestId('copy-status')).toHaveText('Copied');
	await expect(page.getByTestId('live-region')).toHaveText(saidLast('Copied'));
	const copied = await page.evaluate(() => navigator.clipboard.readText());
	expect(copied).toBe(await snippetOf(page).inputValue());
	// A changed snippet has not been copied yet.
	await page.getByLabel('Height in pixels').fill('700');
	await expect(page.getByTestId('copy-status')).toHaveCount(0);
});

test('when the clipboard refuses, the snippet is selected and the page says what to do', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(navigator, 'clipboard', {
			value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }
		});
	});
	await page.goto('embed');
	await expect(snippetOf(page)).toHaveValue(/src="http/);
	await page.getByRole('button', { name: 'Copy snippet' }).click();
	await expect(page.getByTestId('copy-status')).toHaveText(/^The browser refused to copy/);
	await expect(page.getByTestId('live-region')).toContainText('The browser refused to copy');
	await expect(snippetOf(page)).toBeFocused();
	const selected = await snippetOf(page).evaluate(
		(area: HTMLTextAreaElement) => area.selectionEnd - area.selectionStart
	);
	expect(selected).toBe((await snippetOf(page).inputValue()).length);
});

test('in Chinese the page is translated and the snippet asks for the Chinese lab', async ({
	page
}) => {
	await page.goto('embed?lang=zh-CN');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('嵌入实验');
	await expect(page.getByRole('heading', { name: '代码片段' })).toBeVisible();
	await expect(page.getByRole('button', { name: '复制代码片段' })).toBeVisible();
	await expect(page.getByLabel('实验的语言')).toHaveValue('zh-CN');
	await expect(snippetOf(page)).toHaveValue(
		/embed\/00-protocol-basics\?lang=zh-CN"\n\ttitle="MCP Lab：握手与能力/
	);
});

test('the site header links to the embed page', async ({ page }) => {
	await page.goto('');
	await page.getByRole('link', { name: 'Embed', exact: true }).click();
	await expect(page).toHaveURL(/\/embed$/);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embed a lab');
});

test('the example host page drives a lab through the loader, which sizes the frame', async ({
	page
}) => {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text());
	});
	await page.goto('embed/example.html');
	await expect(page.locator('#status')).toHaveText(
		'Ready: lab 01-connection-isolation, contract version 1.'
	);

	await page.getByRole('button', { name: 'Kill filesystem' }).click();
	await expect(page.locator('#result')).toContainText('kill: ok');
	await expect(page.locator('#result')).toContainText('filesystem: connected, process killed');

	await page.getByRole('button', { name: 'Call read_file' }).click();
	await expect(page.locator('#result')).toContainText(
		"the model reads: MCP server 'filesystem' call failed"
	);

	await page.getByRole('button', { name: 'Kill a server that does not exist' }).click();
	await expect(page.locator('#result')).toContainText('kill refused: ');

	// The height comes from the lab's resize messages: it is the lab page's own content height.
	const frame = page.locator('iframe[data-mcp-lab]');
	await expect(page.locator('#height')).toHaveText(/^\d+ px$/);
	await expect
		.poll(async () => {
			const [style, content] = await frame.evaluate((el: HTMLIFrameElement) => [
				el.style.height,
				Math.ceil(el.contentDocument!.documentElement.scrollHeight)
			]);
			return style === `${content}px` && style !== '600px';
		})
		.toBe(true);
	expect(errors).toEqual([]);
});

test('the docs’ host page example works as pasted, with the origin set to the host’s', async ({
	page
}) => {
	await page.goto('embed');
	const code = await page.locator('code', { hasText: 'MCPLab.attach' }).textContent();
	// The host page is served beside the site, so its origin is the preview's.
	const host = new URL('__docs-example.html', page.url());
	const body = code!.replaceAll('https://docs.example.com', host.origin);
	await page.route(host.href, (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: `<!doctype html><html lang="en"><title>Host</title><body>${body}</body></html>`
		})
	);
	await page.goto(host.href);
	await page.getByRole('button', { name: 'Kill the filesystem server' }).click();
	await expect(page.locator('#answer')).toHaveText('filesystem: connected, process killed');
});
