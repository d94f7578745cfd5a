import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// setProfile (embed-api.md): the same world under another harness profile, start-up re-run.

test('setProfile switches the harness and re-runs start-up; unknown ids are refused', async ({
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
	// The page follows: the ToolSource panels replace OpenHarness's pipeline, and the empty
	// registry says why it is empty.
	await expect(frame.locator('#toolsource')).toBeVisible();
	const connectedTools = before.registry.filter((e) => e.name.startsWith('mcp__')).length;
	await expect(frame.getByTestId('registry-allowlist-hides')).toHaveText(
		t('en', 'registry_toolsource_allowlist_empty', { count: connectedTools })
	);
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

	expect(await command(page, 'setProfile', { profile: 'nope' })).toMatchObject({
		ok: false,
		error:
			"Unknown profile 'nope'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual)."
	});
	expect((await command(page, 'getState')).snapshot!.profile).toBe('toolsource');

	// The trust profile: connectors start untrusted, so nothing connects, and the model sees
	// only the two deferred-tool meta tools.
	const trust = await command(page, 'setProfile', { profile: 'trust' });
	expect(trust).toMatchObject({ ok: true });
	expect(trust.snapshot!.profile).toBe('trust');
	expect(trust.snapshot!.servers.map((s) => s.state)).toEqual([
		'disconnected',
		'disconnected',
		'disconnected'
	]);
	expect(trust.snapshot!.registry.map((e) => e.name)).toEqual(['ToolSearch', 'DeferExecuteTool']);
	await expect(frame.locator('[data-profile="trust"]')).toBeVisible();
	for (const profile of ['miniharness', 'contextual']) {
		const switched = await command(page, 'setProfile', { profile });
		expect(switched).toMatchObject({ ok: true });
		expect(switched.snapshot!.profile).toBe(profile);
		await expect(frame.locator(`[data-profile="${profile}"]`)).toBeVisible();
	}

	const back = await command(page, 'setProfile', { profile: 'openharness' });
	expect(back.snapshot!.profile).toBe('openharness');
	expect(back.snapshot!.registry).toEqual(before.registry);
	expect(back.snapshot!.servers.find((s) => s.name === 'realtime')).toMatchObject({
		state: 'failed',
		detail: 'Unsupported MCP transport in current build: ws'
	});

	// An allowlist whose one key names no tool (a typo) hides them all too, and says so.
	const typo = await command(page, 'setScenario', {
		scenario: {
			profile: 'toolsource',
			toolsource: { allow: { 'mcp.files.readfile': 'read' } },
			mcp_servers: {
				files: { type: 'stdio', command: 'files', sim: { tools: [{ name: 'read_file' }] } }
			}
		}
	});
	expect(typo).toMatchObject({ ok: true });
	await expect(frame.getByTestId('registry-allowlist-hides')).toHaveText(
		t('en', 'registry_toolsource_none_allowed', { count: 1 })
	);
	expect((await command(page, 'setProfile', { profile: 'openharness' })).ok).toBe(true);
	await expect(frame.getByTestId('registry-allowlist-hides')).toHaveCount(0);
});

test('profileCommand drives a trust world from the host page; the frame follows', async ({
	page
}) => {
	await openHost(page, { lab: '04-trust-and-grants' });
	const frame = page.frameLocator('#lab');
	const github = frame.locator(
		'[data-profile="trust"] [data-connector="github"] [data-testid="connector-state"]'
	);
	await expect(github).toHaveText('disconnected');

	const trusted = await command(page, 'profileCommand', {
		command: 'trust',
		args: { connector: 'github' }
	});
	expect(trusted).toMatchObject({ type: 'mcp-lab:result', ok: true });
	expect(trusted.snapshot!.servers.map((s) => [s.name, s.state])).toEqual([
		['feishu', 'disconnected'],
		['github', 'connected'],
		['notion', 'disconnected']
	]);
	await expect(github).toHaveText('connected');
	await expect(frame.getByTestId('deferred-block')).toContainText(
		'- mcp__github__list_issues: List issues on a GitHub repository.'
	);

	// Refusals carry the world's own sentence, and change nothing.
	expect(await command(page, 'profileCommand', { command: 'startRun' })).toMatchObject({
		ok: false,
		error:
			"The trust profile has no command 'startRun' (trust, untrust, connect, disconnect, grant, grantTool, network, revoke, healthCheck)."
	});
	expect(await command(page, 'profileCommand', { command: 'trust', args: 'notion' })).toMatchObject(
		{
			ok: false,
			error:
				'profileCommand needs args.args to be an object when given. Expected args: {command: string, args?: object}.'
		}
	);
	await expect(
		frame.locator('[data-connector="notion"] [data-testid="connector-state"]')
	).toHaveText('disconnected');

	await command(page, 'profileCommand', { command: 'disconnect', args: { connector: 'github' } });
	await expect(github).toHaveText('disconnected');
});

test('a trust connector whose tool a later one’s took says where it went', async ({ page }) => {
	await openHost(page, { lab: 'sandbox' });
	// `a` + `b__c` and `a__b` + `c` are both mcp__a__b__c: the later connector's replaces it.
	const connector = (tool: string) => ({
		type: 'stdio',
		command: 'x',
		sim: { tools: [{ name: tool }] }
	});
	const scenario = {
		profile: 'trust',
		mcp_servers: { a: connector('b__c'), a__b: connector('c') }
	};
	expect((await command(page, 'setScenario', { scenario })).ok).toBe(true);
	for (const name of ['a', 'a__b'])
		await command(page, 'profileCommand', { command: 'trust', args: { connector: name } });
	const frame = page.frameLocator('#lab');
	await expect(frame.locator('[data-connector="a"] [data-testid="tool-replaced"]')).toHaveText(
		t('en', 'trust_tool_replaced', { name: 'mcp__a__b__c', by: 'a__b' })
	);
	await expect(frame.locator('[data-connector="a__b"] [data-testid="tool-replaced"]')).toHaveCount(
		0
	);
});
