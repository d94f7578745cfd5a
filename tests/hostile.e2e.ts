import { expect, test, type Frame, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { importWorld } from './helpers/editor-form';
import { t } from './helpers/messages';

// Server-provided text is hostile (shared/design/architecture.md, convention 7): names,
// descriptions, schemas and results may carry markup, script URLs, bidi controls, megabytes of
// text and absurd nesting. Whatever a server sends must show as inert text, cut to a bound,
// and leave the page working. Driven as a docs page would (the embed host fixture and
// setScenario) and as a learner would (/sandbox: import a file, Apply, call from the panel).

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

/** Set by every payload that manages to run; must stay undefined. */
const CANARY = 'window.__pwned=1';
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = `<script>${CANARY};alert(1)</script>`;
const HTML = [
	IMG,
	`<img src=x onerror="${CANARY};alert(1)">`,
	SCRIPT,
	`<svg/onload="${CANARY};alert(1)">`,
	`<a href="javascript:${CANARY};alert(1)">click me</a>`,
	`javascript:${CANARY};alert(1)`,
	`{@html '<img src=x onerror="${CANARY}">'}`,
	`<iframe srcdoc="<script>parent.${CANARY}</script>"></iframe>`,
	`"><img src=x onerror="${CANARY}">`
].join(' ');
/** Right-to-left override: "evil.exe" would read as "exe.live" if it leaked into the page. */
const BIDI = '\u202Eevil.exe\u202C';
const ZERO_WIDTH = 'zero\u200Bwidth\uFEFFname';

interface Spec {
	html: string;
	bidi: string;
	zeroWidth: string;
	/** Length of the huge result and the huge description. */
	big: number;
	/**
	 * JSON nesting levels of the deep inputSchema and of the deep structuredContent. (A host's
	 * postMessage cannot carry much more: in Chromium a command nested about 2,500 levels deep
	 * never reaches the frame, and no error is raised on either side.)
	 */
	schemaDepth: number;
	contentDepth: number;
	/** Length of the long server and tool names. */
	long: number;
}

const SPEC: Spec = {
	html: HTML,
	bidi: BIDI,
	zeroWidth: ZERO_WIDTH,
	big: 10_000_000,
	schemaDepth: 2_000,
	// Printable (under Python's recursion limit); 2,000 levels are tested on their own below.
	contentDepth: 900,
	long: 100_000
};

const HTML_SERVER = `${IMG}${BIDI}${ZERO_WIDTH}`;
const LONG_SERVER = 'S'.repeat(SPEC.long);

/**
 * The hostile world. Self-contained: it is also serialised and run inside the host page, so
 * 20 MB of payload is built there instead of crossing the test driver's pipe.
 */
function hostileScenario(spec: Spec) {
	const { html, bidi, zeroWidth, big, schemaDepth, contentDepth, long } = spec;
	let schema: Record<string, unknown> = { type: 'string', description: html };
	// Two JSON levels per schema level (the schema, then its `properties`).
	for (let i = 0; i < schemaDepth / 2; i++)
		schema = { type: 'object', properties: { deeper: schema } };
	let value: Record<string, unknown> = { leaf: html };
	for (let i = 0; i < contentDepth; i++) value = { level: contentDepth - i, next: value };
	return {
		mcp_servers: {
			[`<img src=x onerror=alert(1)>${bidi}${zeroWidth}`]: {
				type: 'stdio',
				command: html,
				args: [html, bidi],
				env: { [html]: html },
				sim: {
					serverInfo: { name: html, version: html },
					instructions: html,
					tools: [
						{
							name: `<script>window.__pwned=1;alert(1)</script>${bidi}${zeroWidth}`,
							title: html,
							description: `${html} ${bidi} ${zeroWidth}`,
							inputSchema: {
								type: 'object',
								description: html,
								properties: {
									[html]: { type: 'string', description: html, default: html },
									note: { type: 'string', pattern: html, format: bidi },
									[`field${bidi}`]: { type: 'string', description: bidi }
								},
								required: [`missing${bidi}`]
							},
							annotations: { title: html },
							result: {
								content: [
									{ type: 'text', text: `${html}\n${bidi}\n${zeroWidth}` },
									{ type: 'resource_link', uri: 'javascript:window.__pwned=1', name: html }
								]
							}
						}
					],
					resources: [{ uri: `javascript:window.__pwned=1`, name: html, description: html }]
				}
			},
			big: {
				type: 'stdio',
				command: 'node',
				args: ['big.js'],
				sim: {
					tools: [
						{
							name: 'huge_result',
							description: 'answers with 10 MB of text',
							inputSchema: { type: 'object', properties: {} },
							result: { content: [{ type: 'text', text: 'x'.repeat(big) }] }
						},
						{
							name: 'huge_description',
							description: 'd'.repeat(big),
							inputSchema: { type: 'object', properties: {} }
						},
						{
							name: 'deep',
							description: `${schemaDepth} levels of nesting`,
							inputSchema: schema,
							// A tool with an outputSchema: OpenHarness's session checks the structured content
							// against it (the jsonschema port), which passes: only `level` is constrained.
							outputSchema: { type: 'object', properties: { level: { type: 'number' } } },
							result: { content: [], structuredContent: value }
						},
						{
							// OpenHarness prints the whole instance in its error (jsonschema's str() of a
							// pprint): a megabyte of short lines, each one a line of that text.
							name: 'broken_schema',
							description: 'structured content its own outputSchema refuses',
							inputSchema: { type: 'object', properties: {} },
							outputSchema: { type: 'object', properties: { lines: { type: 'integer' } } },
							result: { content: [], structuredContent: { lines: 'ab cd\n'.repeat(big / 60) } }
						}
					]
				}
			},
			['S'.repeat(long)]: {
				type: 'stdio',
				command: 'node',
				args: ['long.js'],
				sim: { tools: [{ name: 'T'.repeat(long), description: zeroWidth }] }
			}
		}
	};
}

interface CallSummary {
	id: string;
	name: string;
	state: string;
	isError: boolean;
	outputLength: number;
	outputHead: string;
	errorLength: number;
}
interface Summary {
	ok: boolean;
	error?: string;
	registry: Array<{ name: string; server: string; tool: string; available: boolean }>;
	servers: Array<{ name: string; state: string; detail: string; process: string }>;
	calls: CallSummary[];
}

/**
 * Sends a command from the host page and summarises the answer there: the snapshot itself
 * may carry megabytes (see the huge-result test), which would only slow the driver down.
 */
async function send(page: Page, command: string, args?: Record<string, unknown>) {
	return page.evaluate(
		async ([command, args]) => {
			type Result = {
				ok: boolean;
				error?: string;
				snapshot?: {
					registry: Summary['registry'];
					servers: Summary['servers'];
					calls: Array<
						Omit<CallSummary, 'outputLength' | 'outputHead' | 'errorLength'> & {
							output: string;
							error: string;
						}
					>;
				};
			};
			const host = window as unknown as {
				command: (command: string, args?: unknown) => Promise<Result>;
				hostile?: unknown;
			};
			const real = command === 'setHostileScenario' ? 'setScenario' : command;
			const result = await host.command(
				real,
				command === 'setHostileScenario' ? { scenario: host.hostile } : args
			);
			const snapshot = result.snapshot;
			return {
				ok: result.ok,
				error: result.error,
				registry: snapshot?.registry ?? [],
				servers: snapshot?.servers ?? [],
				calls: (snapshot?.calls ?? []).map(({ output, error, ...call }) => ({
					...call,
					outputLength: output.length,
					outputHead: output.slice(0, 1000),
					errorLength: error.length
				}))
			} satisfies Summary;
		},
		[command, args] as const
	);
}

/** Fails the test on any dialog, page error or console error, in the page or its frames. */
function guard(page: Page) {
	const problems: string[] = [];
	page.on('dialog', (dialog) => {
		problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
		void dialog.dismiss();
	});
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message.slice(0, 500)}`));
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(`console: ${message.text().slice(0, 500)}`);
	});
	return problems;
}

/** What the payloads could have done to a frame, and how much text the frame shows. */
async function inspect(frame: Frame) {
	return frame.evaluate(() => {
		const all = [...document.querySelectorAll('*')];
		// The scenario editor shows the learner's own document (on /sandbox, the imported file
		// itself), not what servers sent; it is measured, but not bounded here.
		const editor = document.querySelector<HTMLElement>('#editor');
		const editorText = editor?.innerText.length ?? 0;
		return {
			pwned: (window as unknown as { __pwned?: unknown }).__pwned,
			bodyText: document.body.innerText.length - editorText,
			editorText,
			html: document.documentElement.outerHTML.length,
			panels: Object.fromEntries(
				[...document.querySelectorAll('section[id]:not(#editor)')].map((s) => [
					s.id,
					(s.textContent ?? '').length
				])
			),
			// Markup that only a payload could have put there.
			// (CodeMirror's own cm-widgetBuffer images have no src.)
			images: document.querySelectorAll('img[src]').length,
			iframes: document.querySelectorAll('iframe').length,
			scripts: [...document.scripts].filter((s) => (s.textContent ?? '').includes('__pwned'))
				.length,
			handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length,
			scriptUrls: all.filter((el) =>
				[...el.attributes].some((a) => /^\s*javascript:/i.test(a.value))
			).length,
			// A right-to-left override outside an isolate (<bdi>, FSI…PDI, or a box of its own: an
			// option, a form field, the editor's line) would reorder the text around it.
			unisolatedBidi: textNodes()
				.filter((node) =>
					/[\u202a-\u202e]/.test(node.data.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, ''))
				)
				.filter((node) => !node.parentElement?.closest('bdi, option, textarea, .cm-line'))
				.map((node) => `${node.parentElement?.tagName}: ${node.data.slice(0, 80)}`)
		};
		function textNodes() {
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
			const nodes: Text[] = [];
			while (walker.nextNode()) nodes.push(walker.currentNode as Text);
			return nodes;
		}
	});
}

const PANEL_MAX = 200_000;
const BODY_MAX = 400_000;

async function expectInertAndBounded(frame: Frame, page: Page) {
	const seen = await inspect(frame);
	test.info().annotations.push({ type: 'measured', description: JSON.stringify(seen) });
	expect(seen.pwned).toBeUndefined();
	expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBe(
		undefined
	);
	expect({
		images: seen.images,
		iframes: seen.iframes,
		scripts: seen.scripts,
		handlers: seen.handlers,
		scriptUrls: seen.scriptUrls
	}).toEqual({ images: 0, iframes: 0, scripts: 0, handlers: 0, scriptUrls: 0 });
	expect(seen.unisolatedBidi).toEqual([]);
	for (const [panel, length] of Object.entries(seen.panels))
		expect(length, `text in panel #${panel}`).toBeLessThan(PANEL_MAX);
	expect(seen.bodyText, 'document.body.innerText.length (without the editor)').toBeLessThan(
		BODY_MAX
	);
	return seen;
}

