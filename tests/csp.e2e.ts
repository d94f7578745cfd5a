import { expect, test, type APIRequestContext } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { t } from './helpers/messages';
import { watchProblems } from './helpers/page-problems';
import { settled } from './helpers/play-lab';

// The site ships a strict Content-Security-Policy (svelte.config.js, `kit.csp`) as a <meta> tag
// in every prerendered page. These tests check that the policy is there and enforced, and that
// the pages the axe sweep does not drive still work under it. Every lab page and lab embed is
// driven under it by a11y.e2e.ts, in the same load as its axe pass: loaded, editor opened, a
// tool called, with no violation (one load per route instead of two: about 35 s of CI).

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

const labs = readdirSync(new URL('../labs/', import.meta.url), { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);
const worlds = [...labs.flatMap((lab) => [`labs/${lab}`, `embed/${lab}`]), 'embed/sandbox'];
const routes = ['', ...worlds, 'sandbox'];

/** A page's policy as served, directive → sources: the <meta> tag of its prerendered HTML. */
async function policyOf(request: APIRequestContext, route: string): Promise<Map<string, string[]>> {
	const response = await request.get(route);
	expect(response.status(), route).toBe(200);
	const tags = [
		...(await response.text()).matchAll(
			/<meta http-equiv="content-security-policy" content="([^"]*)"/gi
		)
	];
	expect(tags.length, `${route} has one CSP <meta> tag`).toBe(1);
	return new Map(
		tags[0][1]
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((words) => words[0])
			.map(([name, ...sources]) => [name, sources])
	);
}

const tiny = {
	mcp_servers: {
		weather: {
			type: 'stdio',
			command: 'node',
			args: ['weather.js'],
			sim: {
				tools: [
					{
						name: 'forecast',
						description: 'Forecast for a city',
						inputSchema: {
							type: 'object',
							properties: { city: { type: 'string' } },
							required: ['city']
						},
						// The SDK client checks structuredContent against a tool's outputSchema; under
						// this policy that needs the cfworker validator (ajv compiles with eval).
						outputSchema: {
							type: 'object',
							properties: { city: { type: 'string' }, celsius: { type: 'number' } },
							required: ['city', 'celsius']
						},
						result: {
							content: [{ type: 'text', text: '21 °C in Lisbon' }],
							structuredContent: { city: 'Lisbon', celsius: 21 }
						}
					}
				]
			}
		}
	}
};

test('every page carries the strict policy', async ({ request }) => {
	// Read from each page as served: the tests below load every world in Chromium under it, and
	// the next one shows Chromium enforcing it. (Loading all 23 pages here took 25 s.)
	for (const route of routes) {
		const policy = await policyOf(request, route);
		const scripts = policy.get('script-src') ?? [];
		expect(scripts[0], route).toBe("'self'");
		expect(
			scripts.slice(1).length,
			`${route}: hashes of SvelteKit's inline scripts`
		).toBeGreaterThan(0);
		for (const source of scripts.slice(1)) expect(source, route).toMatch(/^'sha256-[\w+/=]+'$/);
		expect(Object.fromEntries([...policy].filter(([name]) => name !== 'script-src'))).toEqual({
			'default-src': ["'self'"],
			'style-src': ["'self'", "'unsafe-inline'"],
			'img-src': ["'self'", 'data:'],
			'connect-src': ["'self'", 'http:', 'https:'],
			'base-uri': ["'self'"],
			'form-action': ["'self'"],
			'object-src': ["'none'"]
		});
	}
});

test('the policy is enforced: an injected inline script does not run', async ({ page }) => {
	// (That eval is refused is checked by the policy text above: scripts the test driver runs
	// are exempt from the page's eval rule, so it cannot be observed from here.)
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const outcome = await page.evaluate(async () => {
		const blocked = new Promise<string>((resolve) =>
			document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), {
				once: true
			})
		);
		const script = document.createElement('script');
		script.textContent = 'window.__injected = true';
		document.body.append(script);
		return {
			blocked: await blocked,
			injected: (window as unknown as { __injected?: boolean }).__injected ?? false
		};
	});
	expect(outcome).toEqual({ blocked: 'script-src-elem', injected: false });
});

test('no CSP violation on /embed/sandbox: a host page fills it, editor opened, a tool called', async ({
	page
}) => {
	const problems = await watchProblems(page);
	// An empty world: the host page fills it, as a docs page would.
	await page.goto('__fixtures__/embed-host.html?lab=sandbox&speed=instant');
	await page.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
	const frame = page.frame({ url: /\/embed\/sandbox/ })!;
	const set = await page.evaluate(
		(scenario) =>
			(
				window as unknown as {
					command: (c: string, a: unknown) => Promise<{ ok: boolean; error?: string }>;
				}
			).command('setScenario', { scenario }),
		tiny
	);
	expect(set.error).toBeUndefined();
	await frame.getByText(en('lab_edit_world')).click();
	await expect(frame.locator('.cm-editor')).toBeVisible();
	const calls = frame.locator('#calls');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await expect(calls.getByText('21 °C in Lisbon')).toBeVisible();
	expect(await problems()).toEqual([]);
});

test('no CSP violation on / and /sandbox: editor, apply, a call with an outputSchema', async ({
	page
}) => {
	const problems = await watchProblems(page);
	await page.goto('');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

	await page.goto('sandbox?speed=instant');
	await settled(page);
	// The sandbox's own editor, above the world (CodeMirror loads as the page opens).
	const editor = page.getByRole('textbox', { name: en('editor_json_label') });
	await expect(editor).toBeVisible();
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(JSON.stringify(tiny, null, 2));
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await settled(page);
	const calls = page.locator('#calls');
	await calls.getByLabel(en('call_arguments')).fill('{"city": "Lisbon"}');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await expect(calls.getByText('21 °C in Lisbon')).toBeVisible();
	await settled(page);

	// Whether the outputSchema reached the client (so its validator really ran) is recorded: the
	// wire log holds the tools/list answer.
	await page.locator('#log details').evaluateAll((all) => {
		for (const details of all as HTMLDetailsElement[])
			if (details.querySelector('summary')?.textContent?.includes('tools/list'))
				details.open = true;
	});
	const listed = await page.locator('#log').textContent();
	expect(listed).toContain('"inputSchema"');
	test.info().annotations.push({
		type: 'outputSchema on the wire',
		description: String(listed?.includes('"outputSchema"'))
	});
	expect(await problems()).toEqual([]);
});
