import { expect, test, type Download, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';
import { play, settled } from './helpers/play-lab';

// The narration transcript, the caption bar and the diagram export, as a learner uses them.

const LAB = 'labs/01-connection-isolation';

async function text(download: Promise<Download>): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of (await (await download).createReadStream())!)
		chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** Lab 01 after the kill and the reconnect that leave three tools stale. */
async function killAndReconnect(page: Page, locale: string) {
	await page.goto(`${LAB}?lang=${locale}&speed=instant`);
	await settled(page);
	await play(page, locale, { do: 'kill', server: 'filesystem' });
	await play(page, locale, { do: 'reconnectAll' });
}

/**
 * What a browser's own XML parser makes of an SVG file, and whether it draws as an image; on a
 * blank page, as a slide tool would open the file (the lab's CSP is not the question here).
 */
async function parseSvg(page: Page, svg: string) {
	const blank = await page.context().newPage();
	try {
		return await blank.evaluate(async (source) => {
			const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
			const image = new Image();
			image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
			await image.decode();
			return {
				error: doc.querySelector('parsererror')?.textContent ?? null,
				root: doc.documentElement.localName,
				scripts: doc.getElementsByTagName('script').length,
				texts: [...doc.querySelectorAll('text')].map((node) => node.textContent ?? ''),
				width: image.naturalWidth
			};
		}, svg);
	} finally {
		await blank.close();
	}
}

for (const locale of ['en', 'zh-CN']) {
	test(`the transcript lists what was announced, with times; captions show the latest line (${locale})`, async ({
		page
	}) => {
		await killAndReconnect(page, locale);
		// The process state is said in the page's language (filesystem 进程：已终止).
		const killed = t(locale, 'announce_process', {
			server: 'filesystem',
			process: t(locale, 'servers_process_killed')
		});
		const stale =
			locale === 'en' ? 'Registry snapshot 2: 3 tools unavailable' : '注册表快照 2：3 个工具不可用';

		const panel = page.locator('#transcript');
		await panel.locator('summary').click();
		const lines = page.getByRole('region', { name: t(locale, 'transcript_lines_label') });
		await expect(lines).toBeVisible();
		await expect(lines.locator('li').filter({ hasText: killed })).toHaveCount(1);
		const staleLine = lines.locator('li').filter({ hasText: stale });
		await expect(staleLine).toHaveCount(1);
		await expect(staleLine).toContainText(/^t=\d+ (ms|毫秒)/);
		// The region scrolls by keyboard.
		await lines.focus();
		await expect(lines).toBeFocused();
		const last = (await lines.locator('li bdi').last().textContent())!;

		await page.getByRole('checkbox', { name: t(locale, 'transcript_captions') }).check();
		const bar = page.getByTestId('caption-bar');
		await expect(bar).toHaveText(last);
		await expect(bar).toHaveAttribute('aria-hidden', 'true');
		// One polite announcer only: the caption bar is no second live region. (SvelteKit's own
		// route announcer is the other aria-live element of the page.)
		await expect(page.locator('[aria-live="polite"]')).toHaveCount(1);
		await expect(bar.locator('[aria-live], [role]')).toHaveCount(0);
		await play(page, locale, { do: 'restart', server: 'filesystem' });
		await expect(bar).toHaveText(
			t(locale, 'announce_process', {
				server: 'filesystem',
				process: t(locale, 'servers_process_running')
			})
		);

		const download = page.waitForEvent('download');
		await panel.getByRole('button', { name: t(locale, 'transcript_download') }).click();
		expect((await download).suggestedFilename()).toBe(
			'mcp-lab-01-connection-isolation-transcript.txt'
		);
		const file = (await text(download)).split('\n');
		expect(file[0]).toBe(t(locale, 'transcript_file_heading', { lab: '01-connection-isolation' }));
		expect(file.some((row) => row.endsWith(`] ${stale}`))).toBe(true);
		expect(file.some((row) => row.endsWith(`] ${killed}`))).toBe(true);

		await expectNoAxeViolations(page);
	});
}

// The diagram in English only: its words are the transcript's, checked in Chinese above.
for (const locale of ['en']) {
	test(`the diagram downloads as an SVG a browser parses and draws (${locale})`, async ({
		page
	}) => {
		await killAndReconnect(page, locale);
		const download = page.waitForEvent('download');
		await page.getByRole('button', { name: t(locale, 'timeline_export_svg') }).click();
		expect((await download).suggestedFilename()).toBe(
			'mcp-lab-01-connection-isolation-diagram.svg'
		);
		const svg = await parseSvg(page, await text(download));
		expect(svg).toMatchObject({ error: null, root: 'svg', scripts: 0, width: 1040 });
		expect(svg.texts).toEqual(
			expect.arrayContaining([
				'filesystem',
				t(locale, 'diagram_link', { transport: 'stdio', state: 'failed' }),
				t(locale, 'diagram_process', { state: t(locale, 'servers_process_killed') }),
				t(locale, 'diagram_registry', { n: 2 }),
				'✕ mcp__filesystem__read_file',
				'✓ mcp__internal-api__search_orders'
			])
		);
	});
}

