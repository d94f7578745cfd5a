// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labSchema } from '$lib/core/labs/lab-schema';
import type { WorldSnapshot } from '$lib/core/world/snapshot';
import { EmbedHost } from './embed-host.svelte';
import { LabSession } from './lab-session.svelte';

const readLab = (slug: string) =>
	labSchema.parse(
		JSON.parse(readFileSync(new URL(`../../../labs/${slug}/lab.json`, import.meta.url), 'utf8'))
	);
const lab01 = readLab('01-connection-isolation');
const HOST = 'https://docs.example.com';

type Result = { type: string; id: string; ok: boolean; snapshot?: WorldSnapshot; error?: string };

let cleanups: Array<() => void> = [];
beforeEach(() => {
	// The frame watches its own height; nothing resizes in Node.
	vi.stubGlobal(
		'ResizeObserver',
		class {
			observe() {}
			disconnect() {}
		}
	);
	// State messages are coalesced per animation frame; Node has none, a timer stands in.
	vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
	vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) =>
		clearTimeout(handle)
	);
});
afterEach(() => {
	for (const cleanup of cleanups) cleanup();
	cleanups = [];
	vi.unstubAllGlobals();
});

/**
 * A lab (01 unless given) in a frame whose parent is a docs page at HOST, as the embed page wires
 * it; `early` hands the frame over before its start-up has settled.
 */
async function frame(
	lab = lab01,
	{
		early = false,
		allowed = HOST as string | null,
		referrer = `${HOST}/guide`,
		ancestor = undefined as string | undefined,
		held = [] as Array<{ id: string; command: string; args?: Record<string, unknown> }>,
		/** The frame's document: 'interactive' until `load()` fires its load event. */
		readyState = 'complete' as DocumentReadyState
	} = {}
) {
	const session = new LabSession(lab.id, lab);
	session.world.speed = 'instant';
	const posted: Array<{ message: Record<string, unknown>; target: string }> = [];
	let listener: ((event: MessageEvent) => void) | null = null;
	const onLoad: Array<() => void> = [];
	const parent = {
		postMessage: (message: Record<string, unknown>, target: string) =>
			posted.push({ message, target })
	};
	const win = {
		parent,
		document: { referrer, readyState, body: { scrollHeight: 640 } },
		location: { ancestorOrigins: ancestor ? [ancestor] : [] },
		addEventListener: (type: string, l: (event: MessageEvent) => void) =>
			type === 'load' ? onLoad.push(l as () => void) : (listener = l),
		removeEventListener: () => (listener = null),
		// What static/embed/early-messages.js held before the page's code ran.
		__mcpLabEarlyMessages: {
			take: () =>
				held.splice(0).map(
					(data) =>
						({
							source: parent,
							origin: HOST,
							data: { type: 'mcp-lab:command', ...data }
						}) as unknown as MessageEvent
				)
		}
	} as unknown as Window;
	const host = new EmbedHost(session, allowed, win);
	cleanups.push(() => {
		host.stop();
		session.dispose();
	});
	const sessionStarted = session.start();
	const started = host.start(sessionStarted);
	if (!early) await started;
	let next = 0;

	const results = () => posted.filter((p) => p.message.type === 'mcp-lab:result');

	/** Posts a command as the parent page at `origin` would. */
	function post(command: string, args: Record<string, unknown>, origin: string) {
		const id = `c${++next}`;
		listener!({
			source: parent,
			origin,
			data: { type: 'mcp-lab:command', id, command, args }
		} as unknown as MessageEvent);
		return id;
	}

	/** Posts a command from the host page and waits for its answer. */
	async function send(command: string, args: Record<string, unknown> = {}) {
		const id = post(command, args, HOST);
		const answer = () => results().find((p) => p.message.id === id)?.message as Result | undefined;
		for (let i = 0; i < 1000 && !answer(); i++) await new Promise((r) => setTimeout(r, 2));
		return answer();
	}
	/** The document finishes loading: its window's load event. */
	function load() {
		(win.document as { readyState: DocumentReadyState }).readyState = 'complete';
		for (const run of onLoad.splice(0)) run();
	}
	return { session, host, posted, results, post, send, win, load, sessionStarted };
}

