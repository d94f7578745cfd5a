import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { command, openHost, type Result, type Snapshot } from './helpers/embed-host';

// The embed contract (shared/design/embed-api.md) exercised as a docs page would: a host page
// that talks to the frame through postMessage only.

const server = (snapshot: Snapshot | undefined, name: string) =>
	snapshot?.servers.find((s) => s.name === name);

test('the frame announces itself and answers getState with the contract snapshot', async ({
	page
}) => {
	const ready = await openHost(page);
	expect(ready).toEqual({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
	const result = await command(page, 'getState');
	expect(result).toMatchObject({ type: 'mcp-lab:result', ok: true });
	const snapshot = result.snapshot!;
	expect(snapshot).toMatchObject({
		version: 1,
		lab: '01-connection-isolation',
		profile: 'openharness',
		step: 0
	});
	expect(snapshot.servers.map((s) => [s.name, s.transport, s.state, s.process])).toEqual([
		['filesystem', 'stdio', 'connected', 'running'],
		['internal-api', 'http', 'connected', 'running'],
		['realtime', 'ws', 'failed', 'running']
	]);
	expect(server(snapshot, 'realtime')?.detail).toBe(
		'Unsupported MCP transport in current build: ws'
	);
	expect(snapshot.registry.map((e) => e.name)).toEqual([
		// OpenHarness's own resource tools: no server, read-only, always available.
		'list_mcp_resources',
		'read_mcp_resource',
		'mcp__filesystem__read_file',
		'mcp__filesystem__write_file',
		'mcp__filesystem__list_directory',
		'mcp__internal-api__search_orders',
		'mcp__internal-api__create_ticket'
	]);
	expect(snapshot.registry[1]).toEqual({
		name: 'read_mcp_resource',
		server: '',
		tool: 'read_mcp_resource',
		readOnly: true,
		available: true
	});
	const types = await page.evaluate(() => window.messages.map((m) => m.type));
	expect(types).toContain('mcp-lab:resize');
	// `ready` comes first: no state or size of a world still starting before it.
	expect(types[0]).toBe('mcp-lab:ready');
});

test('a command posted before the frame’s code started is held, and answered after ready', async ({
	page
}) => {
	// Start-up held back, as on a slow network, so the command surely comes before the page's
	// listener: only static/embed/early-messages.js is there to hold it.
	await page.route(/\/_app\/immutable\/entry\/app\.[^/]*\.js$/, async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 500));
		await route.continue();
	});
	await page.goto('__fixtures__/embed-host.html?speed=instant&early=1');
	await page.evaluate(() => window.ready);
	await expect
		.poll(() => page.evaluate(() => window.messages.some((m) => m.id === 'early')))
		.toBe(true);
	const { after, types, answer } = await page.evaluate(() => ({
		after: (window as unknown as { earlyAfter: number }).earlyAfter,
		types: window.messages.map((m) => m.type),
		answer: window.messages.find((m) => m.id === 'early') as unknown as Result
	}));
	// Posted when the frame had said nothing yet; answered after ready, on the started world.
	expect(after).toBe(0);
	expect(types[0]).toBe('mcp-lab:ready');
	expect(answer).toMatchObject({ type: 'mcp-lab:result', ok: true });
	expect(answer.snapshot!.servers.map((s) => [s.name, s.state])).toEqual([
		['filesystem', 'connected'],
		['internal-api', 'connected'],
		['realtime', 'failed']
	]);
});

test('the host calls OpenHarness’s built-in resource tools by their own names', async ({
	page
}) => {
	await openHost(page);
	const listed = await command(page, 'callTool', { name: 'list_mcp_resources', arguments: {} });
	// Lab 01's servers offer no resources: the tool says so, and it is not an error.
	expect(listed.snapshot?.calls.at(-1)).toMatchObject({
		name: 'list_mcp_resources',
		state: 'completed',
		isError: false,
		output: '(no MCP resources)'
	});
	const read = await command(page, 'callTool', {
		name: 'read_mcp_resource',
		arguments: { server: 'internal-api', uri: 'file:///x' }
	});
	expect(read.snapshot?.calls.at(-1)).toMatchObject({
		isError: true,
		output: "MCP server 'internal-api' resource read failed: Method not found"
	});
});

