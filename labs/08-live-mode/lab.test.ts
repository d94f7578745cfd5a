import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	words,
	labMessages
} from '../test-support';
import { DEFAULT_HOST, DEFAULT_PORT, parseArgs } from '../../server/args';
import { bannerLines } from '../../server/banner';
import { serverUrls } from '../../server/endpoints';
import { keyAction } from '../../server/faults';
import type { RunningLabServer } from '../../server/listen';
import { loadScenario } from '../../server/scenario-source';
import { freePort, labServer, resendOnClosedConnection } from '../live-lab-server';
import { initializeBody, MCP_HEADERS, raw } from '../../server/test-support';
import { parseScenario } from '../../src/lib/core/scenario/parse';
import { WorldState } from '../../src/lib/state/world-state.svelte';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const { lab, texts } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const LABEL = 'lab 08-live-mode';
const LIVE = 'notes-live';
const SEARCH = 'mcp__notes__search_notes';
const SEARCH_LIVE = 'mcp__notes-live__search_notes';
const ADD = 'mcp__notes__add_note';
const ADD_LIVE = 'mcp__notes-live__add_note';
const QUERY = { query: 'standup' };
const NOTE = { text: 'Demo at 15:00' };
const TOKEN = 'lab-08-token-5f2c9e';
/** Where `npm run lab:server` listens by default, and so where the lab's live URL points. */
const LAB_BASE = `http://${DEFAULT_HOST}:${DEFAULT_PORT}/`;
const liveUrl = () => (lab.scenario.mcp_servers[LIVE] as { url: string }).url;

describe('lab 08-live-mode: definition', () => {
	it('holds the notes server twice: simulated, and live where the lab server serves it by default', async () => {
		expect(lab.order).toBe(8);
		expect(lab.scenario.mcp_servers.notes).toMatchObject({
			type: 'stdio',
			sim: { latencyMs: 120 }
		});
		expect(lab.scenario.mcp_servers[LIVE]).toMatchObject({ type: 'http', live: true });
		expect(liveUrl()).toBe(serverUrls(LAB_BASE, ['notes'])[0].url);
		// `npm run lab:server -- --lab 08-live-mode` serves `notes` there, and not the live entry.
		expect(parseArgs(['--lab', '08-live-mode'])).toMatchObject({
			ok: true,
			options: {
				lab: '08-live-mode',
				port: DEFAULT_PORT,
				host: DEFAULT_HOST,
				token: { kind: 'none' }
			}
		});
		expect(parseArgs(['--lab', '08-live-mode', '--token', 'auto'])).toMatchObject({
			ok: true,
			options: { token: { kind: 'auto' } }
		});
		expect(JSON.parse(read('../../package.json')).scripts['lab:server']).toBe(
			'node scripts/lab-server.mjs'
		);
		expect(await loadScenario({ lab: '08-live-mode' })).toMatchObject({
			ok: true,
			loaded: { servers: [{ name: 'notes' }], skipped: [LIVE] }
		});
	});

	it('no lab action can carry a token: the token step is met by the connection, not by an action', () => {
		const step = lab.steps.find((s) => s.id === 'unauthorized')!;
		expect(step.solution.map((a) => a.do)).toEqual(['reconnectAll', 'call']);
		expect(step.checks.find((c) => c.id === 'token')!.goal).toEqual({
			live: { server: LIVE, connected: true }
		});
	});
});

describe.each(locales)('lab 08-live-mode: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		const source = read(`./${locale}.md`);
		for (const key of [
			'harness_reconnect',
			'harness_close',
			'harness_start',
			'harness_mode',
			'call_other_option',
			'live_disconnect',
			'live_reconnect',
			'live_token_label',
			'live_token_apply'
		])
			expect(source, key).toContain(messages[locale][key]);
	});
});

const nodeFetch = globalThis.fetch;
let running: RunningLabServer | null = null;
let page: WorldState | null = null;
afterEach(async () => {
	page?.dispose();
	await running?.close();
	globalThis.fetch = nodeFetch;
	page = null;
	running = null;
});