test('an embed with captions=1 shows the caption bar, hidden from screen readers', async ({
	page
}) => {
	await openHost(page, { captions: '1' });
	const frame = page.frameLocator('#lab');
	await command(page, 'kill', { server: 'filesystem' });
	const bar = frame.getByTestId('caption-bar');
	await expect(bar).toHaveText('filesystem process killed');
	await expect(bar).toHaveAttribute('aria-hidden', 'true');
	await expect(frame.locator('[aria-live="polite"]')).toHaveCount(1);
});

test('hostile server names stay text in the diagram', async ({ page }) => {
	await openHost(page, { lab: 'sandbox' });
	const hostile = `<script>alert(1)</script>&"'\u202e\u200b${'x'.repeat(10_000)}`;
	const set = await command(page, 'setScenario', {
		scenario: {
			mcp_servers: {
				[hostile]: {
					type: 'http',
					url: 'https://x.example/mcp',
					sim: { tools: [{ name: hostile }] }
				}
			}
		}
	});
	expect(set.ok).toBe(true);
	const frame = page.frame({ url: /\/embed\/sandbox/ })!;
	const download = page.waitForEvent('download');
	await frame.getByRole('button', { name: t('en', 'timeline_export_svg') }).click();
	const source = await text(download);
	expect(source).not.toContain('<script>');
	expect(source.length).toBeLessThan(20_000);
	const svg = await parseSvg(page, source);
	expect(svg).toMatchObject({ error: null, root: 'svg', scripts: 0 });
	const name = svg.texts.find((s) => s.startsWith('<script>'));
	expect(name).toBe(`<script>alert(1)</script>&"'\ufffd\ufffd${'x'.repeat(9)}…`);
});

/** Lab 01's embed in a small frame with the caption bar on; the bar. */
async function captionedEmbed(page: Page) {
	await page.setViewportSize({ width: 700, height: 600 });
	await page.goto('embed/01-connection-isolation?captions=1&speed=instant');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	const bar = page.getByTestId('caption-bar');
	await expect(bar).toBeVisible();
	return bar;
}

test('with the caption bar on, a control reached by Tab is never under the bar', async ({
	page
}) => {
	await captionedEmbed(page);
	const covered: string[] = [];
	for (let i = 0; i < 60; i++) {
		await page.keyboard.press('Tab');
		const hidden = await page.evaluate(() => {
			const el = document.activeElement as HTMLElement | null;
			const barBox = document.querySelector('[data-testid="caption-bar"]')?.getBoundingClientRect();
			if (!el || el === document.body || !barBox) return null;
			const box = el.getBoundingClientRect();
			// Only what is in the viewport at all: a part of it under the bar is hidden.
			if (box.bottom <= 0 || box.top >= innerHeight) return null;
			return box.bottom > barBox.top + 1
				? `${el.tagName} ${el.textContent?.trim().slice(0, 40)}`
				: null;
		});
		if (hidden) covered.push(hidden);
	}
	expect(covered).toEqual([]);
});

test('with the caption bar on, a control the keyboard is on stays clear of it when the page above it grows', async ({
	page
}) => {
	// The registry's rows are laid out only as they near the window, taller than their
	// placeholder once names wrap: the page grows above a control just after it was focused.
	const bar = await captionedEmbed(page);
	const call = page.getByRole('button', { name: t('en', 'call_button'), exact: true });
	await call.focus();
	await page.keyboard.press('Shift+Tab');
	await page.keyboard.press('Tab');
	await expect(call).toBeFocused();
	// Put the control just above the bar, then grow the registry (above it) by two lines a row.
	await page.evaluate(() => {
		const box = document.activeElement!.getBoundingClientRect();
		const barTop = document
			.querySelector('[data-testid="caption-bar"]')!
			.getBoundingClientRect().top;
		window.scrollBy({ top: box.bottom - barTop + 8, behavior: 'instant' });
		// Chromium's scroll anchoring keeps a styled row's growth out of sight; it did not for the
		// rows laid out late, which this reproduces.
		document.documentElement.style.overflowAnchor = 'none';
		for (const row of document.querySelectorAll<HTMLElement>('#registry tbody tr'))
			row.style.paddingBlock = '1.25rem';
	});
	await expect
		.poll(async () => {
			const button = (await call.boundingBox())!;
			const caption = (await bar.boundingBox())!;
			return button.y + button.height <= caption.y && button.y >= 0;
		})
		.toBe(true);
});

test('on a projector-sized screen, the caption bar never covers the step buttons', async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await killAndReconnect(page, 'en');
	await page.getByRole('checkbox', { name: t('en', 'transcript_captions') }).check();
	const bar = page.getByTestId('caption-bar');
	await expect(bar).toBeVisible();
	// The narration column scrolls on its own; the keyboard brings its last control into view.
	const next = page.getByRole('button', { name: t('en', 'lab_next'), exact: true });
	await next.focus();
	await page.keyboard.press('Shift+Tab');
	await page.keyboard.press('Tab');
	await expect(next).toBeFocused();
	const button = (await next.boundingBox())!;
	const caption = (await bar.boundingBox())!;
	expect(button.y + button.height).toBeLessThanOrEqual(caption.y);
});
