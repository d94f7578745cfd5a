import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../server/args';
import { keyAction } from '../../server/faults';
import type { RunningLabServer } from '../../server/listen';
import { loadScenario, type ServedServer } from '../../server/scenario-source';
import { isWorldLabAction, performLabAction } from '../../src/lib/core/labs/lab-actions';
import type { LabAction } from '../../src/lib/core/labs/lab-schema';
import { stepComplete } from '../../src/lib/core/labs/progress';
import { parseScenario } from '../../src/lib/core/scenario/parse';
import { WorldState } from '../../src/lib/state/world-state.svelte';
import { freePort, labServer, resendOnClosedConnection } from '../live-lab-server';
import { LabWalk, loadLab } from '../test-support';

// Lab 08's hints, each shown by its wrong turn in labs/hint-turns.json, played as
// labs/hints.test.ts plays the other labs' (in its step, after the earlier steps), but against a
// real lab server and with what a learner does outside the page: a key in the lab server's
// terminal, a restart with or without --token auto, the printed token pasted.

/** What a learner does: a lab action, or something outside the page. */
type Move =
	| LabAction
	| { labServer: 'start' | 'k' | 'u' }
	| { labServer: 'restart'; token?: 'auto' }
	| { token: boolean };

const { lab } = loadLab(new URL('./', import.meta.url));
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const turns = (JSON.parse(read('../hint-turns.json')) as Record<string, unknown>)[lab.id] as Record<
	string,
	Record<string, Move[]>
>;
const LIVE = 'notes-live';
const TOKEN = 'lab-08-hint-token-0b1d';
const LAB_BASE = `http://${DEFAULT_HOST}:${DEFAULT_PORT}/`;
const solution = (id: string): Move[] => lab.steps.find((s) => s.id === id)!.solution;

/**
 * The way through each step as the narration tells it: its solution, with what happens outside
 * the page where the narration asks for it (the token is no lab action: it is pasted).
 */
const PATH: Record<string, Move[]> = {
	connect: [{ labServer: 'start' }, ...solution('connect')],
	compare: solution('compare'),
	'session-expired': [{ labServer: 'k' }, ...solution('session-expired')],
	unauthorized: [
		{ labServer: 'restart', token: 'auto' },
		{ do: 'reconnectAll' },
		{ token: true },
		...solution('unauthorized').slice(1)
	],
	disconnect: solution('disconnect'),
	'same-harness': solution('same-harness')
};

/** The lab page and the lab server behind its live server, played move by move. */
class LiveLab {
	server: RunningLabServer | null = null;
	readonly walk: LabWalk;

	private constructor(
		readonly page: WorldState,
		private readonly served: ServedServer[],
		private readonly port: number
	) {
		this.walk = new LabWalk(lab, () => page.world);
	}

	/**
	 * The page opened (its session started, nothing listening yet), the server not started; or,
	 * `serverFirst`, started before the page opened (a workshop's usual order).
	 */
	static async open({ serverFirst = false } = {}): Promise<LiveLab> {
		const loaded = await loadScenario({ lab: lab.id });
		if (!loaded.ok) throw new Error(loaded.error);
		const port = await freePort(loaded.loaded.servers);
		const scenario = structuredClone(lab.scenario);
		const live = scenario.mcp_servers[LIVE] as { url: string };
		live.url = live.url.replace(LAB_BASE, `http://${DEFAULT_HOST}:${port}/`);
		const parsed = parseScenario(scenario);
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
		const page = new WorldState(parsed.scenario);
		page.speed = 'instant';
		const opened = new LiveLab(page, loaded.loaded.servers, port);
		if (serverFirst) await opened.#startServer(null);
		await page.world.startSession();
		return opened;
	}

	get state() {
		return this.walk.state;
	}

	async #startServer(token: string | null): Promise<void> {
		await this.server?.close();
		this.server = await labServer(`lab ${lab.id}`, this.served, this.port, token);
	}

	/** One move, then the re-check the page makes after every change of the world. */
	async move(move: Move): Promise<void> {
		if ('labServer' in move) {
			if (move.labServer === 'k' || move.labServer === 'u') {
				const key = keyAction(move.labServer, this.server!.app.faults.state, 0);
				if (!key || typeof key === 'string') throw new Error(`${move.labServer} is no fault key`);
				await this.server!.app.faults.apply(key.faults);
			} else
				await this.#startServer(
					move.labServer === 'restart' && move.token === 'auto' ? TOKEN : null
				);
		} else if ('token' in move) await this.page.setLiveToken(LIVE, move.token ? TOKEN : null);
		else if (move.do === 'predict') this.walk.guess(move.option)();
		else if (isWorldLabAction(move)) await performLabAction(this.page.world, move);
		else throw new Error(`lab 08 has no ${move.do} action`);
		this.walk.observe();
	}

	async close(): Promise<void> {
		this.page.dispose();
		await this.server?.close();
	}
}