async function openEmbed(page: Page, view: string) {
	await page.goto(`__fixtures__/embed-host.html?lab=sandbox&speed=instant&view=${view}`);
	await page.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
	const frame = page.frame({ url: /\/embed\/sandbox/ });
	if (!frame) throw new Error('the embed frame is missing');
	return frame;
}

/** Opens the wire log entries of tools/list and tools/call, where whole messages are shown. */
async function openToolMessages(frame: Frame) {
	await frame.locator('#log details').evaluateAll((all) => {
		for (const details of all as HTMLDetailsElement[])
			if (/tools\/(list|call)/.test(details.querySelector('summary')?.textContent ?? ''))
				details.open = true;
	});
}

test.describe('hostile server content', () => {
	// 20 MB of scenario crosses postMessage and the SDK's in-memory pair; this is about what the
	// page does with it, not how fast (no timing is asserted).
	test.setTimeout(120_000);

	test('in the embed: inert, bounded, and the frame keeps answering', async ({ page }) => {
		const problems = guard(page);
		const frame = await openEmbed(page, 'servers,input,machine,registry,pipeline,log');
		await page.evaluate(
			`void (window.hostile = (${hostileScenario.toString()})(${JSON.stringify(SPEC)}))`
		);
		const set = await send(page, 'setHostileScenario');
		expect(set.error).toBeUndefined();
		expect(set.ok).toBe(true);
		expect(set.servers.map((s) => s.state)).toEqual(['connected', 'connected', 'connected']);
		expect(set.servers.map((s) => s.name).sort()).toEqual([HTML_SERVER, LONG_SERVER, 'big'].sort());

		const byTool = (match: (tool: string) => boolean) => {
			const entry = set.registry.find((e) => match(e.tool));
			if (!entry) throw new Error('tool missing from the registry');
			return entry.name;
		};
		const names = {
			html: byTool((tool) => tool.startsWith('<script>')),
			hugeResult: byTool((tool) => tool === 'huge_result'),
			hugeDescription: byTool((tool) => tool === 'huge_description'),
			deep: byTool((tool) => tool === 'deep'),
			brokenSchema: byTool((tool) => tool === 'broken_schema'),
			long: byTool((tool) => tool.startsWith('TTTT'))
		};
		// OpenHarness's adapted names keep only [A-Za-z0-9_-]: no markup survives into a name.
		expect(names.html).toMatch(/^mcp__[\w-]+$/);

		for (const name of Object.values(names)) {
			const called = await send(page, 'callTool', { name, arguments: {} });
			expect(called.ok, `call of ${name.slice(0, 60)}`).toBe(true);
			expect(called.calls.at(-1)?.state).toBe('completed');
		}
		const state = await send(page, 'getState');
		const calls = Object.fromEntries(
			Object.entries(names).map(([key, name]) => [key, state.calls.find((c) => c.name === name)!])
		);
		for (const key of ['html', 'hugeResult', 'hugeDescription', 'long'] as const)
			expect(calls[key], calls[key].outputHead).toMatchObject({ isError: false });
		expect(calls.html.outputHead).toContain(IMG);
		// (Whether OpenHarness's own truncation of large outputs applies is another test's business:
		// the length is recorded below.)
		// The deep structuredContent came back, as OpenHarness prints it (a Python dict repr).
		expect(calls.deep, calls.deep.outputHead).toMatchObject({ isError: false });
		expect(calls.deep.outputHead).toContain("{'level': 1, 'next': {'level': 2, ");
		// The check of the result against its outputSchema failed the call, and the text is too long
		// for the model: OpenHarness's truncation block, with the error's start as the preview.
		expect(calls.brokenSchema).toMatchObject({ isError: true });
		expect(calls.brokenSchema.outputHead).toMatch(/^\[Tool output truncated\]\n/);
		expect(calls.brokenSchema.outputHead).toContain(
			"MCP server 'big' call failed: Invalid structured content returned by tool broken_schema: 'ab cd\\nab cd"
		);
		test.info().annotations.push({
			type: 'snapshot output lengths',
			description: JSON.stringify(
				Object.fromEntries(Object.entries(calls).map(([k, c]) => [k, c.outputLength]))
			)
		});

		// Inert: the payload is on screen as the literal text.
		await expect(frame.locator('#calls').getByText(IMG).first()).toBeVisible();
		await expect(frame.locator('#servers').getByText(IMG).first()).toBeVisible();

		// Every tool in the input-model panel, one after the other (each shows its schema and the
		// description as the model API receives it).
		const pick = frame.locator('#input-model').getByLabel(en('input_tool'), { exact: true });
		for (const name of Object.values(names)) {
			await pick.selectOption(name);
			await expect(frame.locator('#input-model')).toContainText(en('input_schema_heading'));
			await expectInertAndBounded(frame, page);
		}
		await openToolMessages(frame);
		const seen = await expectInertAndBounded(frame, page);
		expect(seen.panels.log).toBeGreaterThan(0);

		// Responsive: the host still gets answers, and the frame's own buttons still work.
		expect((await send(page, 'getState')).ok).toBe(true);
		await frame.getByRole('button', { name: en('servers_kill_label', { server: 'big' }) }).click();
		await expect(
			frame.getByRole('button', { name: en('servers_restart_label', { server: 'big' }) })
		).toBeEnabled();
		const after = await send(page, 'getState');
		expect(after.servers.find((s) => s.name === 'big')?.process).toBe('killed');

		// What the host received: the contract says a call's `output` is the text the model gets,
		// bounded as the profile bounds it; record how big the messages it posted really were.
		test.info().annotations.push({
			type: 'host messages',
			description: JSON.stringify(
				await page.evaluate(() => {
					const messages = (window as unknown as { messages: Array<{ type: string }> }).messages;
					const sizes = messages.map((m) => JSON.stringify(m).length);
					return {
						count: messages.length,
						over1MB: sizes.filter((n) => n > 1_000_000).length,
						largest: Math.max(...sizes),
						total: sizes.reduce((a, b) => a + b, 0)
					};
				})
			)
		});

		expect(problems).toEqual([]);
	});

	test('in /sandbox: an imported hostile world is inert, bounded, and the page works', async ({
		page
	}, testInfo) => {
		const problems = guard(page);
		await page.goto('sandbox?speed=instant');
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		const editor = page.getByRole('textbox', { name: en('editor_json_label') });
		await expect(editor).toBeVisible();

		// Chosen as a file on disk: Playwright then hands Chromium its path. Given as a buffer, the
		// 20 MB went through the driver's pipe as base64, 12 of this test's 20 s; the page
		// itself reads and checks the file in under a second.
		const file = testInfo.outputPath('hostile.json');
		writeFileSync(file, JSON.stringify(hostileScenario(SPEC)));
		const chooser = page.waitForEvent('filechooser');
		await page.getByRole('button', { name: en('editor_import') }).click();
		await (await chooser).setFiles(file);
		const outcome = page.getByTestId('editor-outcome');
		await expect(outcome).toContainText(en('editor_imported', { file: 'hostile.json' }));
		await page.getByRole('button', { name: en('editor_apply') }).click();
		await expect(outcome).toContainText(en('editor_validation_passed'), { timeout: 60_000 });
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

		// Call every tool from the panel, as a learner would.
		const calls = page.locator('#calls');
		const select = calls.getByLabel(en('call_tool'), { exact: true });
		const options = await select
			.locator('option')
			.evaluateAll((all) => (all as HTMLOptionElement[]).map((o) => o.value));
		const tools = options.filter((value) => value.startsWith('mcp__'));
		expect(tools).toHaveLength(6);
		for (const [i, name] of tools.entries()) {
			await select.selectOption(name);
			await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
			await expect(calls.locator('li')).toHaveCount(i + 1);
			await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		}
		await expect(calls.getByText(IMG).first()).toBeVisible();

		const frame = page.mainFrame();
		await openToolMessages(frame);
		await expectInertAndBounded(frame, page);

		// Responsive: a harness button and a server button still do what they say.
		await page.getByRole('button', { name: en('harness_reconnect') }).click();
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		await page.getByRole('button', { name: en('servers_kill_label', { server: 'big' }) }).click();
		await expect(
			page.getByRole('button', { name: en('servers_restart_label', { server: 'big' }) })
		).toBeEnabled();

		expect(problems).toEqual([]);
	});

	// A result nested past Python's recursion limit cannot be printed: the call fails with
	// Python's RecursionError text (src/lib/core/python/repr.ts) instead of overflowing the stack.
	test('the trust, MiniHarness and contextual panels: inert and bounded', async ({ page }) => {
		const problems = guard(page);
		const frame = await openEmbed(page, 'servers,registry,pipeline,log');
		await page.evaluate(
			`void (window.hostile = (${hostileScenario.toString()})(${JSON.stringify(SPEC)}))`
		);
		expect((await send(page, 'setHostileScenario')).ok).toBe(true);

		// Trust every connector: trust names tools `mcp__<connector>__<tool>` without sanitizing, so
		// the payloads reach the deferred block as they are.
		expect((await send(page, 'setProfile', { profile: 'trust' })).ok).toBe(true);
		const trust = frame.locator('[data-profile="trust"]');
		const trustButtons = trust.getByRole('button', { name: /^Trust / });
		for (let left = 3; left > 0; left--) {
			await expect(trustButtons).toHaveCount(left);
			await trustButtons.first().click();
			await expect(frame.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		}
		await expect(trustButtons).toHaveCount(0);
		await expect(trust.getByText(SCRIPT).first()).toBeVisible();
		await expectInertAndBounded(frame, page);

		for (const profile of ['miniharness', 'contextual']) {
			expect((await send(page, 'setProfile', { profile })).ok).toBe(true);
			await expect(frame.locator(`[data-profile="${profile}"]`)).toBeVisible();
			await expectInertAndBounded(frame, page);
		}
		expect((await send(page, 'getState')).ok).toBe(true);
		expect(problems).toEqual([]);
	});

	test('a 2,000-level structuredContent ends the call and throws nothing', async ({ page }) => {
		const problems = guard(page);
		await openEmbed(page, 'pipeline');
		await page.evaluate(
			`void (window.hostile = (${hostileScenario.toString()})(${JSON.stringify({ ...SPEC, big: 1, contentDepth: 2_000 })}))`
		);
		expect((await send(page, 'setHostileScenario')).ok).toBe(true);
		for (let run = 0; run < 5; run++) {
			const called = await send(page, 'callTool', { name: 'mcp__big__deep', arguments: {} });
			expect(called.calls.at(-1)).toMatchObject({
				state: 'completed',
				isError: true,
				outputHead:
					"MCP server 'big' call failed: maximum recursion depth exceeded while getting the repr of an object"
			});
		}
		expect(problems).toEqual([]);
	});

	test('a world named with 200,000 characters: its problems and failed servers are said bounded, and a problem still goes there', async ({
		page
	}) => {
		const problems = guard(page);
		await page.goto('sandbox?speed=instant');
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		// A pasted world, a share link or a host page may name a server so: zod quotes the key
		// it does not know, and the path holds the name.
		const long = 'x'.repeat(200_000);
		await importWorld(page, {
			mcp_servers: { [long]: { type: 'stdio', command: 1, sim: { [long]: 1 } } }
		});
		const editor = page.getByRole('region', { name: en('editor_title') });
		await editor.getByRole('button', { name: en('editor_check'), exact: true }).click();
		const outcome = page.getByTestId('editor-outcome');
		await expect(outcome).toContainText(en('editor_problems', { count: 2 }));
		const place = `mcp_servers.${'x'.repeat(188)}…`;
		const first = `${place}: Invalid input: expected string, received number`;
		await expect(outcome.getByRole('button')).toHaveText([
			first,
			new RegExp(`^${place.replace('.', '\\.')}: Unrecognized key: "x{481}…$`)
		]);
		await expect(page.getByTestId('live-region')).toContainText(first);
		expect((await outcome.textContent())!.length).toBeLessThan(2_000);
		expect((await page.getByTestId('live-region').textContent())!.length).toBeLessThan(1_000);
		// Chosen, it still goes to its place: the editor goes by the whole path, not the one shown.
		await outcome.getByRole('button', { name: first }).click();
		await expect(editor.locator('.cm-content')).toBeFocused();
		await expect(editor.locator('.cm-lintRange-error')).toHaveCount(2);

		// Applied as a server that passes validation and fails to connect (ws): the live region
		// names it as the list does, cut short.
		await importWorld(page, { mcp_servers: { [long]: { type: 'ws', url: 'wss://x.example' } } });
		await editor.getByRole('button', { name: en('editor_apply'), exact: true }).click();
		await expect(outcome).toContainText(en('editor_validation_passed'));
		const region = page.getByTestId('live-region');
		await expect(region).toHaveText(
			new RegExp(`${en('editor_connection_failed', { count: 1, total: 1 })} x{120}$`)
		);
		expect((await region.textContent())!.length).toBeLessThan(1_000);
		expect(problems).toEqual([]);
	});
});