const names = (snapshot: WorldSnapshot | undefined) => snapshot?.registry.map((e) => e.name);

describe('EmbedHost: where its messages go without an origin parameter', () => {
	const targets = (posted: Array<{ target: string }>) => [...new Set(posted.map((p) => p.target))];

	it('to the parent origin the browser names, with no referrer (a no-referrer docs page)', async () => {
		const { posted } = await frame(lab01, {
			allowed: null,
			referrer: '',
			ancestor: 'https://docs.example'
		});
		expect(posted[0].message.type).toBe('mcp-lab:ready');
		expect(targets(posted)).toEqual(['https://docs.example']);
	});

	it("to '*' for an opaque (sandboxed) parent, which no origin can name", async () => {
		const { posted } = await frame(lab01, { allowed: null, ancestor: 'null' });
		expect(posted[0].message.type).toBe('mcp-lab:ready');
		expect(targets(posted)).toEqual(['*']);
	});

	it('to the referrer origin where the browser names no ancestor (Firefox)', async () => {
		const { posted } = await frame(lab01, { allowed: null });
		expect(targets(posted)).toEqual([HOST]);
	});
});

describe('EmbedHost: commands posted before the page started', () => {
	it('answers what early-messages.js held, after ready, on the started world', async () => {
		const { posted, results, send } = await frame(lab01, {
			held: [
				{ id: 'early-kill', command: 'kill', args: { server: 'filesystem' } },
				{ id: 'early-state', command: 'getState' }
			]
		});
		await send('getState');
		for (let i = 0; i < 500 && results().length < 3; i++)
			await new Promise((r) => setTimeout(r, 2));
		expect(posted[0].message.type).toBe('mcp-lab:ready');
		const answers = new Map(results().map((p) => [p.message.id, p.message as Result]));
		// getState, a read, is answered as soon as it ran; the kill once the world settled.
		expect([...answers.keys()].sort()).toEqual(['c1', 'early-kill', 'early-state']);
		const fs = (a: Result | undefined) => a?.snapshot?.servers.find((s) => s.name === 'filesystem');
		expect(answers.get('early-state')?.snapshot?.step).toBe(0);
		expect(fs(answers.get('early-kill'))).toMatchObject({
			process: 'killed',
			// OpenHarness notices a dead stdio server only when it next calls it (lab 01's lesson).
			state: 'connected'
		});
	});
});

it('says ready only once its document has loaded: the loader takes a load after ready as another page', async () => {
	const { sessionStarted, posted, load, send } = await frame(lab01, {
		early: true,
		readyState: 'interactive'
	});
	// The world started (a fast start), but an image or a font of the page is still loading.
	await sessionStarted;
	await new Promise((r) => setTimeout(r, 20));
	expect(posted.map((p) => p.message.type)).toEqual([]);
	load();
	// A task after the load event: the iframe's own load event has reached the host page.
	expect(posted.map((p) => p.message.type)).toEqual([]);
	const answer = await send('getState');
	expect(posted[0].message.type).toBe('mcp-lab:ready');
	expect(answer?.ok).toBe(true);
});

describe('EmbedHost: setScenario', () => {
	it('answers a valid world with notes on the keys that change nothing, and none without', async () => {
		const { send } = await frame();
		const typo = {
			// Not read, so the world runs in full_auto: not what its author wrote.
			permisions: { mode: 'default' },
			mcp_servers: {
				web: {
					type: 'http',
					url: 'https://web.example/mcp',
					sim: { tools: [{ name: 'a', error: { code: 1, message: 'down' }, result: {} }] }
				}
			}
		};
		const answer = (await send('setScenario', { scenario: typo })) as Result & { notes?: unknown };
		expect(answer.ok).toBe(true);
		expect(answer.snapshot?.servers.map((s) => s.name)).toEqual(['web']);
		expect(answer.notes).toEqual([
			{
				path: 'permisions',
				message:
					'MCP Lab does not know this key (it keeps it, as a setting it does not model): did you mean permissions?'
			},
			{
				path: 'mcp_servers.web.sim.tools[0].result',
				message: 'Never used: this tool answers with its error.'
			}
		]);
		const clean = { mcp_servers: { fs: { type: 'stdio', command: 'npx' } } };
		expect(await send('setScenario', { scenario: clean })).not.toHaveProperty('notes');
	});
});