const nodeFetch = globalThis.fetch;
let open: LiveLab | null = null;
afterEach(async () => {
	await open?.close();
	open = null;
	globalThis.fetch = nodeFetch;
});

/** The lab opened and played to the start of step `index`, no hint shown on the way. */
async function playTo(index: number): Promise<LiveLab> {
	globalThis.fetch = resendOnClosedConnection(nodeFetch);
	open = await LiveLab.open();
	for (let i = 0; i < index; i++) {
		open.walk.open(i);
		for (const move of PATH[lab.steps[i].id]) {
			await open.move(move);
			expect(open.walk.hints(), `${lab.steps[i].id}: after ${JSON.stringify(move)}`).toEqual([]);
		}
		expect(stepComplete(open.state), lab.steps[i].id).toBe(true);
	}
	open.walk.open(index);
	expect(open.walk.hints(), 'on arrival').toEqual([]);
	return open;
}

describe('lab 08-live-mode: hints', () => {
	it('has a way through every step, which shows no hint', async () => {
		expect(Object.keys(PATH)).toEqual(lab.steps.map((s) => s.id));
		const played = await playTo(lab.steps.length - 1);
		for (const move of PATH['same-harness']) await played.move(move);
		expect(played.walk.hints()).toEqual([]);
		expect(stepComplete(played.state)).toBe(true);
	});

	const hinted = lab.steps.flatMap((step, index) =>
		(step.hints ?? []).map((hint) => ({ step: step.id, index, hint: hint.id }))
	);
	it('has hints in the steps a lab server can catch out', () => {
		expect(hinted.map((h) => `${h.step}/${h.hint}`)).toEqual([
			'connect/connected-at-start',
			'compare/not-in-registry',
			'session-expired/reconnected-first',
			'unauthorized/no-token-asked',
			'unauthorized/fault-u',
			'disconnect/server-ended',
			'disconnect/killed-simulated',
			'disconnect/reconnected-before-call',
			'disconnect/not-in-registry',
			'same-harness/not-in-registry'
		]);
	});

	for (const { step, index, hint } of hinted)
		it(`${step}: ${hint} shows after its wrong turn`, async () => {
			const played = await playTo(index);
			for (const move of turns[step][hint]) await played.move(move);
			expect(played.walk.hints()).toContain(hint);
			expect(stepComplete(played.state)).toBe(false);
		});

	it('connect: connected-at-start shows on arrival when the lab server ran before the page opened, and the way it gives works', async () => {
		globalThis.fetch = resendOnClosedConnection(nodeFetch);
		open = await LiveLab.open({ serverFirst: true });
		open.walk.open(0);
		expect(open.walk.hints()).toEqual(['connected-at-start']);
		// Its way: stop the server, a new session without notes-live, the server back, Reconnect all.
		await open.server!.close();
		open.server = null;
		await open.move({ do: 'closeSession' });
		await open.move({ do: 'startSession' });
		await open.move({ labServer: 'start' });
		for (const move of solution('connect')) await open.move(move);
		expect(open.walk.hints()).toEqual([]);
		expect(stepComplete(open.state)).toBe(true);
	});

	it('unauthorized: no-token-asked shows when the token was pasted before the server asked, coming from a live session', async () => {
		const played = await playTo(lab.steps.findIndex((s) => s.id === 'unauthorized'));
		await played.move({ labServer: 'restart', token: 'auto' });
		await played.move({ token: true });
		await played.move({ do: 'reconnectAll' });
		expect(played.walk.hints()).toEqual(['no-token-asked']);
	});

	it('unauthorized: no-token-asked also shows when the server was restarted without --token auto', async () => {
		const played = await playTo(lab.steps.findIndex((s) => s.id === 'unauthorized'));
		await played.move({ labServer: 'restart' });
		await played.move({ do: 'reconnectAll' });
		expect(played.page.world.servers().find((s) => s.name === LIVE)!.status).toBe('connected');
		expect(played.walk.hints()).toEqual(['no-token-asked']);
	});

	it('unauthorized: Forget token after the wrong turn reconnects without it, and the 401 meets the step', async () => {
		const played = await playTo(lab.steps.findIndex((s) => s.id === 'unauthorized'));
		for (const move of turns.unauthorized['no-token-asked']) await played.move(move);
		expect(played.walk.hints()).toEqual(['no-token-asked']);
		// Forget token, then the way the step asks for.
		await played.page.setLiveToken(LIVE, null);
		played.walk.observe();
		expect(played.state.steps[played.state.step].met).toEqual([true, false, false]);
		expect(played.walk.hints()).toEqual([]);
		await played.move({ token: true });
		await played.move({
			do: 'call',
			tool: 'mcp__notes-live__search_notes',
			arguments: { query: 'standup' }
		});
		expect(stepComplete(played.state)).toBe(true);
	});
});