test('kill, call, reconnect: isolation as the host sees it', async ({ page }) => {
	await openHost(page);
	const killed = await command(page, 'kill', { server: 'filesystem' });
	expect(server(killed.snapshot, 'filesystem')).toMatchObject({
		state: 'connected',
		process: 'killed'
	});

	const call = await command(page, 'callTool', {
		name: 'mcp__filesystem__read_file',
		arguments: { path: '/data/notes.txt' }
	});
	expect(call.snapshot?.calls.at(-1)).toMatchObject({
		name: 'mcp__filesystem__read_file',
		state: 'completed',
		isError: true,
		output: "MCP server 'filesystem' call failed: ",
		error: "MCP server 'filesystem' call failed: "
	});
	const other = await command(page, 'callTool', {
		name: 'mcp__internal-api__search_orders',
		arguments: { query: 'late' }
	});
	expect(other.snapshot?.calls.at(-1)).toMatchObject({ isError: false, error: '' });

	const reconnected = await command(page, 'reconnectAll');
	expect(server(reconnected.snapshot, 'filesystem')).toMatchObject({
		state: 'failed',
		detail: 'Connection closed'
	});
	expect(server(reconnected.snapshot, 'internal-api')?.state).toBe('connected');
	expect(reconnected.snapshot?.registry.filter((e) => !e.available).map((e) => e.name)).toEqual([
		'mcp__filesystem__read_file',
		'mcp__filesystem__write_file',
		'mcp__filesystem__list_directory'
	]);

	const states = await page.evaluate(
		() => window.messages.filter((m) => m.type === 'mcp-lab:state').length
	);
	expect(states).toBeGreaterThan(0);

	const reset = await command(page, 'reset');
	expect(server(reset.snapshot, 'filesystem')).toMatchObject({
		state: 'connected',
		process: 'running'
	});
	expect(reset.snapshot?.calls).toEqual([]);
});

test('bad commands are answered with a sentence, and the world is kept', async ({ page }) => {
	await openHost(page);
	// The frame's error box shows the host's last command's failure, whichever command it was,
	// and goes once a command succeeds (it used to keep the first failure under later ones).
	const box = page.frameLocator('#lab').getByTestId('harness-error');
	expect(await command(page, 'kill', { server: 'nope' })).toMatchObject({
		ok: false,
		error: "Unknown server 'nope'. Servers in this world: filesystem, internal-api, realtime."
	});
	await expect(box).toContainText("'nope'");
	expect(await command(page, 'kill', {})).toMatchObject({
		ok: false,
		error: 'kill needs args.server (a non-empty string).'
	});
	await expect(box).toContainText('kill needs args.server (a non-empty string).');
	const invalid = await command(page, 'setScenario', {
		scenario: { mcp_servers: { x: { type: 'stdio', args: 'nope' } } }
	});
	expect(invalid.ok).toBe(false);
	expect(invalid.error).toMatch(/^Invalid scenario at mcp_servers\.x\.(command|args): /);
	await expect(box).toContainText('Invalid scenario at mcp_servers.x.');
	expect(await command(page, 'step', { to: 'x' })).toMatchObject({ ok: false });
	await expect(box).toContainText('step needs args.to');
	expect((await command(page, 'getState')).ok).toBe(true);
	await expect(box).toContainText('step needs args.to');
	expect((await command(page, 'setProfile', { profile: 'openharness' })).ok).toBe(true);
	await expect(box).toHaveCount(0);
	expect(await command(page, 'setScenario', {})).toMatchObject({
		ok: false,
		error: 'setScenario needs args.scenario (a scenario object).'
	});
	// Claude Desktop's spelling is named, not taken for an empty world.
	expect(
		await command(page, 'setScenario', { scenario: { mcpServers: { fs: { command: 'npx' } } } })
	).toMatchObject({
		ok: false,
		error: expect.stringContaining("not mcpServers (Claude Desktop's")
	});
	const kept = await command(page, 'getState');
	expect(kept.snapshot?.servers.map((s) => s.name)).toEqual([
		'filesystem',
		'internal-api',
		'realtime'
	]);
	expect(await command(page, 'delay', { server: 'filesystem' })).toMatchObject({
		ok: false,
		error: 'delay needs args.ms (a number of milliseconds).'
	});
	expect((await command(page, 'delay', { server: 'filesystem', ms: 2000 })).ok).toBe(true);
	expect(await command(page, 'setProfile', { profile: '' })).toMatchObject({
		ok: false,
		error: 'setProfile needs args.profile (a non-empty string).'
	});
});

