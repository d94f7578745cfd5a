import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';
import {
	attachLate,
	lateLoaderGuide,
	loaderErrors,
	loaderGuide,
	startDocsSite
} from './helpers/docs-site';
import { t } from './helpers/messages';
import { watchProblems } from './helpers/page-problems';

// A misspelt lab address, above all in a docs page's <iframe src=".../embed/<id>">: the static
// host serves build/404.html (scripts/not-found/), which says which lab was meant, lists them
// all, and tells a host page why no lab will ever say ready.

const en = (key: string, params: Record<string, string> = {}) => t('en', key, params);
const zh = (key: string, params: Record<string, string> = {}) => t('zh-CN', key, params);
/** Every lab folder, as the site lists them. */
const LABS = readdirSync('labs', { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && existsSync(`labs/${entry.name}/lab.json`))
	.map((entry) => entry.name)
	.sort();
const base = (page: Page) =>
	new URL(page.url()).pathname.replace(/\/(labs|embed|nothing)\/.*$/, '');

/** Problems on the page, but the 404 status Chromium logs for the page itself. */
async function problems(page: Page) {
	const seen = await watchProblems(page);
	return async () => (await seen()).filter((p) => !/status of 404/.test(p));
}

test('a misspelt lab name: a 404 that names it, guesses the lab meant and lists them all', async ({
	page
}) => {
	const seen = await problems(page);
	const response = await page.goto('labs/connection-isolation?speed=instant');
	expect(response?.status()).toBe(404);
	await expect(page).toHaveTitle(en('not_found_title'));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('not_found_heading'));
	await expect(page.locator('#what')).toHaveText(
		en('not_found_no_lab', { name: 'connection-isolation' })
	);
	const guess = page.locator('#guess');
	await expect(guess).toHaveText(en('not_found_did_you_mean', { lab: '01-connection-isolation' }));
	const listed = page.getByRole('list').getByRole('link');
	await expect(listed).toHaveText(LABS);
	await expect(page.getByRole('list').getByRole('listitem').first()).toContainText(
		'00-protocol-basics · '
	);
	await expectNoAxeViolations(page);
	expect(await seen()).toEqual([]);
	// The guess keeps the rest of the address.
	await guess.getByRole('link').click();
	await expect(page).toHaveURL(/\/labs\/01-connection-isolation\?speed=instant$/);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Connection isolation');
});

test('in Chinese, an embed address by its number: the embed links keep the options, the titles are Chinese', async ({
	page
}) => {
	await page.goto('embed/1?lang=zh-CN&views=registry');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page).toHaveTitle(zh('not_found_title'));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('not_found_heading'));
	await expect(page.locator('#what')).toHaveText(zh('not_found_no_lab', { name: '1' }));
	const meant = page.locator('#guess').getByRole('link');
	await expect(meant).toHaveText('01-connection-isolation');
	const root = base(page);
	await expect(meant).toHaveAttribute(
		'href',
		`${root}/embed/01-connection-isolation?lang=zh-CN&views=registry`
	);
	await expect(page.getByRole('listitem').nth(1)).toContainText('连接隔离');
	await expect(page.getByRole('link', { name: '02-naming' })).toHaveAttribute(
		'href',
		`${root}/embed/02-naming?lang=zh-CN&views=registry`
	);
	const home = page.getByRole('link', { name: zh('not_found_embed_page') });
	await expect(home).toHaveAttribute('href', `${root}/embed?lang=zh-CN`);
	await expectNoAxeViolations(page);
});

test('what the address says stays text, cut short; an address that is no lab guesses nothing', async ({
	page
}) => {
	const seen = await problems(page);
	let dialogs = 0;
	page.on('dialog', (dialog) => {
		dialogs++;
		void dialog.dismiss();
	});
	const payload = `<img src=x onerror=alert(1)>${'x'.repeat(200)}`;
	await page.goto(`labs/${encodeURIComponent(payload)}`);
	const what = page.locator('#what');
	await expect(what).toContainText('<img src=x onerror=alert(1)>');
	expect((await what.textContent())!.length).toBeLessThan(200);
	await expect(page.locator('main img')).toHaveCount(0);
	await expect(page.locator('#guess')).toBeHidden();

	// A lab named by its number ("lab-5").
	await page.goto('labs/lab-5');
	await expect(page.locator('#guess').getByRole('link')).toHaveText('05-fault-drills');

	await page.goto('nothing/here');
	await expect(page.locator('#what')).toHaveText(en('not_found_nothing'));
	await expect(page.locator('#guess')).toBeHidden();
	// Links go to the labs themselves, from any depth.
	await expect(page.getByRole('link', { name: '02-naming' })).toHaveAttribute(
		'href',
		`${base(page)}/labs/02-naming`
	);
	expect(dialogs).toBe(0);
	expect(await seen()).toEqual([]);
});