describe('EmbedHost: setProfile', () => {
	it('switches the harness profile and re-runs startup on the same scenario', async () => {
		const { session, send } = await frame();
		const before = await send('getState');
		expect(before?.snapshot?.profile).toBe('openharness');
		expect(names(before?.snapshot)).toContain('mcp__filesystem__read_file');

		const switched = await send('setProfile', { profile: 'toolsource' });
		expect(switched).toMatchObject({ type: 'mcp-lab:result', ok: true });
		expect(switched!.snapshot!.profile).toBe('toolsource');
		expect(switched!.snapshot!.servers.map((s) => s.name)).toEqual(
			before!.snapshot!.servers.map((s) => s.name)
		);
		expect(names(switched!.snapshot)!.some((n) => n.startsWith('mcp__'))).toBe(false);
		expect(session.scenario.profile).toBe('toolsource');
		expect(session.scenario.mcp_servers).toEqual(lab01.scenario.mcp_servers);
		expect(session.world.sessionStarted).toBe(true);
		expect(session.world.profile).toBe('toolsource');

		const back = await send('setProfile', { profile: 'openharness' });
		expect(back?.ok).toBe(true);
		expect(back!.snapshot!.profile).toBe('openharness');
		expect(names(back!.snapshot)).toEqual(names(before!.snapshot));
	});

	it.each(['trust', 'miniharness', 'contextual'])(
		'switches to the %s profile, whose snapshot speaks its own words',
		async (profile) => {
			const { session, send } = await frame();
			const switched = await send('setProfile', { profile });
			expect(switched).toMatchObject({ ok: true });
			expect(switched!.snapshot!.profile).toBe(profile);
			expect(session.world.profile).toBe(profile);
			expect(session.world.profileView?.profile).toBe(profile);
			if (profile === 'trust')
				// Connectors start untrusted: nothing connects, whatever the scenario's servers.
				expect(new Set(switched!.snapshot!.servers.map((s) => s.state))).toEqual(
					new Set(['disconnected'])
				);
		}
	);

	it('lists the valid ids for an unknown profile, and asks for a missing one', async () => {
		const { send } = await frame();
		expect(await send('setProfile', {})).toMatchObject({
			ok: false,
			error: 'setProfile needs args.profile (a non-empty string).'
		});
		expect(await send('setProfile', { profile: 'claude' })).toMatchObject({
			ok: false,
			error:
				"Unknown profile 'claude'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual)."
		});
	});

	it('ignores a setProfile from another origin than the origin parameter', async () => {
		const { session, posted, results, post, send } = await frame();
		post('setProfile', { profile: 'toolsource' }, 'https://evil.example');
		// Refused before anything runs: no command pending, no answer, the same profile.
		expect(session.world.pending).toBe(0);
		expect((await send('getState'))?.snapshot?.profile).toBe('openharness');
		expect(results()).toHaveLength(1);
		expect(posted.every((p) => p.target === HOST)).toBe(true);
	});
});