test('setScenario replaces the world and runs its start-up', async ({ page }) => {
	await openHost(page, '?lab=sandbox');
	const empty = await command(page, 'getState');
	expect(empty.snapshot?.servers).toEqual([]);
	const result = await command(page, 'setScenario', {
		scenario: {
			mcp_servers: {
				'my.api': { type: 'http', url: 'https://x.example/mcp', sim: { tools: [{ name: '2fa' }] } }
			}
		}
	});
	expect(result.ok).toBe(true);
	expect(result.snapshot?.registry).toEqual([
		// An OpenHarness world: its two built-in resource tools come first.
		{
			name: 'list_mcp_resources',
			server: '',
			tool: 'list_mcp_resources',
			readOnly: true,
			available: true
		},
		{
			name: 'read_mcp_resource',
			server: '',
			tool: 'read_mcp_resource',
			readOnly: true,
			available: true
		},
		{
			name: 'mcp__my_api__mcp_2fa',
			server: 'my.api',
			tool: '2fa',
			readOnly: false,
			available: true
		}
	]);
});

test('lab 06 opens before its start-up: every client pending, startSession starts them', async ({
	page
}) => {
	// The one lab that does not open started (its first step is the start-up): a host must not
	// take its first snapshot for a failed world.
	const ready = await openHost(page, '?lab=06-sdk-client-discipline');
	expect(ready.lab).toBe('06-sdk-client-discipline');
	const first = await command(page, 'getState');
	expect(first.snapshot?.profile).toBe('miniharness');
	expect(first.snapshot?.servers.map((s) => s.state)).toEqual([
		'pending',
		'pending',
		'pending',
		'pending'
	]);
	const started = await command(page, 'startSession');
	expect(started.ok).toBe(true);
	expect(started.snapshot?.servers.map((s) => [s.name, s.state])).toEqual([
		['backup', 'initialized'],
		['payments', 'initialized'],
		['primary', 'initialized'],
		['realtime', 'failed']
	]);
});

test('commands are ignored unless they come from the origin parameter', async ({ page }) => {
	await page.goto('__fixtures__/embed-host.html?origin=https://docs.example.com');
	await page.evaluate(() => window.post({ type: 'mcp-lab:command', id: 'x', command: 'getState' }));
	// The frame replies only to https://docs.example.com, so this page must hear nothing at all.
	await page.waitForTimeout(1500);
	const types = await page.evaluate(() => window.messages.map((m) => m.type));
	expect(types.filter((t) => t === 'mcp-lab:result' || t === 'mcp-lab:ready')).toEqual([]);
	await expect(page.frameLocator('#lab').getByTestId('workspace')).toHaveAttribute(
		'data-settled',
		'yes'
	);
	// The frame says why, with the origin to set: this page is not https://docs.example.com.
	const here = new URL(page.url()).origin;
	await expect(page.frameLocator('#lab').getByRole('main')).toContainText(
		t('en', 'embed_origin_mismatch', { origin: 'https://docs.example.com', parent: here })
	);
});

