import { expect, test, type Page } from '@playwright/test';
import {
	attachLate,
	lateLoaderGuide,
	loaderErrors,
	loaderGuide,
	startDocsSite
} from './helpers/docs-site';

// A docs site as an integrator builds one: its own origin (not the lab's), the lab in an iframe
// by the address the docs author typed, driven with the loader or with postMessage alone.

/** The loader's global, as a docs page's script sees it. */
type Loaded = {
	MCPLab: {
		attach(frame: Element): {
			ready: Promise<{ lab: string }>;
			command(
				name: string,
				args?: Record<string, unknown>
			): Promise<{ snapshot: { servers: Array<{ name: string; process: string }> } }>;
		};
	};
};

/** The lab's own address for `path` (the site under test). */
const labUrl = (page: Page, path: string) => new URL(path, page.url()).href;

/** Where the docs site's `/old/…` redirects (as an old address of the lab would). */
let labOrigin = '';
let docs: Awaited<ReturnType<typeof startDocsSite>>;
let docsOrigin = '';

test.beforeAll(async () => {
	docs = await startDocsSite((url, res) => {
		if (!url.startsWith('/old/')) return false;
		res.writeHead(301, { location: `${labOrigin}${url.slice(4)}` }).end();
		return true;
	});
	docsOrigin = docs.origin;
});
test.afterAll(() => docs.stop());

const docsPage = (page: Page, html: string) => docs.show(page, html);

test('a frame whose address redirects to another origin: the loader says what to change instead of waiting for ever', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=instant');
	const loader = labUrl(page, 'embed/mcp-lab-embed.js');
	// The address the docs author typed (http where the site is https, an old host name): the
	// server redirects it to the lab's own address, at another origin.
	labOrigin = new URL(lab).origin;
	const typed = `${docsOrigin}/old${new URL(lab).pathname}${new URL(lab).search}`;
	const errors = loaderErrors(page);
	await docsPage(page, loaderGuide(typed, loader));
	const said = `MCP Lab: the frame's page is at ${new URL(lab).origin}, not at ${docsOrigin} as its src says (a redirect?): set the iframe's src to the lab's own address`;
	await expect(page.locator('#status')).toHaveText(said);
	expect(errors).toEqual([said]);
	// A command asked now is refused with the same sentence, at once.
	const refused = await page.evaluate(() =>
		(window as unknown as Loaded).MCPLab.attach(document.querySelector('iframe')!)
			.command('getState')
			.then(
				() => 'answered',
				(error: Error) => error.message
			)
	);
	expect(refused).toBe(said);

	// The src set to the lab's own address, as the sentence says: the same frame is driven.
	const killed = await page.evaluate((src) => {
		const frame = document.querySelector('iframe')!;
		frame.src = src;
		return (window as unknown as Loaded).MCPLab.attach(frame)
			.command('kill', { server: 'filesystem' })
			.then(({ snapshot }) => snapshot.servers.find((s) => s.name === 'filesystem')?.process);
	}, lab);
	expect(killed).toBe('killed');
	expect(errors).toHaveLength(1);
});

test('a loader attached after the redirected frame said ready says what to change all the same', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=instant');
	labOrigin = new URL(lab).origin;
	const typed = `${docsOrigin}/old${new URL(lab).pathname}${new URL(lab).search}`;
	const errors = loaderErrors(page);
	await docsPage(page, lateLoaderGuide(typed, labUrl(page, 'embed/mcp-lab-embed.js')));
	// Its `ready` went to nobody, and it says nothing more: only the loader's probe can hear
	// where its page is.
	await attachLate(page, 'ready');
	const said = `MCP Lab: the frame's page is at ${labOrigin}, not at ${docsOrigin} as its src says (a redirect?): set the iframe's src to the lab's own address`;
	await expect(page.locator('#status')).toHaveText(said);
	expect(errors).toEqual([said]);
});