describe('EmbedHost: commands posted back to back', () => {
	it('commands posted right after setProfile run on the world it made, answered after it', async () => {
		const { post, results } = await frame();
		const switched = post('setProfile', { profile: 'trust' }, HOST);
		const trusted = post(
			'profileCommand',
			{ command: 'trust', args: { connector: 'internal-api' } },
			HOST
		);
		const state = post('getState', {}, HOST);
		for (let i = 0; i < 1000 && results().length < 3; i++)
			await new Promise((r) => setTimeout(r, 2));
		const answers = results().map((p) => p.message as Result);
		const answer = (id: string) => answers.find((a) => a.id === id)!;
		// The two after setProfile ran on the trust world (they do not wait for each other);
		// setProfile's answer waits for the command still running, then goes first. getState is a
		// read: it is answered as soon as it ran, already on the trust world.
		expect(answers.map((a) => a.id)).toEqual([state, switched, trusted]);
		expect(answers.map((a) => a.ok)).toEqual([true, true, true]);
		expect(answer(state).snapshot!.profile).toBe('trust');
		const servers = Object.fromEntries(
			answer(trusted).snapshot!.servers.map((s) => [s.name, s.state])
		);
		expect(servers['internal-api']).toBe('connected');
		expect(servers.filesystem).toBe('disconnected');
	});
});

describe('EmbedHost: profileCommand', () => {
	const lab04 = readLab('04-trust-and-grants');
	const SHAPE = 'Expected args: {command: string, args?: object}.';
	const states = (snapshot: WorldSnapshot | undefined) =>
		Object.fromEntries(snapshot?.servers.map((s) => [s.name, s.state]) ?? []);

	it('trusts a connector in a trust world: it connects, the others stay disconnected', async () => {
		const { session, send } = await frame(lab04);
		expect(states((await send('getState'))?.snapshot)).toEqual({
			feishu: 'disconnected',
			github: 'disconnected',
			notion: 'disconnected'
		});

		const trusted = await send('profileCommand', {
			command: 'trust',
			args: { connector: 'github' }
		});
		expect(trusted).toMatchObject({ type: 'mcp-lab:result', ok: true });
		expect(states(trusted!.snapshot)).toEqual({
			feishu: 'disconnected',
			github: 'connected',
			notion: 'disconnected'
		});
		expect(trusted!.snapshot!.servers.find((s) => s.name === 'github')?.tools).toEqual([
			'create_pull_request',
			'list_issues'
		]);
		// The model still sees only the deferred-tool meta tools.
		expect(names(trusted!.snapshot)).toEqual(['ToolSearch', 'DeferExecuteTool']);
		// Logged like the lab page's own command, so time travel and share links replay it.
		expect(session.world.world.actions.at(-1)?.action).toEqual({
			do: 'profile',
			command: 'trust',
			args: { connector: 'github' }
		});

		const disconnected = await send('profileCommand', {
			command: 'disconnect',
			args: { connector: 'github' }
		});
		expect(states(disconnected!.snapshot).github).toBe('disconnected');
		await send('profileCommand', { command: 'network', args: { on: true } });
		expect(session.world.profileView?.grant).toEqual({ tools: [], network: true });
		// `args` may be left out: a command without arguments.
		expect(await send('profileCommand', { command: 'revoke' })).toMatchObject({ ok: true });
		expect(session.world.profileView?.grant).toEqual({ tools: [], network: false });
	});

	it('runs a profileCommand sent before the frame is ready once the trust profile has loaded', async () => {
		const { session, send } = await frame(lab04, { early: true });
		const trusted = await send('profileCommand', {
			command: 'trust',
			args: { connector: 'notion' }
		});
		expect(trusted).toMatchObject({ ok: true });
		expect(states(trusted!.snapshot).notion).toBe('connected');
		expect(session.world.profileView?.profile).toBe('trust');
	});

	it('starts a contextual run: its servers connect with the run identity', async () => {
		const { session, send } = await frame(readLab('07-per-run-headers'));
		const started = await send('profileCommand', {
			command: 'startRun',
			args: { identity: 'alice', context: { run_id: 'run-1' }, servers: ['knowledge'] }
		});
		expect(started).toMatchObject({ ok: true });
		expect(started!.snapshot!.profile).toBe('contextual');
		expect(started!.snapshot!.servers.find((s) => s.name === 'knowledge')?.state).toBe('connected');
		expect(session.world.profileView?.run).toMatchObject({
			number: 1,
			identity: 'alice',
			run_id: 'run-1',
			servers: ['knowledge'],
			state: 'running'
		});
	});

	it('answers with the world’s own sentence for an unknown command and bad args', async () => {
		const { send } = await frame(lab04);
		expect(await send('profileCommand', { command: 'explode' })).toEqual({
			type: 'mcp-lab:result',
			id: expect.any(String),
			ok: false,
			error:
				"The trust profile has no command 'explode' (trust, untrust, connect, disconnect, grant, grantTool, network, revoke, healthCheck)."
		});
		// A MiniHarness command sent to a trust world.
		expect(await send('profileCommand', { command: 'retry', args: { call: 'c1' } })).toMatchObject({
			ok: false,
			error:
				"The trust profile has no command 'retry' (trust, untrust, connect, disconnect, grant, grantTool, network, revoke, healthCheck)."
		});
		expect(
			await send('profileCommand', { command: 'trust', args: { connector: 'gitlab' } })
		).toMatchObject({
			ok: false,
			error: "Unknown connector 'gitlab'. Connectors in this world: github, feishu, notion."
		});
		// Nothing was trusted on the way.
		expect(new Set(Object.values(states((await send('getState'))?.snapshot)))).toEqual(
			new Set(['disconnected'])
		);
	});

	it('tells an OpenHarness world’s host that its profile has no such command', async () => {
		const { session, send } = await frame();
		expect(
			await send('profileCommand', { command: 'trust', args: { connector: 'filesystem' } })
		).toMatchObject({ ok: false, error: "The openharness profile has no command 'trust'." });
		expect(session.world.profile).toBe('openharness');
	});

	it('refuses args that are not an object, and a missing command name, naming the shape', async () => {
		const { send } = await frame(lab04);
		for (const args of ['github', ['github'], 7])
			expect(await send('profileCommand', { command: 'trust', args })).toMatchObject({
				ok: false,
				error: `profileCommand needs args.args to be an object when given. ${SHAPE}`
			});
		// null is JSON's "not given", as for callTool's arguments: the profile then asks.
		expect(await send('profileCommand', { command: 'trust', args: null })).toMatchObject({
			ok: false,
			error: "Unknown connector 'undefined'. Connectors in this world: github, feishu, notion."
		});
		expect(await send('profileCommand', { args: { connector: 'github' } })).toMatchObject({
			ok: false,
			error: `profileCommand needs args.command (a non-empty string). ${SHAPE}`
		});
	});
});