test('an empty, malformed or file: origin= shuts the frame: no ready, no answers, and it says why', async ({
	page
}) => {
	// One host page of this test's own, three frames: each posts getState to its frame as soon as
	// it loads, and again later, and keeps every message any frame sends.
	const bad = ['', 'not a url', 'file:///home/ana/guide.html'];
	const frames = bad
		.map(
			(origin, i) =>
				`<iframe id="f${i}" title="lab ${i}" src="../embed/01-connection-isolation?speed=instant&origin=${encodeURIComponent(origin)}"></iframe>`
		)
		.join('');
	await page.route('**/__fixtures__/bad-origins.html', (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: `<!doctype html><html lang="en"><title>host</title><body>${frames}<script>
				window.heard = [];
				addEventListener('message', (e) => window.heard.push(e.data && e.data.type));
				const ask = () => document.querySelectorAll('iframe').forEach((f) =>
					f.contentWindow.postMessage({ type: 'mcp-lab:command', id: 'q', command: 'getState' }, '*'));
				document.querySelectorAll('iframe').forEach((f) => f.addEventListener('load', ask));
				window.ask = ask;
			</script></body></html>`
		})
	);
	await page.goto('__fixtures__/bad-origins.html');
	const notices = [
		t('en', 'embed_origin_empty'),
		t('en', 'embed_origin_malformed', { value: 'not a url' }),
		t('en', 'embed_origin_unusable', { value: 'file:///home/ana/guide.html' })
	];
	for (const [i, notice] of notices.entries()) {
		const frame = page.frameLocator(`#f${i}`);
		await expect(frame.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		await expect(frame.getByRole('main')).toContainText(notice);
	}
	await page.evaluate(() => window.ask());
	await page.waitForTimeout(1500);
	expect(await page.evaluate(() => window.heard)).toEqual([]);
});

test('a host drives a call and its approval through postMessage', async ({ page }) => {
	await openHost(page, '?lab=sandbox');
	const set = await command(page, 'setScenario', {
		scenario: {
			permissions: { mode: 'default' },
			mcp_servers: {
				tickets: {
					type: 'http',
					url: 'https://x.example/mcp',
					sim: {
						tools: [
							{ name: 'create', result: { content: [{ type: 'text', text: 'T-7 created' }] } }
						]
					}
				}
			}
		}
	});
	expect(set.ok).toBe(true);
	const asked = await command(page, 'callTool', { name: 'mcp__tickets__create', arguments: {} });
	const call = asked.snapshot?.calls.at(-1);
	expect(call).toMatchObject({
		name: 'mcp__tickets__create',
		state: 'awaiting_approval',
		output: ''
	});
	const answered = await command(page, 'answerApproval', { call: call!.id, approve: true });
	expect(answered.snapshot?.calls.at(-1)).toMatchObject({
		state: 'completed',
		isError: false,
		output: 'T-7 created'
	});
	expect(await command(page, 'answerApproval', { call: call!.id, approve: true })).toMatchObject({
		ok: false,
		error: `Call ${call!.id} is not waiting for approval.`
	});
});

test('a host drives ToolSource fault drills: unknown outcome, refusal, reconcile, cancel', async ({
	page
}) => {
	await openHost(page, 'lab=05-fault-drills');
	const state = await command(page, 'getState');
	expect(state.snapshot!.profile).toBe('toolsource');
	const asked = await command(page, 'callTool', {
		name: 'mcp.payments.refund',
		arguments: { order: 'A-1001' }
	});
	const refund = asked.snapshot!.calls.at(-1)!;
	expect(refund.state).toBe('waiting_for_approval');
	const answered = await command(page, 'answerApproval', { call: refund.id, approve: true });
	expect(answered.snapshot!.calls.at(-1)).toMatchObject({
		id: refund.id,
		state: 'unknown',
		isError: true,
		output: expect.stringMatching(/^Outcome unknown for mcp\.payments\.refund: /)
	});
	expect(
		await command(page, 'callTool', { name: 'mcp.files.read_file', arguments: { path: '/a' } })
	).toMatchObject({ ok: false, error: `The run is interrupted: reconcile ${refund.id} first.` });
	expect(await command(page, 'reconcile', { call: refund.id, verdict: 'maybe' })).toMatchObject({
		ok: false,
		error: 'reconcile needs args.verdict ("applied" or "not_applied").'
	});
	expect((await command(page, 'reconcile', { call: refund.id, verdict: 'not_applied' })).ok).toBe(
		true
	);
	const waiting = await command(page, 'callTool', {
		name: 'mcp.payments.create_invoice',
		arguments: { order: 'A-9' }
	});
	const invoice = waiting.snapshot!.calls.at(-1)!;
	const cancelled = await command(page, 'cancelCall', { call: invoice.id });
	expect(cancelled.snapshot!.calls.at(-1)).toMatchObject({ id: invoice.id, state: 'cancelled' });
	expect((await command(page, 'restartHarness')).ok).toBe(true);
});