test('a lab in a hidden docs tab never asks for a height of 0; shown, its frame is as tall as its content', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=instant');
	// The README's bare form: postMessage alone, the frame sized from its resize messages.
	await docsPage(
		page,
		`<button type="button" id="show">Try it</button>
		<div id="tab" hidden>
			<iframe src="${lab}" title="MCP Lab" style="width:100%;height:640px;border:0"></iframe>
		</div>
		<script>
			const frame = document.querySelector('iframe');
			window.heard = [];
			addEventListener('message', (e) => {
				if (e.source !== frame.contentWindow) return;
				window.heard.push(e.data);
				if (e.data.type === 'mcp-lab:resize') frame.style.height = e.data.height + 'px';
			});
			document.querySelector('#show').addEventListener('click', () => {
				document.querySelector('#tab').hidden = false;
			});
		</script>`
	);
	const heard = () =>
		page.evaluate(() => (window as unknown as { heard: Array<Record<string, unknown>> }).heard);
	await expect.poll(async () => (await heard()).map((m) => m.type)).toContain('mcp-lab:ready');
	// Everything the frame says while hidden (ready and the state after it) has been said.
	await expect.poll(async () => (await heard()).map((m) => m.type)).toContain('mcp-lab:state');
	expect((await heard()).filter((m) => m.type === 'mcp-lab:resize')).toEqual([]);

	await page.getByRole('button', { name: 'Try it' }).click();
	const iframe = page.locator('iframe');
	const content = () =>
		page
			.frameLocator('iframe')
			.locator('body')
			.evaluate((body) => body.scrollHeight);
	await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(await content());
	expect((await heard()).filter((m) => m.type === 'mcp-lab:resize' && m.height === 0)).toEqual([]);
});

test('a tool that asks the host (elicitation) waits for an answer the docs page gives by postMessage', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/sandbox?speed=instant');
	await docsPage(
		page,
		`<iframe src="${lab}" title="MCP Lab" style="width:100%;height:640px;border:0"></iframe>
		<script>
			const frame = document.querySelector('iframe');
			const waiting = new Map();
			let next = 0;
			window.ready = new Promise((resolve) =>
				addEventListener('message', (e) => {
					if (e.source !== frame.contentWindow) return;
					if (e.data.type === 'mcp-lab:ready') resolve(e.data);
					if (e.data.type === 'mcp-lab:result') waiting.get(e.data.id)?.(e.data);
				})
			);
			window.command = (command, args) =>
				new Promise((resolve) => {
					const id = 'docs-' + ++next;
					waiting.set(id, resolve);
					frame.contentWindow.postMessage({ type: 'mcp-lab:command', id, command, args }, new URL(frame.src).origin);
				});
		</script>`
	);
	type Answer = {
		ok: boolean;
		error?: string;
		snapshot: {
			calls: Array<{ name: string; state: string; output: string }>;
			hostRequests: Array<{ id: string; kind: string; state: string; message: string }>;
		};
	};
	const command = (name: string, args: Record<string, unknown>) =>
		page.evaluate(
			([n, a]) =>
				(
					window as unknown as {
						command(n: string, a: Record<string, unknown>): Promise<Answer>;
					}
				).command(n, a),
			[name, args] as const
		);
	await page.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
	const set = await command('setScenario', {
		scenario: {
			host: { elicitation: true },
			mcp_servers: {
				tickets: {
					type: 'stdio',
					command: 'tickets',
					sim: {
						tools: [
							{
								name: 'close_ticket',
								inputSchema: { type: 'object' },
								steps: [
									{
										do: 'elicit',
										message: 'Close ticket 42 for good?',
										requestedSchema: {
											type: 'object',
											properties: { confirm: { type: 'boolean' } },
											required: ['confirm']
										}
									}
								],
								result: { content: [{ type: 'text', text: 'Ticket 42 closed' }] }
							}
						]
					}
				}
			}
		}
	});
	expect(set.ok).toBe(true);
	const called = await command('callTool', { name: 'mcp__tickets__close_ticket', arguments: {} });
	expect(called.snapshot.calls[0]).toMatchObject({ state: 'executing', output: '' });
	expect(called.snapshot.hostRequests).toEqual([
		expect.objectContaining({
			kind: 'elicitation',
			state: 'pending',
			message: 'Close ticket 42 for good?'
		})
	]);
	const answered = await command('answerElicitation', {
		request: called.snapshot.hostRequests[0].id,
		action: 'accept',
		content: { confirm: true }
	});
	expect(answered.snapshot.hostRequests[0].state).toBe('accepted');
	expect(answered.snapshot.calls[0]).toMatchObject({
		state: 'completed',
		output: 'Ticket 42 closed'
	});
	// The reader sees the call end in the frame's model calls panel.
	await expect(page.frameLocator('iframe').locator('#calls')).toContainText('Ticket 42 closed');
});