describe('EmbedHost: bad arguments and hostile messages', () => {
	it('refuses each command’s missing or mistyped args in its own words, and the world is kept', async () => {
		const { send } = await frame();
		const refusals: Array<[string, Record<string, unknown>, string]> = [
			['callTool', { arguments: {} }, 'callTool needs args.name (a non-empty string).'],
			[
				'callTool',
				{ name: 'mcp__filesystem__read_file', arguments: 'x' },
				'callTool needs args.arguments to be an object when given.'
			],
			[
				'callTool',
				{ name: 'mcp__filesystem__read_file', arguments: [] },
				'callTool needs args.arguments to be an object when given.'
			],
			['answerApproval', { approve: true }, 'answerApproval needs args.call (a non-empty string).'],
			[
				'answerApproval',
				{ call: 'c1', approve: 'yes' },
				'answerApproval needs args.approve (true or false).'
			],
			['restart', {}, 'restart needs args.server (a non-empty string).'],
			['hang', { server: '' }, 'hang needs args.server (a non-empty string).'],
			[
				'delay',
				{ server: 'filesystem', ms: '5' },
				'delay needs args.ms (a number of milliseconds).'
			]
		];
		for (const [command, args, error] of refusals)
			expect(await send(command, args), command).toEqual({
				type: 'mcp-lab:result',
				id: expect.any(String),
				ok: false,
				error
			});
		const state = await send('getState');
		expect(state?.snapshot?.calls).toEqual([]);
		expect(state?.snapshot?.servers.map((s) => s.state)).toEqual([
			'connected',
			'connected',
			'failed'
		]);
	});

	it('answers a non-JSON message and an unknown command of any type, and keeps working', async () => {
		const { send, post, results } = await frame();
		const cyclic: Record<string, unknown> = { path: '/data/a' };
		cyclic.again = cyclic;
		expect(
			await send('callTool', { name: 'mcp__filesystem__read_file', arguments: cyclic })
		).toMatchObject({
			ok: false,
			error:
				'"args" of callTool must be plain JSON: args.arguments.again refers back to an object that contains it.'
		});
		const id = post(10n as unknown as string, {}, HOST);
		for (let i = 0; i < 100 && !results().some((r) => r.message.id === id); i++)
			await new Promise((r) => setTimeout(r, 2));
		expect(results().find((r) => r.message.id === id)?.message).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^Unknown command \(bigint, not a string\)\./)
		});
		// Nothing was logged: the world's action log stays JSON, so time travel and sharing work.
		expect(
			(
				await send('callTool', {
					name: 'mcp__filesystem__read_file',
					arguments: { path: '/data/a' }
				})
			)?.ok
		).toBe(true);
	});

	it('coalesces state: one message for all the changes of one frame, showing the last', async () => {
		const { host, posted, session } = await frame();
		const states = () => posted.filter((p) => p.message.type === 'mcp-lab:state');
		await new Promise((r) => setTimeout(r, 5));
		const before = states().length;
		await session.world.run((w) => w.kill('filesystem'));
		// The page calls changed() on every world change, many in one frame.
		for (let i = 0; i < 50; i++) host.changed();
		await new Promise((r) => setTimeout(r, 5));
		const sent = states().slice(before);
		expect(sent).toHaveLength(1);
		const snapshot = sent[0].message.snapshot as WorldSnapshot;
		expect(snapshot.servers.find((s) => s.name === 'filesystem')?.process).toBe('killed');
	});

	it('a frame that gets no animation frames (cross-origin, out of view) still sends its state and height', async () => {
		// Chromium runs no requestAnimationFrame or ResizeObserver there.
		vi.stubGlobal('requestAnimationFrame', () => 0);
		vi.stubGlobal('cancelAnimationFrame', () => {});
		const { host, posted, session, win } = await frame();
		const states = () => posted.filter((p) => p.message.type === 'mcp-lab:state');
		await new Promise((r) => setTimeout(r, 150));
		const before = states().length;
		expect(before).toBeGreaterThan(0);
		(win.document.body as { scrollHeight: number }).scrollHeight = 900;
		await session.world.run((w) => w.kill('filesystem'));
		host.changed();
		await new Promise((r) => setTimeout(r, 150));
		const sent = states().slice(before);
		expect(sent).toHaveLength(1);
		const snapshot = sent[0].message.snapshot as WorldSnapshot;
		expect(snapshot.servers.find((s) => s.name === 'filesystem')?.process).toBe('killed');
		expect(posted.at(-1)?.message).toEqual({ type: 'mcp-lab:resize', height: 900 });
	});
	it('a frame the page hides (display: none: a docs tab) says no height of 0, and the same one when shown again', async () => {
		let observed = () => {};
		vi.stubGlobal(
			'ResizeObserver',
			class {
				constructor(callback: () => void) {
					observed = callback;
				}
				observe() {}
				disconnect() {}
			}
		);
		const { posted, win } = await frame();
		const body = win.document.body as { scrollHeight: number };
		const heights = () =>
			posted.filter((p) => p.message.type === 'mcp-lab:resize').map((p) => p.message.height);
		expect(heights()).toEqual([640]);
		// Hidden, the page is not laid out: its body measures 0.
		body.scrollHeight = 0;
		observed();
		// Shown again, as tall as before; then the content grows.
		body.scrollHeight = 640;
		observed();
		body.scrollHeight = 700;
		observed();
		expect(heights()).toEqual([640, 700]);
	});
});

