import { expect, test, type Page } from '@playwright/test';
import { command, openHost, type Snapshot } from './helpers/embed-host';

// The embed contract's `step` command and `s=` parameter, driven as a docs page would: through
// the host fixture's postMessage helpers (see embed.e2e.ts).

const process = (snapshot: Snapshot | undefined, name: string) =>
	snapshot?.servers.find((s) => s.name === name)?.process;

/** Start-up, a kill and a failing call: steps 0 to 3 of the frame's log. */
async function killAndCall(page: Page) {
	await openHost(page);
	await command(page, 'kill', { server: 'filesystem' });
	return command(page, 'callTool', {
		name: 'mcp__filesystem__read_file',
		arguments: { path: '/data/notes.txt' }
	});
}

test('step time-travels along the event log and answers with that moment’s snapshot', async ({
	page
}) => {
	const end = await killAndCall(page);
	expect(end.snapshot!.calls).toHaveLength(1);
	// The snapshot's extension `log` says where the world stands on its log, in `step`'s units.
	const log = (snapshot: Snapshot | undefined) => (snapshot as { log?: unknown } | undefined)?.log;
	expect(log(end.snapshot)).toEqual({ at: 3, length: 3 });

	const before = await command(page, 'step', { to: 1 });
	expect(before.ok).toBe(true);
	expect(process(before.snapshot, 'filesystem')).toBe('running');
	expect(before.snapshot!.calls).toEqual([]);
	expect(log(before.snapshot)).toEqual({ at: 1, length: 3 });
	// The contract's `step` is the lesson's step, which time travel does not move.
	expect(before.snapshot!.step).toBe(end.snapshot!.step);

	const killed = await command(page, 'step', { to: 2 });
	expect(process(killed.snapshot, 'filesystem')).toBe('killed');

	const again = await command(page, 'step', { to: 3 });
	expect(again.snapshot).toEqual(end.snapshot);

	expect(await command(page, 'step', { to: 9 })).toMatchObject({
		ok: false,
		error: 'There is no step 9: this log has steps 0 to 3.'
	});
	for (const to of ['2', 1.5, undefined])
		expect(await command(page, 'step', { to })).toMatchObject({
			ok: false,
			error: 'step needs args.to (a whole number from 0 to 3).'
		});
	expect((await command(page, 'getState')).snapshot).toEqual(end.snapshot);

	// Acting in the past continues from there: the log's later steps are gone.
	await command(page, 'step', { to: 1 });
	await command(page, 'hang', { server: 'internal-api' });
	expect(await command(page, 'step', { to: 3 })).toMatchObject({
		ok: false,
		error: 'There is no step 3: this log has steps 0 to 2.'
	});
});

test('s= opens a shared world at its step; a bad s= opens the lab as usual', async ({ page }) => {
	await killAndCall(page);
	const shared = await command(page, 'step', { to: 2 });
	const frame = page.frameLocator('#lab');
	await frame.getByRole('button', { name: 'Share', exact: true }).click();
	const link = await frame.getByLabel('Share link').inputValue();
	const code = new URL(link).hash.replace(/^#s=/, '');

	expect(await openHost(page, { s: code })).toMatchObject({ type: 'mcp-lab:ready' });
	expect((await command(page, 'getState')).snapshot).toEqual(shared.snapshot);
	expect(process((await command(page, 'step', { to: 3 })).snapshot, 'filesystem')).toBe('killed');

	await openHost(page, { s: '1.AAAA' });
	const state = await command(page, 'getState');
	expect(state.snapshot!.servers.map((s) => [s.name, s.state])).toEqual([
		['filesystem', 'connected'],
		['internal-api', 'connected'],
		['realtime', 'failed']
	]);
	// On the page (the live region may say it too, while it is being announced).
	await expect(
		page
			.frameLocator('#lab')
			.getByTestId('workspace')
			.getByText('The link is damaged (it could not be unpacked); copy it again.')
	).toBeVisible();
});

test('on a long log a move back (from a spare world once one is ready) lands on the share link’s world', async ({
	page
}) => {
	test.slow();
	// The registry panel alone: repainting every panel after each of 500 commands is not the point.
	await openHost(page, { view: 'registry' });
	// Past the first spare (500 steps apart): calls, and in every five a kill and a restart.
	const played = await page.evaluate(async () => {
		let last;
		for (let i = 0; i < 529; i++)
			last = await window.command(
				i % 5 === 1 ? 'kill' : i % 5 === 3 ? 'restart' : 'callTool',
				i % 5 === 1 || i % 5 === 3
					? { server: 'filesystem' }
					: { name: 'mcp__filesystem__read_file', arguments: { path: '/data/notes.txt' } }
			);
		window.messages.length = 0;
		return last;
	});
	expect(played?.ok).toBe(true);
	expect(await command(page, 'step', { to: 2000 })).toMatchObject({
		error: 'There is no step 2000: this log has steps 0 to 530.'
	});
	// The page keeps a spare world at step 500 while it is idle: step 520 is 20 steps on.
	await page.waitForTimeout(1500);
	const back = await command(page, 'step', { to: 520 });
	expect(back.ok).toBe(true);
	expect(back.snapshot!.calls.length).toBeGreaterThan(0);

	const frame = page.frameLocator('#lab');
	await frame.getByRole('button', { name: 'Share', exact: true }).click();
	const code = new URL(await frame.getByLabel('Share link').inputValue()).hash.replace(/^#s=/, '');
	// A share link is rebuilt from step 0.
	await openHost(page, { s: code });
	expect((await command(page, 'getState')).snapshot).toEqual(back.snapshot);
});

test('the contract’s parameters hold on both routes: s= on /labs, #s= on /embed, theme, view, controls', async ({
	page
}) => {
	await killAndCall(page);
	await command(page, 'step', { to: 2 });
	const frame = page.frameLocator('#lab');
	await frame.getByRole('button', { name: 'Share', exact: true }).click();
	const code = new URL(await frame.getByLabel('Share link').inputValue()).hash.replace(/^#s=/, '');
	const restart = page.getByRole('button', { name: 'Restart filesystem', exact: true });

	// At step 2 the filesystem process is dead: its card offers Restart.
	await page.goto(`labs/01-connection-isolation?speed=instant&s=${code}`);
	await expect(restart).toBeVisible();
	await page.goto(`embed/01-connection-isolation?speed=instant#s=${code}`);
	await expect(restart).toBeVisible();

	await page.goto('labs/01-connection-isolation?speed=instant&theme=dark&view=servers&controls=0');
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-controls', 'off');
	await expect(page.locator('#servers')).toBeVisible();
	await expect(page.locator('#registry')).toHaveCount(0);
	await expect(page.locator('#narration')).toHaveCount(0);

	// A read-only embed with its narration: the steps page, but nothing there resets the world.
	await page.goto('embed/01-connection-isolation?speed=instant&controls=0');
	const narration = page.locator('#narration');
	await expect(narration.getByRole('button', { name: 'Next step' })).toBeVisible();
	await expect(narration.getByRole('button', { name: 'Reset the lab' })).toBeHidden();
	await expect(page.getByRole('button', { name: 'Kill filesystem', exact: true })).toBeHidden();
});