describe('lab 08-live-mode: a learner can meet every check', () => {
	it('walks every step against a real lab server: refused, 404, 401 and a token, disconnect', async () => {
		globalThis.fetch = resendOnClosedConnection(nodeFetch);
		const loaded = await loadScenario({ lab: '08-live-mode' });
		if (!loaded.ok) throw new Error(loaded.error);
		const served = loaded.loaded.servers;
		const delays: number[] = [];

		// A free port for the lab server, so a lab server a person runs on 8787 does not matter.
		// The lab's URL only changes port: the world reaches `notes` as the page does.
		const port = await freePort(served);
		const base = `http://${DEFAULT_HOST}:${port}/`;
		const scenario = structuredClone(JSON.parse(read('./lab.json')).scenario);
		scenario.mcp_servers[LIVE].url = liveUrl().replace(LAB_BASE, base);
		const parsed = parseScenario(scenario);
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));

		// The page's own world state: the token field calls its setLiveToken.
		page = new WorldState(parsed.scenario);
		page.speed = 'instant';
		const w = page.world;
		const view = () => w.servers().find((s) => s.name === LIVE)!;
		/** Strings the world and the lab server produced, at the lab's default address. */
		const produced = new Set<string>();
		const lines = new Set<string>();
		const argumentsUsed = new Set<string>();
		const atLabBase = (text: string) =>
			text.replaceAll(`${DEFAULT_HOST}:${port}`, `${DEFAULT_HOST}:${DEFAULT_PORT}`);
		const add = (text: string) => {
			produced.add(atLabBase(text));
			for (const line of text.split('\n')) lines.add(atLabBase(line));
		};
		const observe = () => {
			for (const c of w.calls) add(c.output);
			for (const s of w.servers()) {
				produced.add(s.status);
				add(s.detail);
				if (s.live?.problem?.resourceMetadata) add(s.live.problem.resourceMetadata);
			}
		};
		w.subscribe(observe);
		const walk = new LabWalk(lab, () => w);
		const call = (name: string, args: Record<string, unknown>) => {
			argumentsUsed.add(JSON.stringify(args));
			return w.callTool(name, args);
		};

		// Before the lab server runs: nothing answers, notes-live fails, notes is untouched.
		await w.startSession();
		walk.observe();
		expect(view()).toMatchObject({
			status: 'failed',
			detail: 'fetch failed',
			live: { problem: { kind: 'refused' } }
		});
		expect(w.servers().find((s) => s.name === 'notes')!.status).toBe('connected');

		running = await labServer(LABEL, served, port, null, delays);
		for (const line of bannerLines({
			app: running.app,
			skipped: loaded.loaded.skipped,
			token: null,
			tokenGenerated: false,
			slowMs: 2000,
			keys: true,
			warnings: []
		}))
			add(line);
		expect([...lines]).toContain(`Not served (marked live in the scenario): ${LIVE}`);
		await walk.step('connect', [
			[walk.guess('registry'), 1],
			[() => w.reconnectAll(), 2],
			// Connected, yet the registry was built without it: the answer to the question.
			[() => call(SEARCH_LIVE, QUERY), 2],
			[() => w.closeSession(), 2],
			[() => w.startSession(), 3]
		]);
		expect(w.calls.at(-1)!.output).toBe(`Unknown tool: ${SEARCH_LIVE}`);
		expect(w.registry.map((e) => e.name).filter((n) => n.startsWith('mcp__'))).toEqual([
			SEARCH,
			ADD,
			SEARCH_LIVE,
			ADD_LIVE
		]);

		const wireBefore = w.wire.entries.length;
		await walk.step('compare', [
			[walk.guess('same-plus-http'), 1],
			[() => call(SEARCH, QUERY), 2],
			[() => call(SEARCH_LIVE, QUERY), 3]
		]);
		const [sim, live] = w.calls.slice(-2);
		/** The live connection's HTTP lines since `from`, as the log shows them. */
		/** The error answers' bodies the protocol log shows, as JSON. */
		const httpBodies = () =>
			w.wire.entries.flatMap((e) =>
				e.kind === 'transport' && e.event === 'http' && e.http.body
					? [JSON.parse(e.http.body) as unknown]
					: []
			);
		const httpSince = (from: number) =>
			w.wire.entries
				.slice(from)
				.flatMap((e) =>
					e.kind === 'transport' && e.event === 'http' && e.server === LIVE
						? [`${e.http.method} ${e.http.rpc} ${e.http.status} ${e.http.contentType}`.trim()]
						: []
				);
		expect(httpSince(wireBefore)).toEqual(['POST tools/call 200 text/event-stream']);
		expect(httpSince(0)).toEqual(
			expect.arrayContaining([
				'POST initialize 200 text/event-stream',
				'POST notifications/initialized 202',
				'GET  200 text/event-stream',
				'DELETE  200'
			])
		);
		expect(live.output).toBe(sim.output);
		// The same tools/call both ways; only the live one has HTTP lines, and its clock stood still.
		const toolsCalls = w.wire.entries
			.slice(wireBefore)
			.flatMap((e) =>
				e.kind === 'message' &&
				'id' in e.message &&
				'method' in e.message &&
				e.message.method === 'tools/call'
					? [[e.server, e.message.id, e.message.params]]
					: []
			);
		expect(toolsCalls).toEqual([
			['notes', 3, { name: 'search_notes', arguments: QUERY }],
			[LIVE, 3, { name: 'search_notes', arguments: QUERY }]
		]);
		expect(sim.endedAt! - sim.startedAt).toBe(120);
		expect(live.endedAt! - live.startedAt).toBe(0);
		// The lab server waited the scenario's latency for real, for every request it answered.
		expect(delays.length).toBeGreaterThan(0);
		expect(new Set(delays)).toEqual(new Set([120]));
		const session = await raw(`${base}notes/mcp`, {
			method: 'POST',
			headers: MCP_HEADERS,
			body: initializeBody
		});
		expect(session.headers['mcp-session-id']).toEqual(expect.any(String));
		await raw(`${base}notes/mcp`, {
			method: 'DELETE',
			headers: { 'mcp-session-id': String(session.headers['mcp-session-id']) }
		});

		// The `k` key in the lab server's terminal.
		const kill = keyAction('k', running.app.faults.state, 0);
		if (!kill || typeof kill === 'string') throw new Error('k is not a fault key');
		const faultLines = await running.app.faults.apply(kill.faults);
		expect(faultLines[0].startsWith('Killed 1 session:')).toBe(true);
		for (const line of faultLines) add(line);
		await walk.step('session-expired', [
			[walk.guess('error-result'), 1],
			[
				async () => {
					await call(SEARCH_LIVE, QUERY);
					// OpenHarness does not notice: the card still says connected.
					expect(view().status).toBe('connected');
				},
				2
			],
			[() => w.reconnectAll(), 3],
			[() => call(SEARCH_LIVE, QUERY), 4]
		]);
		const expired = w.calls.at(-2)!;
		// The reconnect's DELETE for the forgotten session got 404 too.
		expect(httpSince(0)).toContain('DELETE  404 application/json');
		// The Python SDK fails the request with its own words; the server's answer, which the
		// narration quotes, is in the protocol log's HTTP line (collected below).
		expect(expired.output).toBe(`MCP server '${LIVE}' call failed: Session terminated`);
		expect(httpBodies()).toContainEqual({
			jsonrpc: '2.0',
			error: { code: -32001, message: 'Session not found' },
			id: null
		});

		// The lab server stops (q) and starts again with --token.
		await running.close();
		running = await labServer(LABEL, served, port, TOKEN, delays);
		await walk.step('unauthorized', [
			[() => w.reconnectAll(), 1],
			[
				async () => {
					expect(w.registry.filter((e) => e.server === LIVE).map((e) => e.available)).toEqual([
						false,
						false
					]);
					// Use token and reconnect: the token in memory, then reconnect_all.
					await page!.setLiveToken(LIVE, TOKEN);
				},
				2
			],
			[() => call(SEARCH_LIVE, QUERY), 3]
		]);
		expect(w.registry.filter((e) => e.server === LIVE).every((e) => e.available)).toBe(true);
		const kept = JSON.stringify([w.actions, w.events, w.wire.entries, w.calls, w.servers()]);
		expect(kept).not.toContain(TOKEN);

		await walk.step('disconnect', [
			[walk.guess('page-disconnects'), 1],
			[() => w.kill(LIVE), 1],
			[() => call(SEARCH_LIVE, QUERY), 2],
			[
				async () => {
					expect(view().status).toBe('connected');
					// The server was not told: its session is still listed.
					const status = await raw(`${base}_lab/status`);
					words(JSON.parse(status.body), produced);
					expect(JSON.parse(status.body).sessions).toHaveLength(1);
					// Restart has nothing to start on a real server: still disconnected.
					await w.restart(LIVE);
					expect(view().live!.problem).toMatchObject({ kind: 'closed' });
				},
				2
			],
			[() => w.reconnectAll(), 3]
		]);
		expect(running.app.sessions.size).toBe(2);

		const sentBefore = w.wire.entries.length;
		await walk.step('same-harness', [
			[walk.guess('blocked'), 1],
			[() => w.setPermissionMode('plan'), 2],
			[() => call(ADD_LIVE, NOTE), 2],
			[() => call(ADD, NOTE), 3]
		]);
		// (The SDK's GET stream may resume on its own; no message and no POST went out.)
		const sent = w.wire.entries
			.slice(sentBefore)
			.filter(
				(e) =>
					e.kind === 'message' ||
					(e.kind === 'transport' && e.event === 'http' && e.http.method === 'POST')
			);
		expect(sent).toEqual([]);
		// Even the read-only-hinted search is blocked: OpenHarness reads no MCP annotation.
		const search = await call(SEARCH_LIVE, QUERY);
		expect(search.output).toBe(w.calls.at(-2)!.output);
		expect(walk.state.step).toBe(lab.steps.length - 1);

		// Everything that crossed the wires and the HTTP lines of the live one.
		for (const entry of w.wire.entries) {
			if (entry.kind === 'message') words(entry.message, produced);
			if (entry.kind === 'transport' && entry.event === 'http') {
				produced.add(entry.http.method).add(String(entry.http.status)).add(entry.http.contentType);
				if (entry.http.body) words(JSON.parse(entry.http.body), produced);
				if (entry.http.status === 401) expect(entry.http.wwwAuthenticate).toMatch(/^Bearer /);
			}
		}
		for (const name of [...Object.keys(lab.scenario.mcp_servers), ...w.registry.map((e) => e.name)])
			produced.add(name);
		produced.add(liveUrl()).add(w.permissionMode).add(`${LAB_BASE}_lab/status`);

		// Named on purpose though no string of the run is exactly them; each checked here or above.
		const vocabulary = new Set([
			'npm run lab:server',
			'npm run lab:server -- --lab 08-live-mode',
			'npm run lab:server -- --lab 08-live-mode --token auto',
			'--token auto',
			'k', // the kill-sessions key (keyAction above)
			'q', // the quit key
			'u', // the 401 fault key (a hint: checked below)
			'mcp-session-id', // the session header (the raw initialize above)
			'WWW-Authenticate', // the challenge header of a 401 (its value checked above)
			'Authorization', // the header the token travels in (the lab server's 401 names it, below)
			'latencyMs', // the sim block's field (checked in the definition)
			'readOnlyHint', // search_notes' annotation
			'connect_all', // OpenHarness's own words, in the harness buttons' help
			'reconnect_all',
			// The browser's words for a refused fetch: the page's detail (tests/lab-08.e2e.ts), where
			// Node says `fetch failed`.
			'Failed to fetch'
		]);
		expect(keyAction('q', running.app.faults.state, 0)).toBe('quit');
		expect(keyAction('u', running.app.faults.state, 0)).toEqual({ faults: { unauthorized: true } });
		expect([...produced].some((s) => s.includes('needs \\"Authorization: Bearer <token>'))).toBe(
			true
		);
		expect(lab.scenario.mcp_servers.notes.sim!.tools![0].annotations).toEqual({
			readOnlyHint: true
		});
		expect(messages.en.harness_start_help).toContain('connect_all');
		expect(messages.en.harness_reconnect_help).toContain('reconnect_all');

		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			vocabulary,
			startsOutput: (span) => span.length >= 12 && [...lines].some((line) => line.startsWith(span))
		});
	});
});