test('Tab from the docs page into a lab further down brings the focused skip link into view', async ({
	page
}) => {
	await page.setViewportSize({ width: 1200, height: 800 });
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=instant');
	// Prose between the page's last link and the lab, longer than the window: Tab moves from the
	// link straight into the frame, which is out of view until then.
	await docsPage(
		page,
		`<p><a href="#intro">Read the intro</a></p>
		<div style="height:2400px">A long explanation.</div>
		<iframe src="${lab}" title="MCP Lab" style="width:100%;height:600px;border:0"></iframe>
		<div style="height:2400px"></div>`
	);
	const frame = page.frameLocator('iframe');
	await expect(frame.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	await page.getByRole('link', { name: 'Read the intro' }).focus();
	await page.keyboard.press('Tab');
	const first = frame.getByRole('link', { name: 'Lesson', exact: true });
	await expect(first).toBeFocused();
	await expect(first).toBeInViewport();
	// And the next one, still in the same row of skip links.
	await page.keyboard.press('Tab');
	await expect(frame.getByRole('link', { name: 'Servers', exact: true })).toBeInViewport();
});

test('the loader lets go of a command in flight when the frame reloads itself, and drives the new page', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=slow');
	await docsPage(
		page,
		`<iframe src="${lab}" title="MCP Lab" data-mcp-lab style="width:100%;height:640px;border:0"></iframe>
		<output id="status">waiting</output>
		<script src="${labUrl(page, 'embed/mcp-lab-embed.js')}"></script>
		<script>
			window.lab = MCPLab.attach(document.querySelector('iframe'));
			lab.ready.then(() => (document.querySelector('#status').textContent = 'ready'));
		</script>`
	);
	await expect(page.locator('#status')).toHaveText('ready');
	type Lab = Loaded['MCPLab'] extends { attach(f: Element): infer H } ? H : never;
	const outcome = page.evaluate(async () => {
		const lab = (window as unknown as { lab: Lab }).lab;
		// An hour's delay: the call is still in flight when the frame reloads.
		await lab.command('delay', { server: 'internal-api', ms: 3_600_000 });
		const call = lab.command('callTool', {
			name: 'mcp__internal-api__search_orders',
			arguments: { query: 'late' }
		});
		document.querySelector('#status')!.textContent = 'calling';
		return call.then(
			() => 'answered',
			(error: Error) => error.message
		);
	});
	await expect(page.locator('#status')).toHaveText('calling');
	await expect(page.frameLocator('iframe').locator('#calls')).toContainText(
		'mcp__internal-api__search_orders'
	);
	// The reader reloads the frame (its context menu), or the lab's page reloads itself.
	await page.frames()[1].evaluate(() => location.reload());
	expect(await outcome).toBe('MCP Lab: the frame loaded another page');
	// The new page is driven once it is up: its world is the lab's first.
	const process = await page.evaluate(() =>
		(window as unknown as { lab: Lab }).lab
			.command('getState')
			.then(({ snapshot }) => snapshot.servers.find((s) => s.name === 'filesystem')?.process)
	);
	expect(process).toBe('running');
});

test('a frame whose page is still loading a resource when its world has started says ready only once loaded: no command is lost to that load', async ({
	page
}) => {
	await page.goto('embed');
	const lab = labUrl(page, 'embed/01-connection-isolation?speed=instant');
	const held = labUrl(page, 'held-image.png');
	// A resource of the lab's page that is slow to come (an image, a font): its load event waits
	// for it, while the world starts at once. The loader takes a load event after ready as
	// another page, and rejects what it sent to the old one.
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route(held, async (route) => {
		await released;
		await route.fulfill({ status: 404, body: '' });
	});
	await page.addInitScript((url) => {
		if (!location.pathname.includes('/embed/01-')) return;
		const image = new Image();
		image.src = url;
		(window as unknown as { held: HTMLImageElement }).held = image;
	}, held);
	const errors = loaderErrors(page);
	// The guide's own load waits for its frame's.
	await docs.show(
		page,
		loaderGuide(lab, labUrl(page, 'embed/mcp-lab-embed.js')),
		'domcontentloaded'
	);
	const frame = page.frameLocator('iframe');
	await expect(frame.locator('#registry')).toContainText('mcp__filesystem__read_file');
	await expect(frame.locator('#servers')).toContainText('connected');
	// Started, but its page has not loaded: not ready yet.
	expect(await page.frames()[1].evaluate(() => document.readyState)).not.toBe('complete');
	await expect(page.locator('#status')).toHaveText('waiting');
	release();
	await expect(page.locator('#status')).toHaveText('ready: 01-connection-isolation');
	type Lab = Loaded['MCPLab'] extends { attach(f: Element): infer H } ? H : never;
	const kill = await page.evaluate(() =>
		(window as unknown as { lab: Lab }).lab.command('kill', { server: 'filesystem' }).then(
			({ snapshot }) => snapshot.servers.find((s) => s.name === 'filesystem')?.process,
			(error: Error) => error.message
		)
	);
	expect(kill).toBe('killed');
	expect(errors).toEqual([]);
});
