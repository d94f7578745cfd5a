// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '$lib/core';
import { seenWorld } from '$lib/test-support/seen-world';
import { parseScenario } from '$lib/core/scenario/parse';
import { encodeShare } from '$lib/core/share/share-link';
import { logFileJson } from '$lib/core/share/log-file';
import { labSchema } from '$lib/core/labs/lab-schema';
import { Announcer } from './announcer.svelte';
import { LabSession } from './lab-session.svelte';
import { linkLab, shareParam } from './timeline.svelte';
import { commandErrorText } from '$lib/i18n/command-error';
import { i18n } from '$lib/i18n/locale.svelte';

const lab01 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
);
const KILL_AND_CALL = lab01.steps.findIndex((s) => s.id === 'kill-and-call');

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

function open(labStep = 0, id = lab01.id) {
	const session = new LabSession(id, id === 'sandbox' ? null : lab01, labStep);
	session.world.speed = 'instant';
	sessions.push(session);
	return session;
}

/** Lab 01 after start-up, a kill and a failing call: three actions on the tape. */
async function killAndCall(session = open()) {
	// The page re-checks the lab's goals after every change; so does this.
	await session.start();
	session.lab?.check();
	await session.world.run((w) => w.kill('filesystem'));
	session.lab?.check();
	await session.world.run((w) => w.callTool('mcp__filesystem__read_file', { path: '/a' }));
	session.lab?.check();
	return session;
}

const seen = (session: LabSession) => seenWorld(session);

function scenarioOf(input: ScenarioInput) {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error('test scenario is invalid');
	return parsed.scenario;
}

const process = (session: LabSession, server: string) =>
	session.world.servers.find((s) => s.name === server)?.process;

