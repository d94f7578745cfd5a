import { expect, test, type Page } from '@playwright/test';
import type { Result, Snapshot } from './helpers/embed-host';
import { t } from './helpers/messages';

// A docs page with two labs on it (tests/fixtures/embed-two.html), each driven through
// postMessage only: the frames must not hear each other's commands, and each sizes itself.

type Frame = 'a' | 'b';
type Message = { type: string; [key: string]: unknown };

declare global {
	interface Window {
		labs: Record<
			Frame,
			{
				ready: Promise<{ type: string; version: number; lab: string }>;
				messages: Message[];
				command: (command: string, args?: Record<string, unknown>) => Promise<Result>;
				post: (message: unknown) => void;
			}
		>;
	}
}

const open = (page: Page, query = '') =>
	page.goto(`__fixtures__/embed-two.html?speed=instant${query}`);

const ready = (page: Page, frame: Frame) => page.evaluate((f) => window.labs[f].ready, frame);

const command = (page: Page, frame: Frame, name: string, args?: Record<string, unknown>) =>
	page.evaluate(([f, n, a]) => window.labs[f as Frame].command(n as string, a as never), [
		frame,
		name,
		args
	] as const);

const messages = (page: Page, frame: Frame) => page.evaluate((f) => window.labs[f].messages, frame);

const heights = async (page: Page, frame: Frame) =>
	(await messages(page, frame))
		.filter((m) => m.type === 'mcp-lab:resize')
		.map((m) => m.height as number);

const server = (snapshot: Snapshot | undefined, name: string) =>
	snapshot?.servers.find((s) => s.name === name);

test('a host page drives two labs by postMessage; neither hears the other', async ({ page }) => {
	await open(page);
	expect(await ready(page, 'a')).toEqual({
		type: 'mcp-lab:ready',
		version: 1,
		lab: '01-connection-isolation'
	});
	expect(await ready(page, 'b')).toEqual({
		type: 'mcp-lab:ready',
		version: 1,
		lab: '03-call-pipeline'
	});
	// Both frames say how tall they are.
	await expect.poll(async () => (await heights(page, 'a')).length).toBeGreaterThan(0);
	await expect.poll(async () => (await heights(page, 'b')).length).toBeGreaterThan(0);
	for (const frame of ['a', 'b'] as const)
		expect((await heights(page, frame)).every((h) => h > 0)).toBe(true);

	const bBefore = (await command(page, 'b', 'getState')).snapshot!;
	const tallA = Math.max(...(await heights(page, 'a')));
	const fromB = (await messages(page, 'b')).length;

	const killed = await command(page, 'a', 'kill', { server: 'filesystem' });
	expect(server(killed.snapshot, 'filesystem')).toMatchObject({
		state: 'connected',
		process: 'killed'
	});
	const failed = await command(page, 'a', 'callTool', {
		name: 'mcp__filesystem__read_file',
		arguments: { path: '/data/notes.txt' }
	});
	expect(failed.snapshot!.calls.at(-1)).toMatchObject({
		state: 'completed',
		isError: true,
		output: "MCP server 'filesystem' call failed: "
	});

	// Lab b's world is exactly as it was, and nothing it posted meanwhile said otherwise.
	expect((await command(page, 'b', 'getState')).snapshot).toEqual(bBefore);
	const bMeanwhile = (await messages(page, 'b')).slice(fromB);
	for (const message of bMeanwhile.filter((m) => m.type === 'mcp-lab:state'))
		expect(message.snapshot).toEqual(bBefore);
	expect(bMeanwhile.filter((m) => m.type === 'mcp-lab:result')).toHaveLength(1);

	// Lab a's content grew (a failed call is listed), so it asked for more room.
	await expect.poll(async () => Math.max(...(await heights(page, 'a')))).toBeGreaterThan(tallA);

	const aBefore = (await command(page, 'a', 'getState')).snapshot!;
	const tallB = Math.max(...(await heights(page, 'b')));
	const called = await command(page, 'b', 'callTool', {
		name: 'mcp__tickets__search_tickets',
		arguments: { query: 'printer' }
	});
	expect(called.ok).toBe(true);
	expect(called.snapshot!.calls.at(-1)).toMatchObject({
		name: 'mcp__tickets__search_tickets',
		state: 'completed',
		isError: false
	});
	expect(server(called.snapshot, 'tickets')?.process).toBe('running');
	expect((await command(page, 'a', 'getState')).snapshot).toEqual(aBefore);
	await expect.poll(async () => Math.max(...(await heights(page, 'b')))).toBeGreaterThan(tallB);

	// Each frame answered only its own commands: ids are per page handle, results never cross.
	const results = async (frame: Frame) =>
		(await messages(page, frame)).filter((m) => m.type === 'mcp-lab:result').length;
	expect(await results('a')).toBe(4);
	expect(await results('b')).toBe(3);
});

test('with origin= on one frame, a command from another origin is ignored there only', async ({
	page
}) => {
	// Frame a accepts only https://docs.example.com; this page is another origin.
	await open(page, '&originA=https://docs.example.com');
	await ready(page, 'b');
	const frameA = page.frameLocator('#a');
	await expect(frameA.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

	await page.evaluate(() => {
		void window.labs.a.command('kill', { server: 'filesystem' });
		void window.labs.a.command('getState');
	});
	// Frame b, with no origin parameter, answers its parent as usual meanwhile.
	const called = await command(page, 'b', 'callTool', {
		name: 'mcp__tickets__search_tickets',
		arguments: { query: 'printer' }
	});
	expect(called.snapshot!.calls).toHaveLength(1);
	expect((await command(page, 'b', 'getState')).ok).toBe(true);

	// Frame a did nothing and said nothing to this page (its replies go to its origin only).
	expect(await messages(page, 'a')).toEqual([]);
	const card = frameA.locator('#servers article').filter({ hasText: 'filesystem' }).first();
	await expect(card).toBeVisible();
	await expect(card).not.toContainText(t('en', 'servers_not_noticed'));
	await expect(
		frameA.getByRole('button', { name: t('en', 'servers_kill_label', { server: 'filesystem' }) })
	).toBeEnabled();
});