describe('EmbedHost: answers once the world has settled', () => {
	const waitFor = async (done: () => boolean, ms = 4000) => {
		for (const end = Date.now() + ms; Date.now() < end && !done();)
			await new Promise((r) => setTimeout(r, 2));
	};

	it('a command posted before ready is run after it, on the started world', async () => {
		const { posted, post, results } = await frame(lab01, { early: true });
		const id = post('getState', {}, HOST);
		await waitFor(() => results().length === 1);
		const types = posted.map((p) => p.message.type);
		expect(types.indexOf('mcp-lab:ready')).toBeGreaterThan(-1);
		expect(types.indexOf('mcp-lab:ready')).toBeLessThan(types.indexOf('mcp-lab:result'));
		const answer = results()[0].message as Result;
		expect(answer.id).toBe(id);
		expect(answer.snapshot!.servers.map((s) => s.state)).toEqual([
			'connected',
			'connected',
			'failed'
		]);
		expect(answer.snapshot!.registry.length).toBeGreaterThan(0);
	});

	/**
	 * A read on filesystem and a search on internal-api, posted together on a paced world (the
	 * world waits on timers only in a browser, hence the window), so they really overlap.
	 */
	function postTwoCalls({ session, post }: Awaited<ReturnType<typeof frame>>) {
		vi.stubGlobal('window', globalThis);
		session.world.speed = 'realtime';
		const read = { name: 'mcp__filesystem__read_file', arguments: { path: '/a' } };
		const search = { name: 'mcp__internal-api__search_orders', arguments: { query: 'late' } };
		return [post('callTool', read, HOST), post('callTool', search, HOST)];
	}

	it('two calls posted together: neither answer shows the other still running', async () => {
		const opened = await frame();
		const { results } = opened;
		const [first, second] = postTwoCalls(opened);
		await waitFor(() => results().length === 2);
		for (const id of [first, second]) {
			const answer = results().find((p) => p.message.id === id)!.message as Result;
			expect(answer.ok).toBe(true);
			expect(answer.snapshot!.calls.map((c) => c.state)).toEqual(['completed', 'completed']);
		}
	});

	it('a reset while a call runs: the finished call is answered on its world, the running one refused', async () => {
		const opened = await frame();
		const { session, post, results, send } = opened;
		expect(await send('hang', { server: 'internal-api' })).toMatchObject({ ok: true });
		const [done, hung] = postTwoCalls(opened);
		const states = () => session.world.calls.map((c) => c.state);
		await waitFor(() => states().join() === 'completed,executing', 15_000);
		expect(states()).toEqual(['completed', 'executing']);
		const reset = post('reset', {}, HOST);
		const answer = (id: string) => results().find((p) => p.message.id === id)?.message as Result;
		await waitFor(() => [done, hung, reset].every((id) => answer(id)));
		// Held while the other call ran, it goes before the reset, with the world it ran on.
		expect(answer(done)).toMatchObject({ ok: true });
		expect(answer(done).snapshot!.calls.map((c) => c.name)).toContain('mcp__filesystem__read_file');
		expect(answer(hung)).toMatchObject({
			ok: false,
			error:
				'The world was replaced (by reset, step, setScenario or setProfile) before callTool finished; what it did went with the old world.'
		});
		expect(answer(reset)).toMatchObject({ ok: true });
		expect(answer(reset).snapshot!.calls).toEqual([]);
	}, 30_000);

	it('a getState posted between two resets is answered, with the world standing then', async () => {
		const { post, results } = await frame();
		const ids = [post('reset', {}, HOST), post('getState', {}, HOST), post('reset', {}, HOST)];
		const answer = (id: string) => results().find((p) => p.message.id === id)?.message as Result;
		await waitFor(() => ids.every((id) => answer(id)));
		expect(ids.map((id) => answer(id).ok)).toEqual([true, true, true]);
		expect(answer(ids[1]).snapshot!.servers.length).toBe(3);
	});

	it('a refusal is answered at once, and before ready nothing comes ahead of ready', async () => {
		const { posted, post, results } = await frame(lab01, { early: true });
		post('explode', {}, HOST);
		post('kill', { server: 'no-such-server' }, HOST);
		await waitFor(() => results().length === 2);
		const types = posted.map((p) => p.message.type);
		expect(types[0]).toBe('mcp-lab:ready');
		expect(results().map((p) => (p.message as Result).ok)).toEqual([false, false]);
	});
});