describe('Timeline', () => {
	it('steps back to before the kill and forward to the same world as before', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		const end = seen(session);
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([3, 3, false]);

		expect(await timeline.back()).toEqual({ ok: true });
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([2, 3, true]);
		expect(session.world.calls).toEqual([]);
		expect(process(session, 'filesystem')).toBe('killed');

		await timeline.back();
		expect(process(session, 'filesystem')).toBe('running');
		expect(session.world.statusText).toContain('- filesystem: connected');

		await timeline.goTo(3);
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([3, 3, false]);
		expect(seen(session)).toBe(end);
		expect(timeline.arrivals).toBe(3);
		expect(session.world.pending).toBe(0);
	});

	it('steps forward on the world it rebuilt (no rebuild from scratch), to the same world', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		const end = seen(session);
		await timeline.goTo(0);
		const rebuilt = session.world.world;
		const said: string[] = [];
		const say = session.announcer.say.bind(session.announcer);
		session.announcer.say = (text) => {
			said.push(text);
			say(text);
		};
		expect(await timeline.forward()).toEqual({ ok: true });
		expect(await timeline.goTo(3)).toEqual({ ok: true });
		// The same world object moved on: nothing was rebuilt.
		expect(session.world.world).toBe(rebuilt);
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([3, 3, false]);
		expect(seen(session)).toBe(end);
		// Replayed history is not news: the live region stayed quiet.
		expect(said).toEqual([]);
		expect(session.world.pending).toBe(0);
	});

	it('says where it stands on the whole tape while it replays steps onto its world', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		await timeline.goTo(0);
		// What the position reads at every turn of the replay: a microtask at a time (a page may
		// paint after any task), with a task now and then so that timers can run too.
		const shown = new Set<string>();
		// As Play does it: one step forward at a time.
		for (const n of [1, 2, 3]) {
			let done = false;
			const moving = timeline.goTo(n).finally(() => (done = true));
			for (let turn = 1; !done; turn++) {
				shown.add(`step ${timeline.at} of ${timeline.length}`);
				await (turn % 100 ? Promise.resolve() : new Promise((next) => setTimeout(next, 0)));
			}
			expect(await moving).toEqual({ ok: true });
		}
		shown.add(`step ${timeline.at} of ${timeline.length}`);
		// Never "step 1 of 1": the replayed steps are on the tape already, not new.
		expect([...shown]).toEqual(['step 0 of 3', 'step 1 of 3', 'step 2 of 3', 'step 3 of 3']);
	});

	it('forks when the learner acts in the past, and on "Continue from here"', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		await timeline.goTo(1);
		await session.world.run((w) => w.hang('internal-api'));
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([2, 2, false]);
		expect(timeline.tape.map((a) => a.action.do)).toEqual(['startSession', 'hang']);

		await timeline.goTo(1);
		expect(timeline.length).toBe(2);
		timeline.fork();
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([1, 1, false]);
	});

	it('answers a step that is not on the tape with a sentence and keeps the world', async () => {
		const session = await killAndCall();
		const before = session.world.world;
		for (const n of [4, -1, 1.5])
			expect(await (await session.loadTimeline()).goTo(n)).toMatchObject({
				ok: false,
				error: `There is no step ${n}: this log has steps 0 to 3.`
			});
		expect(session.world.world).toBe(before);
		expect((await session.loadTimeline()).error).toBe(
			'There is no step 1.5: this log has steps 0 to 3.'
		);
		// The page says it in its own language from the reason.
		expect((await session.loadTimeline()).errorWhy).toEqual({
			key: 'no_step',
			params: { n: '1.5', last: '3' }
		});
	});

	it('keeps the world when it changes while a step is rebuilt', async () => {
		const session = await killAndCall();
		const before = session.world.world;
		const moving = (await session.loadTimeline()).goTo(2);
		for (let i = 0; i < 10 && !(await session.loadTimeline()).busy; i++) await Promise.resolve();
		expect((await session.loadTimeline()).busy).toBe(true);
		await session.world.run((w) => w.restart('filesystem'));
		expect(await moving).toMatchObject({
			ok: false,
			error: 'The world changed while step 2 was being rebuilt, so it was kept as it is.'
		});
		expect(session.world.world).toBe(before);
		expect((await session.loadTimeline()).length).toBe(4);
		expect(session.world.pending).toBe(0);
	});

	it('does not meet lab goals by time travel alone; goals met stay met', async () => {
		const made = await killAndCall(open(KILL_AND_CALL));
		expect(made.lab!.progress.steps[KILL_AND_CALL].met).toEqual([true, true, false]);
		await (await made.loadTimeline()).goTo(1);
		made.lab!.check();
		expect(made.lab!.progress.steps[KILL_AND_CALL].met).toEqual([true, true, false]);

		const code = await encodeShare({
			lab: lab01.id,
			labStep: KILL_AND_CALL,
			scenario: made.scenario,
			actions: [...(await made.loadTimeline()).tape],
			at: 3
		});
		const other = open();
		expect(await (await other.loadTimeline()).open(code)).toEqual({ ok: true });
		expect(other.step).toBe(KILL_AND_CALL);
		other.lab!.check();
		expect(other.lab!.progress.steps[KILL_AND_CALL].met).toEqual([false, false, false]);
		expect(process(other, 'filesystem')).toBe('killed');
		// Something new: now the world counts again, and each next check only what follows it.
		const call = () =>
			other.world.run((w) => w.callTool('mcp__filesystem__read_file', { path: '/b' }));
		await call();
		other.lab!.check();
		expect(other.lab!.progress.steps[KILL_AND_CALL].met).toEqual([true, false, false]);
		await call();
		other.lab!.check();
		expect(other.lab!.progress.steps[KILL_AND_CALL].met).toEqual([true, true, false]);
	});

	it('shares this world at this step; the link opens the same world on another page', async () => {
		const session = await killAndCall(open(1));
		await (await session.loadTimeline()).goTo(2);
		const code = await (await session.loadTimeline()).shareCode();
		expect(code).toMatch(/^1\.[A-Za-z0-9_-]+$/);

		const other = open();
		await (await other.loadTimeline()).startFrom(code);
		expect(seen(other)).toBe(seen(session));
		expect([(await other.loadTimeline()).at, (await other.loadTimeline()).length]).toEqual([2, 3]);
		expect(other.step).toBe(1);
		expect((await other.loadTimeline()).linkFrom).toBeNull();
		await (await other.loadTimeline()).forward();
		await (await session.loadTimeline()).forward();
		expect(seen(other)).toBe(seen(session));

		const sandbox = open(0, 'sandbox');
		await (await sandbox.loadTimeline()).startFrom(code);
		expect((await sandbox.loadTimeline()).linkFrom).toEqual({ lab: lab01.id });
		expect(sandbox.scenario).toEqual(session.scenario);
	});

	it('opens normally, saying why, when the link is bad', async () => {
		const session = open();
		await (await session.loadTimeline()).startFrom('1.AAAA');
		expect((await session.loadTimeline()).linkError).toBe(
			'The link is damaged (it could not be unpacked); copy it again.'
		);
		expect(session.world.sessionStarted).toBe(true);
		expect((await session.loadTimeline()).length).toBe(1);
	});

	it('exports the log with secrets redacted and imports it back to its end', async () => {
		const secret: ScenarioInput = {
			mcp_servers: {
				api: {
					type: 'http',
					url: 'https://api.example.com/mcp',
					headers: { Authorization: 'Bearer sk-live-123' },
					sim: { tools: [{ name: 'ping' }] }
				}
			}
		};
		const session = open(0, 'sandbox');
		expect(await session.setScenario(secret)).toEqual({ ok: true });
		await session.world.run((w) => w.callTool('mcp__api__ping', {}));
		const text = (await session.loadTimeline()).exportLog();
		expect(text).not.toContain('sk-live-123');
		expect(JSON.parse(text).scenario.mcp_servers.api.headers).toEqual({
			Authorization: '<redacted>'
		});
		const trace = (await session.loadTimeline()).wireTrace();
		expect(trace).not.toContain('sk-live-123');
		expect(JSON.parse(trace).entries.length).toBe(session.world.wire.length);

		const other = open(0, 'sandbox');
		expect(await (await other.loadTimeline()).importLog(text)).toEqual({ ok: true });
		expect(other.world.calls.map((c) => [c.name, c.isError])).toEqual([['mcp__api__ping', false]]);
		expect([(await other.loadTimeline()).at, (await other.loadTimeline()).length]).toEqual([2, 2]);
		// The redacted header still says auth is configured, as the original did.
		expect(other.world.servers[0].authConfigured).toBe(true);

		const broken = JSON.parse(text);
		broken.actions[1].action.do = 'explode';
		expect(await (await other.loadTimeline()).importLog(JSON.stringify(broken))).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not an MCP Lab log at actions\[1\]\.action\.do: /)
		});
		expect(await (await other.loadTimeline()).importLog('{')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not JSON \(/)
		});
		expect(other.world.calls.length).toBe(1);
	});

	it('does not open a link or a log whose world has a live server: it would connect for real', async () => {
		const session = await killAndCall();
		const before = seen(session);
		const live: ScenarioInput = {
			mcp_servers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', live: true } }
		};
		const code = await encodeShare({
			lab: lab01.id,
			labStep: 0,
			scenario: scenarioOf(live),
			actions: [],
			at: 0
		});
		const timeline = await session.loadTimeline();
		const refused = {
			ok: false,
			error:
				'This world has live servers (remote): a real server cannot be replayed, so MCP Lab does not open share links or logs of such worlds. Connect to the server with "Connect a live server" instead.',
			// With its key, so the page says it in its own language.
			why: { key: 'live_replay', params: { servers: 'remote' } }
		};
		expect(await timeline.open(code)).toEqual(refused);
		expect(await timeline.importLog(logFileJson(scenarioOf(live), []))).toEqual(refused);
		expect(seen(session)).toBe(before);
	});

	it('refuses a log holding an action the world refuses before logging it, naming the action', async () => {
		const session = await killAndCall();
		const before = seen(session);
		const timeline = await session.loadTimeline();
		const file = (action: object) =>
			JSON.stringify({
				scenario: {
					profile: 'openharness',
					mcp_servers: { a: { type: 'stdio', command: 'x', sim: { tools: [{ name: 't' }] } } }
				},
				actions: [
					{ seq: 1, t: 0, during: null, action: { do: 'startSession' } },
					{ seq: 2, t: 0, during: null, action }
				]
			});
		const unknown = await timeline.importLog(file({ do: 'kill', server: 'zzz' }));
		expect(unknown).toEqual({
			ok: false,
			error:
				"The file is not an MCP Lab log at actions[1]: the world refuses that action. Unknown server 'zzz'. Servers in this world: a.",
			why: {
				key: 'log_refused',
				params: {
					path: 'actions[1]',
					detail: "Unknown server 'zzz'. Servers in this world: a.",
					refusal: 'unknown_server',
					refusal_server: 'zzz',
					refusal_servers: 'a'
				}
			}
		});
		expect(timeline.error).toBe(unknown.ok ? null : unknown.error);
		expect(timeline.errorWhy).toEqual(unknown.ok ? null : unknown.why);
		const delay = await timeline.importLog(file({ do: 'delay', server: 'a', ms: -1 }));
		expect(delay).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1]: the world refuses that action. A delay is a number of milliseconds from 0 to 3600000, not -1.'
		});
		// The world is kept as it was, on the tape it had.
		expect(seen(session)).toBe(before);
		expect([timeline.at, timeline.length]).toEqual([3, 3]);

		i18n.locale = 'zh-CN';
		expect(commandErrorText(unknown.ok ? null : unknown.why)).toBe(
			'该文件不是 MCP Lab 日志，问题位于 actions[1]：世界拒绝执行该操作。未知服务器“zzz”。此世界中的服务器：a。'
		);
		expect(commandErrorText(delay.ok ? null : delay.why)).toBe(
			'该文件不是 MCP Lab 日志，问题位于 actions[1]：世界拒绝执行该操作。延迟须为 0 到 3600000 之间的毫秒数，而不是 -1。'
		);
	});

	it('still imports a log whose refused actions the world logged (an unknown call id)', async () => {
		const session = await killAndCall();
		const world = session.world.world;
		await expect(world.answerApproval('c999', true)).rejects.toThrow();
		const text = (await session.loadTimeline()).exportLog();
		expect(JSON.parse(text).actions.at(-1).action).toEqual({
			do: 'answerApproval',
			call: 'c999',
			approve: true
		});
		const other = open();
		expect(await (await other.loadTimeline()).importLog(text)).toEqual({ ok: true });
		expect([(await other.loadTimeline()).at, (await other.loadTimeline()).length]).toEqual([4, 4]);
		expect(seen(other)).toBe(seen(session));
	});

	it('refuses a share link holding such an action: at its step, or when moving on to it', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		const tape = [
			...timeline.tape,
			{ seq: 4, t: 0, during: null, action: { do: 'hang' as const, server: 'zzz' } }
		];
		const share = (at: number) =>
			encodeShare({ lab: lab01.id, labStep: 0, scenario: session.scenario, actions: tape, at });
		const servers = 'filesystem, internal-api, realtime';
		const detail = `Unknown server 'zzz'. Servers in this world: ${servers}.`;

		const other = open();
		const opened = await other.loadTimeline();
		await opened.startFrom(await share(4));
		expect(opened.linkError).toBe(
			`The link is damaged at actions[3]: the world refuses that action. ${detail}`
		);
		const linkWhy = opened.linkErrorWhy;
		expect(linkWhy).toMatchObject({ key: 'share_refused' });
		// It opened as usual instead.
		expect(other.world.sessionStarted).toBe(true);
		expect(opened.length).toBe(1);

		// At an earlier step the link opens; the refused step is refused when moved on to.
		expect(await opened.open(await share(3))).toEqual({ ok: true });
		expect(opened.linkError).toBeNull();
		expect([opened.at, opened.length]).toEqual([3, 4]);
		const moved = await opened.forward();
		expect(moved).toMatchObject({
			ok: false,
			error: `Step 4 cannot be replayed: the world refuses its action. ${detail}`,
			why: { key: 'step_refused' }
		});
		expect(await opened.goTo(4)).toMatchObject({ ok: false, why: { key: 'step_refused' } });

		i18n.locale = 'zh-CN';
		const zh = `未知服务器“zzz”。此世界中的服务器：${servers}。`;
		expect(commandErrorText(linkWhy)).toBe(`链接在 actions[3] 处损坏：世界拒绝执行该操作。${zh}`);
		expect(commandErrorText(moved.ok ? null : moved.why)).toBe(
			`无法重放第 4 步：世界拒绝执行这一步的操作。${zh}`
		);
	});

	it('plays forward one action per tick and stops at the end or on pause', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		timeline.playSpeed = 8;
		timeline.play();
		expect(timeline.playing).toBe(true);
		for (let i = 0; i < 200 && timeline.playing; i++) await new Promise((r) => setTimeout(r, 10));
		expect(timeline.playing).toBe(false);
		// From the end, play starts again at step 0.
		expect([timeline.at, timeline.length]).toEqual([3, 3]);
		expect(timeline.arrivals).toBe(4);

		await timeline.goTo(0);
		timeline.play();
		for (let i = 0; i < 200 && timeline.at < 1; i++) await new Promise((r) => setTimeout(r, 10));
		timeline.pause();
		const stopped = timeline.at;
		await new Promise((r) => setTimeout(r, 400));
		expect(timeline.at).toBe(stopped);
		expect(timeline.playing).toBe(false);
	});

	it('ends playback quietly when the learner acts while it plays', async () => {
		const session = await killAndCall();
		const timeline = await session.loadTimeline();
		await timeline.goTo(0);
		timeline.playSpeed = 8;
		timeline.play();
		for (let i = 0; i < 200 && timeline.at < 1; i++) await new Promise((r) => setTimeout(r, 5));
		// The learner acts between two ticks: the steps after this one are discarded.
		await session.world.run((w) => w.reconnectAll());
		for (let i = 0; i < 200 && timeline.playing; i++) await new Promise((r) => setTimeout(r, 10));
		expect(timeline.playing).toBe(false);
		expect(timeline.error).toBeNull();
		expect(timeline.at).toBe(timeline.length);
	});

	it('moves back from a spare world built in the background, to the same world a replay from step 0 builds', async () => {
		const session = await killAndCall();
		for (let i = 0; session.world.world.actions.length < 35; i++)
			await session.world.run((w) =>
				i % 4 === 3
					? w.reconnectAll()
					: w.callTool('mcp__internal-api__search_orders', { query: 'q' }).then(() => undefined)
			);
		const timeline = await session.loadTimeline();
		timeline.spares.every = 10;
		const { scenario } = session.world.world;
		const tape = timeline.tape;

		// No spare yet: the first move replays from step 0, then spares are built below it.
		expect(await timeline.goTo(33)).toEqual({ ok: true });
		await timeline.spares.idle();
		expect(timeline.spares.ready).toEqual([30, 20, 10]);

		// Back to 25 from the spare at 20 (taken: the one at 10 moves up to 20, then 10 is rebuilt).
		expect(await timeline.goTo(25)).toEqual({ ok: true });
		expect(timeline.spares.ready).toEqual([]);
		const fromSpare = seen(session);
		const other = open();
		expect(await (await other.loadTimeline()).load(scenario, tape, 25)).toEqual({ ok: true });
		expect(fromSpare).toBe(seen(other));
		expect([timeline.at, timeline.length, timeline.inPast]).toEqual([25, 35, true]);
		expect(session.world.pending).toBe(0);
		await timeline.spares.idle();
		expect(timeline.spares.ready).toEqual([20, 10]);

		// Forward from there onto the same world, and back to the end as it was.
		expect(await timeline.goTo(35)).toEqual({ ok: true });
		expect(await (await other.loadTimeline()).load(scenario, tape, 35)).toEqual({ ok: true });
		expect(seen(session)).toBe(seen(other));
		// Eight replays of up to 35 steps each: on a loaded machine it passed 5 s, the default limit.
	}, 20_000);

	it('keeps spares below the end while the learner works, so the first move back is from one too', async () => {
		const session = await killAndCall();
		for (let i = 0; session.world.world.actions.length < 34; i++)
			await session.world.run((w) => w.callTool('mcp__filesystem__read_file', { path: '/a' }));
		const timeline = await session.loadTimeline();
		timeline.spares.every = 10;
		timeline.prepare();
		await timeline.spares.idle();
		expect(timeline.spares.ready).toEqual([30, 20, 10]);
		const end = seen(session);

		expect(await timeline.goTo(33)).toEqual({ ok: true });
		// The spare at 30 was taken (the one at 20 is moving up to 30).
		expect(timeline.spares.ready).toEqual([10]);
		expect(await timeline.goTo(34)).toEqual({ ok: true });
		expect(seen(session)).toBe(end);
	});

	it('keeps no spare of a world with a live server: building one would connect for real', async () => {
		const session = open();
		const live: ScenarioInput = {
			mcp_servers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', live: true } }
		};
		session.world.replace(scenarioOf(live));
		for (let i = 0; i < 12; i++)
			await session.world.run((w) => w.setPermissionMode(i % 2 ? 'default' : 'full_auto'));
		const timeline = await session.loadTimeline();
		timeline.spares.every = 10;
		timeline.prepare();
		await timeline.spares.idle();
		expect(timeline.length).toBe(12);
		expect(timeline.spares.ready).toEqual([]);
	});
});

describe('share helpers', () => {
	it('reads s= from a hash and names the lab a link is made on', () => {
		expect(shareParam('#s=1.abc_-')).toBe('1.abc_-');
		expect(shareParam('#s=')).toBe('');
		expect(shareParam('#lang=x&s=1.a')).toBe('1.a');
		expect(shareParam('#ss=1.a')).toBeNull();
		expect(shareParam('')).toBeNull();
		expect(linkLab('sandbox')).toBeNull();
		expect(linkLab('01-connection-isolation')).toBe('01-connection-isolation');
	});

	it('a hushed announcer drops what is said until released', async () => {
		const announcer = new Announcer(0, 0);
		const release = announcer.hush();
		announcer.say('history');
		release();
		release();
		announcer.say('Step 2 of 3');
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(announcer.message).toBe('Step 2 of 3');
	});
});