test('resize follows the content both ways: a bigger world grows the frame, a smaller one shrinks it', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox', view: 'servers' });
	const lastHeight = () =>
		page.evaluate(
			() => window.messages.filter((m) => m.type === 'mcp-lab:resize').at(-1)?.height as number
		);
	const servers = Object.fromEntries(
		Array.from({ length: 30 }, (_, i) => [`s${i}`, { type: 'stdio', command: 'x' }])
	);
	expect((await command(page, 'setScenario', { scenario: { mcp_servers: servers } })).ok).toBe(
		true
	);
	await expect.poll(lastHeight).toBeGreaterThan(1500);
	const tall = await lastHeight();
	expect((await command(page, 'setScenario', { scenario: { mcp_servers: {} } })).ok).toBe(true);
	await expect.poll(lastHeight).toBeLessThan(tall / 2);
	// The frame's own content is what was measured: the host sized the frame to it.
	const height = await lastHeight();
	const content = await page
		.frameLocator('#lab')
		.locator('body')
		.evaluate((body) => body.scrollHeight);
	expect(Math.abs(content - height)).toBeLessThanOrEqual(1);
});

test('a step taken inside the frame is a change: the host gets a state with the new step', async ({
	page
}) => {
	await openHost(page);
	await page.frameLocator('#lab').getByRole('button', { name: 'Next step', exact: true }).click();
	await expect
		.poll(() =>
			page.evaluate(
				() =>
					(
						window.messages.filter((m) => m.type === 'mcp-lab:state').at(-1)?.snapshot as
							{ step: number } | undefined
					)?.step
			)
		)
		.toBe(1);
});

test('restart, hang, closeSession and connectAll do what the contract says', async ({ page }) => {
	await openHost(page);
	await command(page, 'kill', { server: 'filesystem' });
	// The process comes back; OpenHarness notices only at a reconnect, so the call still fails.
	const restarted = await command(page, 'restart', { server: 'filesystem' });
	expect(server(restarted.snapshot, 'filesystem')).toMatchObject({
		state: 'connected',
		process: 'running'
	});
	const stale = await command(page, 'callTool', {
		name: 'mcp__filesystem__read_file',
		arguments: { path: '/data/notes.txt' }
	});
	expect(stale.snapshot?.calls.at(-1)?.output).toBe("MCP server 'filesystem' call failed: ");

	// A hung server answers nothing: the call fails when the profile's timeout fires.
	const hung = await command(page, 'hang', { server: 'internal-api' });
	expect(server(hung.snapshot, 'internal-api')?.process).toBe('hung');
	const late = await command(page, 'callTool', {
		name: 'mcp__internal-api__search_orders',
		arguments: { query: 'late' }
	});
	expect(late.snapshot?.calls.at(-1)).toMatchObject({
		state: 'completed',
		isError: true,
		output: "MCP server 'internal-api' call failed: Request timed out"
	});

	// Shutdown closes every connection and forgets the registry; connectAll alone connects
	// again but builds no registry (OpenHarness builds it once per session, at start-up).
	const closed = await command(page, 'closeSession');
	expect(closed.snapshot?.servers.map((s) => s.state)).toEqual(['pending', 'pending', 'pending']);
	expect(closed.snapshot?.registry).toEqual([]);
	const connected = await command(page, 'connectAll');
	expect(server(connected.snapshot, 'filesystem')?.state).toBe('connected');
	expect(connected.snapshot?.registry).toEqual([]);
});