describe('EmbedHost: a server’s requests to the host', () => {
	const scenario = {
		host: { sampling: true, elicitation: true },
		mcp_servers: {
			s: {
				type: 'stdio',
				command: 'x',
				sim: {
					tools: [
						{
							name: 'ask',
							inputSchema: { type: 'object' },
							steps: [
								{
									do: 'elicit',
									message: 'Your name?',
									requestedSchema: {
										type: 'object',
										properties: { name: { type: 'string' } },
										required: ['name']
									}
								}
							],
							result: { content: [{ type: 'text', text: 'asked' }] }
						},
						{
							name: 'think',
							inputSchema: { type: 'object' },
							steps: [{ do: 'sample', prompt: 'Summarise the ticket' }],
							result: { content: [{ type: 'text', text: 'sampled' }] }
						}
					]
				}
			}
		}
	};
	type Asked = Result & {
		snapshot?: { hostRequests: Array<Record<string, unknown>> };
	};
	const call = (answer: Asked | undefined, name: string) =>
		answer?.snapshot?.calls.find((c) => c.name === name);

	it('lists what a tool’s handler asks, and the host page answers it by id', async () => {
		const { send } = await frame();
		expect((await send('setScenario', { scenario }))?.ok).toBe(true);
		const asked = (await send('callTool', { name: 'mcp__s__ask', arguments: {} })) as Asked;
		// Waiting for a person counts as settled, as an approval does.
		expect(call(asked, 'mcp__s__ask')?.state).toBe('executing');
		const [request] = asked.snapshot!.hostRequests;
		expect(request).toEqual({
			id: expect.any(String),
			server: 's',
			kind: 'elicitation',
			state: 'pending',
			message: 'Your name?',
			problem: ''
		});
		// Content the form does not take is refused; the request stays pending.
		const misfit = (await send('answerElicitation', {
			request: request.id,
			action: 'accept',
			content: { name: 5 }
		})) as Asked;
		expect(misfit.ok).toBe(false);
		expect(misfit.error).toBe('The answer does not fit the requested form: name must be text.');
		const accepted = (await send('answerElicitation', {
			request: request.id,
			action: 'accept',
			content: { name: 'Ada' }
		})) as Asked;
		expect(accepted.snapshot!.hostRequests[0]).toMatchObject({ state: 'accepted', problem: '' });
		expect(call(accepted, 'mcp__s__ask')).toMatchObject({ state: 'completed', output: 'asked' });

		const thinking = (await send('callTool', { name: 'mcp__s__think', arguments: {} })) as Asked;
		const sampling = thinking.snapshot!.hostRequests.at(-1)!;
		expect(sampling).toMatchObject({
			kind: 'sampling',
			state: 'pending',
			message: 'Summarise the ticket'
		});
		const approved = (await send('answerSampling', {
			request: sampling.id,
			approve: true,
			text: 'A late delivery.'
		})) as Asked;
		expect(approved.snapshot!.hostRequests.at(-1)).toMatchObject({ state: 'approved' });
		expect(call(approved, 'mcp__s__think')).toMatchObject({
			state: 'completed',
			output: 'sampled'
		});
	});

	it('refuses answers of the wrong shape with a sentence saying what it takes', async () => {
		const { send } = await frame();
		expect(await send('answerSampling', { request: 'r1' })).toMatchObject({
			ok: false,
			error:
				'answerSampling needs args.approve (true or false) and, if given, args.text (a string).'
		});
		expect(await send('answerElicitation', { request: 'r1', action: 'yes' })).toMatchObject({
			ok: false,
			error: 'answerElicitation needs args.action ("accept", "decline" or "cancel").'
		});
		expect(await send('answerElicitation', { action: 'cancel' })).toMatchObject({
			ok: false,
			error: 'answerElicitation needs args.request (a non-empty string).'
		});
		// A request no server sent: the world's own sentence.
		expect(await send('answerSampling', { request: 'nope', approve: false })).toMatchObject({
			ok: false,
			error: 'Host request nope is not waiting for an answer.'
		});
	});
});
