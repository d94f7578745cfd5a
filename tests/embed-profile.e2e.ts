import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';

// setProfile (embed-api.md): the same world under another harness profile, start-up re-run.

test('setProfile switches the harness and re-runs start-up; unbuilt and unknown ids are refused', async ({
	page
}) => {
	await openHost(page);
	const before = (await command(page, 'getState')).snapshot!;
	expect(before.registry.map((e) => e.name)).toContain('mcp__filesystem__read_file');
	const frame = page.frameLocator('#lab');
	await expect(frame.locator('#toolsource')).toHaveCount(0);

	const switched = await command(page, 'setProfile', { profile: 'toolsource' });
	expect(switched).toMatchObject({ type: 'mcp-lab:result', ok: true });
	expect(switched.snapshot!.profile).toBe('toolsource');
	expect(switched.snapshot!.servers.map((s) => s.name)).toEqual([
		'filesystem',
		'internal-api',
		'realtime'
	]);
	// ToolSource shows the model only what its allowlist names; this scenario has none.
	expect(switched.snapshot!.registry.filter((e) => e.name.startsWith('mcp__'))).toEqual([]);
	// The page follows: the ToolSource panels replace OpenHarness's pipeline.
	await expect(frame.locator('#toolsource')).toBeVisible();
	await expect
		.poll(() =>
			page.evaluate(
				() =>
					(
						window.messages.filter((m) => m.type === 'mcp-lab:state').at(-1)?.snapshot as
							{ profile: string } | undefined
					)?.profile
			)
		)
		.toBe('toolsource');

	expect(await command(page, 'setProfile', { profile: 'trust' })).toMatchObject({
		ok: false,
		error:
			"The profile 'trust' is not available in this build yet (available: openharness, toolsource)."
	});
	expect(await command(page, 'setProfile', { profile: 'nope' })).toMatchObject({
		ok: false,
		error:
			"Unknown profile 'nope'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource)."
	});
	expect((await command(page, 'getState')).snapshot!.profile).toBe('toolsource');

	const back = await command(page, 'setProfile', { profile: 'openharness' });
	expect(back.snapshot!.profile).toBe('openharness');
	expect(back.snapshot!.registry).toEqual(before.registry);
	expect(back.snapshot!.servers.find((s) => s.name === 'realtime')).toMatchObject({
		state: 'failed',
		detail: 'Unsupported MCP transport in current build: ws'
	});
});
