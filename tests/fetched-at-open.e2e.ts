import { expect, test, type Page } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { fetched, openQuiet, quiet, scriptsOf, type ScriptLog } from './helpers/fetched-scripts';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// What a lab page and an embed really fetch by the time they have settled: start-up, then the
// parts loaded right after it (the timeline, the panels). The scenario schemas (4 KiB gz with
// their parser) check a world a page is given; a page opened plainly is given none, so it
// fetches them only for a share link or a log file it is asked to open.

const LAB = 'labs/01-connection-isolation';
const EMBED = 'embed/01-connection-isolation';
// A sentence scenario/schema.ts attaches to an issue. The editor's messages carry the same
// sentence (to translate it), but not after `message:`.
const SCHEMA = /message:\s*[`'"]The name __proto__ cannot be used here/;
const position = (page: Page) => page.getByTestId('timeline-position');

/**
 * Records the scripts a page fetched, one line per file and the totals, as annotations. The
 * test server sends files uncompressed (transferred = decoded); gzip is what a host that
 * compresses would send, counted as scripts/route-size.mjs counts it.
 */
async function record(label: string, scripts: ScriptLog) {
	const all = await scripts.all();
	const sum = (key: 'transferred' | 'decoded' | 'gzip') =>
		all.reduce((total, script) => total + script[key], 0);
	const lines = all.map((s) => `${s.path} ${s.transferred} ${s.decoded} ${s.gzip}`);
	test.info().annotations.push({
		type: `js fetched: ${label}`,
		description: `${all.length} files, ${sum('transferred')} B transferred, ${sum('decoded')} B decoded, ${sum('gzip')} B gzip\n${lines.join('\n')}`
	});
}

test('a lab page and an embed opened plainly settle without fetching the scenario schemas', async ({
	browser
}) => {
	for (const path of [LAB, EMBED]) {
		const page = await browser.newPage();
		const scripts = await openQuiet(page, path);
		await record(path, scripts);
		await expect(position(page)).toHaveText('action 1 of 1');
		// Soft: the other page is measured (and recorded) too.
		expect.soft(await fetched(scripts, SCHEMA), path).toBe(false);
		await page.close();
	}
});

/** Lab 01 with the filesystem server killed: two actions on its log. */
async function killed(page: Page): Promise<ScriptLog> {
	const scripts = await openQuiet(page, `${LAB}?speed=instant`);
	await page
		.getByRole('button', { name: t('en', 'servers_kill_label', { server: 'filesystem' }) })
		.click();
	await settled(page);
	await expect(position(page)).toHaveText('action 2 of 2');
	return scripts;
}

test('a share link is made without the schemas; opened on a lab page or in an embed, they are fetched to check it', async ({
	page,
	browser
}) => {
	const made = await killed(page);
	await page.getByRole('button', { name: t('en', 'timeline_share'), exact: true }).click();
	const link = new URL(await page.getByLabel(t('en', 'timeline_share_label')).inputValue());
	expect(link.hash).toMatch(/^#s=1\./);
	expect(await fetched(made, SCHEMA)).toBe(false);

	for (const path of [LAB, EMBED]) {
		const other = await browser.newPage();
		const scripts = scriptsOf(other);
		await other.goto(`${path}?speed=instant${link.hash}`);
		await expect(position(other)).toHaveText('action 2 of 2');
		await quiet(other, scripts);
		await record(`${path} with a share link`, scripts);
		expect(await fetched(scripts, SCHEMA)).toBe(true);
		await other.close();
	}
});

test('a log is downloaded without the schemas and fetches them when imported', async ({ page }) => {
	const scripts = await killed(page);
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: t('en', 'timeline_export') }).click();
	const file = await (await download).createReadStream();
	const chunks: Buffer[] = [];
	for await (const chunk of file) chunks.push(chunk as Buffer);
	const log = Buffer.concat(chunks);
	expect(JSON.parse(log.toString('utf8')).actions).toHaveLength(2);
	expect(await fetched(scripts, SCHEMA)).toBe(false);

	// Back to the start of the tape, so the import visibly moves the world.
	await page.getByRole('button', { name: t('en', 'timeline_back') }).click();
	await expect(position(page)).toHaveText('action 1 of 2');
	await page
		.getByLabel(t('en', 'timeline_import'))
		.setInputFiles({ name: 'log.json', mimeType: 'application/json', buffer: log });
	await expect(position(page)).toHaveText('action 2 of 2');
	expect(await fetched(scripts, SCHEMA)).toBe(true);
});

test('when the code that checks a link cannot be fetched, the page says so and opens as usual', async ({
	page
}) => {
	// A link that unpacks (format 1, JSON inside): its check is the next step, and needs the schemas.
	const code = `1.${deflateRawSync(JSON.stringify({ v: 1 })).toString('base64url')}`;
	await page.route(/\/_app\/immutable\/.*\.js$/, async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (/export\{[^}]*\bas checkSharedWorld\b/.test(body))
			return route.abort('internetdisconnected');
		await route.fulfill({ response, body });
	});
	await page.goto(`${LAB}?speed=instant#s=${code}`);
	await expect(
		page.getByText(t('en', 'command_error_check_unavailable'), { exact: true })
	).toBeVisible();
	await settled(page);
	await expect(position(page)).toHaveText('action 1 of 1');
	await page.unrouteAll({ behavior: 'ignoreErrors' });
});