test.describe('in a docs page', () => {
	let docs: Awaited<ReturnType<typeof startDocsSite>>;
	test.beforeAll(async () => {
		docs = await startDocsSite();
	});
	test.afterAll(() => docs.stop());

	test('the loader rejects ready and commands with the reason, and is ready once the src is right', async ({
		page
	}) => {
		await page.goto('embed');
		const at = (path: string) => new URL(path, page.url()).href;
		const right = at('embed/01-connection-isolation?speed=instant');
		const errors = loaderErrors(page);
		await docs.show(
			page,
			loaderGuide(at('embed/conection-isolation?speed=instant'), at('embed/mcp-lab-embed.js'), 200)
		);
		const said =
			'MCP Lab: there is no lab named "conection-isolation" (did you mean "01-connection-isolation"?); ' +
			`the lab ids are ${LABS.join(', ')}`;
		await expect(page.locator('#status')).toHaveText(said);
		expect(errors).toEqual([said]);
		const command = await page.evaluate(() =>
			(window as unknown as { lab: { command(name: string): Promise<unknown> } }).lab
				.command('getState')
				.then(
					() => 'answered',
					(error: Error) => error.message
				)
		);
		expect(command).toBe(said);
		// The frame was sized to the page it shows, all of it.
		const height = await page
			.locator('iframe')
			.evaluate((frame) => frame.getBoundingClientRect().height);
		expect(height).toBeGreaterThan(200);

		await page.locator('iframe').evaluate((frame, src) => {
			(frame as HTMLIFrameElement).src = src;
			(window as unknown as { show(): void }).show();
		}, right);
		await expect(page.locator('#status')).toHaveText('ready: 01-connection-isolation');
	});

	test('a loader attached after the 404 page said `missing` rejects ready with the reason all the same', async ({
		page
	}) => {
		await page.goto('embed');
		const src = new URL('embed/nope', page.url()).href;
		const loader = new URL('embed/mcp-lab-embed.js', page.url()).href;
		const errors = loaderErrors(page);
		await docs.show(page, lateLoaderGuide(src, loader));
		await attachLate(page, 'missing');
		const said = `MCP Lab: there is no lab named "nope"; the lab ids are ${LABS.join(', ')}`;
		await expect(page.locator('#status')).toHaveText(said);
		expect(errors).toEqual([said]);
	});

	test('an empty or unusable origin= answers no page, as a lab page does', async ({ page }) => {
		// A docs template whose origin variable came out empty must not open the frame to every
		// page: a lab page stays silent then, and the 404 page posted to '*' and answered anyone
		// (an embed audit). The third frame, with the host's own origin, shows when all had time.
		await page.goto('embed');
		const src = (origin: string) => {
			const url = new URL('embed/nope', page.url());
			url.searchParams.set('origin', origin);
			return url.href;
		};
		const frames = ['', 'file:///tmp/docs.html', docs.origin].map(
			(origin) =>
				`<iframe src="${src(origin)}" title="MCP Lab" onload="this.contentWindow.postMessage({ type: 'mcp-lab:command', id: 'c', command: 'getState' }, '*')"></iframe>`
		);
		await docs.show(
			page,
			`<script>
				window.heard = [[], [], []];
				addEventListener('message', (event) => {
					const index = [...document.querySelectorAll('iframe')].findIndex((f) => f.contentWindow === event.source);
					if (index >= 0) window.heard[index].push(event.data.type);
				});
			</script>${frames.join('')}`
		);
		const heard = () => page.evaluate(() => (window as unknown as { heard: string[][] }).heard);
		await expect
			.poll(async () => (await heard())[2])
			.toEqual(['mcp-lab:missing', 'mcp-lab:resize', 'mcp-lab:result']);
		expect((await heard()).slice(0, 2)).toEqual([[], []]);
	});

	test('a host with postMessage alone hears `missing`, and a command is answered with the reason', async ({
		page
	}) => {
		await page.goto('embed');
		const src = new URL('embed/nope', page.url());
		src.searchParams.set('origin', docs.origin);
		await docs.show(
			page,
			`<iframe src="${src.href}" title="MCP Lab"></iframe>
			<script>
				window.heard = [];
				addEventListener('message', (event) => {
					if (event.source !== document.querySelector('iframe').contentWindow) return;
					window.heard.push(event.data);
					if (event.data.type === 'mcp-lab:missing')
						event.source.postMessage({ type: 'mcp-lab:command', id: 'c1', command: 'kill', args: { server: 'x' } }, event.origin);
				});
			</script>`
		);
		const error = `MCP Lab: there is no lab named "nope"; the lab ids are ${LABS.join(', ')}`;
		await expect
			.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
			.toEqual([
				{ type: 'mcp-lab:missing', version: 1, lab: 'nope', suggestion: null, error },
				{ type: 'mcp-lab:resize', height: expect.any(Number) },
				{ type: 'mcp-lab:result', id: 'c1', ok: false, error }
			]);
	});
});
