import { tick } from 'svelte';
import type { LoggedAction, Scenario, World } from '$lib/core';
// Straight from their modules, not the core's index: the bundler then keeps them in this lazily
// loaded chunk instead of the page's start-up chunks. None of them imports the scenario schemas:
// reading a link or a log back loads them then (tape-check.ts; see unreadable below).
import { decodeShare, encodeShare, type SharedWorld } from '$lib/core/share/share-link';
import { continuable, replay, replayOnto, UnloggedAction } from '$lib/core/world/replay';
import { describeProblems, formatPath, unsupported } from '$lib/core/scenario/problems';
import { mergeServers } from '$lib/core/scenario/plugins';
import { hasLiveServers, liveServers } from '$lib/core/live/live-servers';
import { logFileJson, parseLogFile, wireTraceJson } from '$lib/core/share/log-file';
import { shareRefusal } from '$lib/core/share/refusals';
import { failure, reasonOf, type Reason } from '$lib/core/world/command-errors';
import type { WorldOptions } from '$lib/core/world/world';
import { SpareWorlds } from './spare-worlds';
import type { LabSession } from './lab-session.svelte';

export const PLAY_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];
/** Real ms between two replayed actions at 1×: long enough to read what one action changed. */
export const PLAY_TICK_MS = 1000;

export type Outcome = { ok: true } | { ok: false; error: string; why?: Reason };

/**
 * The schemas that check a link or a log load on demand, and could not be fetched (offline, a
 * new deploy): said as a refusal, the page opening as it would for a damaged link.
 */
const unreadable = () => failure(shareRefusal('check_unavailable'));

const noStep = (n: number, tape: readonly unknown[]) =>
	shareRefusal('no_step', { n: String(n), last: String(tape.length) });

interface Position {
	/** The whole log being travelled along. */
	tape: readonly LoggedAction[];
	/** How many of its actions the world shows (0..tape.length). */
	at: number;
}

export { linkLab, shareParam } from './share-param';
import { linkLab, shareParam } from './share-param';

/** Where a tape came from: a log file, a share link, or the timeline's own (a move along it). */
type Source = 'log' | 'link' | 'tape';

/**
 * An action of the tape the world refuses before logging it (no world made this tape), in the
 * words of where the tape came from; any other failure as it is.
 */
function unlogged(error: unknown, source: Source): unknown {
	if (!(error instanceof UnloggedAction)) return error;
	const path = formatPath(['actions', error.index]);
	if (source === 'log') return shareRefusal('log_refused', { path, ...error.values });
	if (source === 'link') return shareRefusal('share_refused', { path, ...error.values });
	return shareRefusal('step_refused', { n: String(error.index + 1), ...error.values });
}

/** Refusals that mean a learner acted while a step was rebuilt: playback ends without a word. */
const TAKEN_OVER = new Set(['changed_while_rebuilt', 'changed_while_replayed']);

/**
 * Time travel over the session's world. The world at step n is the scenario's world with the
 * first n logged actions replayed, so moving rebuilds a world by replay and swaps it in the way
 * an edited scenario is swapped in. Standing in the past keeps the rest of the log (the tape)
 * until the learner does something new there: then the world's own log is the tape again
 * (a fork), exactly as "Continue from here" makes it.
 */
export class Timeline {
	/** Set by the last move: the world it built, the tape it moved along and where it stopped. */
	#travel = $state.raw<(Position & { world: World }) | null>(null);
	/** Steps of the tape being replayed onto the world in place (a move forward). */
	#forwarding = $state.raw<{ world: World; tape: readonly LoggedAction[] } | null>(null);
	/** The step being rebuilt, or null. Controls stay disabled meanwhile. */
	rebuilding = $state<number | null>(null);
	/** Why the last move, import or share failed, as a sentence; the world was kept. */
	error = $state<string | null>(null);
	/** The same as a refusal's key and values, for the page to say in its language. */
	errorWhy = $state.raw<Reason | null>(null);
	/** Why the page's share link could not be opened (the page then opened normally). */
	linkError = $state<string | null>(null);
	linkErrorWhy = $state.raw<Reason | null>(null);
	/** Set when the opened link was made on another lab (null lab: the sandbox). */
	linkFrom = $state.raw<{ lab: string | null } | null>(null);
	playing = $state(false);
	playSpeed = $state<PlaySpeed>(1);
	/** Counts completed moves, so the page announces each new position once. */
	arrivals = $state(0);
	/**
	 * Counts tapes loaded from outside (a log file, a share link): such a tape replaces the
	 * timeline, so it continues from no position in the past of the one before.
	 */
	replacements = $state(0);

	#queue: Promise<unknown> = Promise.resolve();
	/** Bumped by play and pause, so only the newest play loop keeps going. */
	#run = 0;
	#wake: (() => void) | null = null;
	#disposed = false;
	/**
	 * While a tab's kept moment is rebuilt (resume): a refusal is the page's to say in its own
	 * sentence, and the arrival is not said as a move along the tape.
	 */
	#resuming = false;
	/** While a world this timeline built steps forward, it runs at instant speed, as a rebuild does. */
	readonly #stepping = { on: false };

	/**
	 * Playback rates offered. Components read them here: a value import from this module into
	 * the lazily loaded timeline splits the page's start-up chunks (measured: ~1 KiB gz more).
	 */
	readonly speeds = PLAY_SPEEDS;

	/** Worlds built in the background a few steps back, so a move back replays little. */
	readonly spares: SpareWorlds;

	constructor(private readonly session: LabSession) {
		this.spares = new SpareWorlds({
			options: (flags) => this.#options(flags),
			busy: () => this.busy || this.playing || session.world.pending > 0
		});
	}

	/** The `lab` a share link made here carries (null: the sandbox). */
	get lab(): string | null {
		return linkLab(this.session.labId);
	}

	get #position(): Position {
		const state = this.session.world;
		// Read so that templates and effects showing the position follow every world change.
		void state.events;
		void state.pending;
		void state.now;
		const live = state.world.actions;
		const travel = this.#travel;
		// Standing where the last move left the world: nothing new happened since.
		if (travel && travel.world === state.world && live.length === travel.at) return travel;
		// Partway through replaying the tape's next steps: those steps are not new, the tape stays
		// (a playback showed "step 1 of 1" between "step 0 of 3" and "step 1 of 3").
		const forwarding = this.#forwarding;
		if (forwarding && forwarding.world === state.world)
			return { tape: forwarding.tape, at: Math.min(live.length, forwarding.tape.length) };
		return { tape: live, at: live.length };
	}

	get tape(): readonly LoggedAction[] {
		return this.#position.tape;
	}

	get at(): number {
		return this.#position.at;
	}

	get length(): number {
		return this.#position.tape.length;
	}

	/** Standing before the end of the tape: doing anything now discards the later steps. */
	get inPast(): boolean {
		const { tape, at } = this.#position;
		return at < tape.length;
	}

	get busy(): boolean {
		return this.rebuilding !== null;
	}

	back(): Promise<Outcome> {
		return this.goTo(this.at - 1);
	}

	forward(): Promise<Outcome> {
		return this.goTo(this.at + 1);
	}

	/** Moves to step n of the current tape (queued behind a move in progress). */
	goTo(n: number): Promise<Outcome> {
		return this.#serial(async () => {
			const { tape, at } = this.#position;
			if (!Number.isInteger(n) || n < 0 || n > tape.length) return this.#fail(noStep(n, tape));
			if (!this.session.world.world.actionsComplete) return this.#fail(shareRefusal('long_log'));
			if (n === at) return { ok: true };
			// Forward from a world this timeline built: replay only the steps in between (a rebuild
			// from scratch costs the whole log, every step of a playback).
			const world = this.session.world.world;
			if (n > at && this.#travel?.world === world && continuable(tape, at, n))
				return this.#forward(world, tape, at, n);
			return this.#rebuild(world.scenario, tape, n);
		});
	}

	/**
	 * Keeps spare worlds below where the timeline stands while nothing runs. The page calls it as
	 * the log grows, so the first move back is as quick as the next ones.
	 */
	prepare(): void {
		if (this.busy || this.session.world.pending > 0) return;
		const { world } = this.session.world;
		if (!world.actionsComplete) return;
		const { tape, at } = this.#position;
		this.#planSpares(world.scenario, tape, at);
	}

	/** Keeps the world as it is here and discards the rest of the tape. */
	fork(): void {
		this.pause();
		this.#travel = null;
	}

	play(): void {
		if (this.playing) return;
		this.playing = true;
		void this.#play(++this.#run);
	}

	pause(): void {
		this.#run++;
		this.playing = false;
		this.#wake?.();
	}

	/** Opens the page: at a share link's world and step when given one, else as usual. */
	async startFrom(code: string | null): Promise<void> {
		if (code !== null) {
			const opened = await this.open(code);
			if (opened.ok) return;
		}
		await this.session.begin();
	}

	/** A link pasted over the page's own: only the hash changed, so the page did not reload. */
	async openHash(hash: string): Promise<Outcome | null> {
		const code = shareParam(hash);
		return code === null ? null : this.open(code);
	}

	/** Rebuilds a share link's world at its step (and opens its lab step on a lab page). */
	async open(code: string): Promise<Outcome> {
		this.linkError = null;
		this.linkErrorWhy = null;
		this.linkFrom = null;
		const decoded = await decodeShare(code).catch(unreadable);
		if (!decoded.ok) {
			this.linkError = decoded.error;
			this.linkErrorWhy = decoded.why ?? null;
			return decoded;
		}
		const { shared } = decoded;
		const result = await this.load(shared.scenario, shared.actions, shared.at, 'link');
		if (!result.ok) {
			this.linkError = result.error;
			this.linkErrorWhy = result.why ?? null;
			return result;
		}
		this.linkFrom = shared.lab === this.lab ? null : { lab: shared.lab };
		this.session.lab?.goTo(shared.labStep);
		return result;
	}

	/**
	 * Rebuilds the moment a tab kept of this lab (kept-moment.ts) as a share link's world is
	 * rebuilt, at its lab step; nothing is shown or said here, the page says what became of it.
	 */
	async resume(shared: SharedWorld): Promise<Outcome> {
		this.#resuming = true;
		try {
			const result = await this.load(shared.scenario, shared.actions, shared.at, 'link');
			if (result.ok) this.session.lab?.goTo(shared.labStep);
			return result;
		} finally {
			this.#resuming = false;
		}
	}

	/**
	 * Replaces the world with this scenario and log, rebuilt at step `at` (0..actions.length).
	 * `source` words a refusal of the log's actions (a log file's, a share link's).
	 */
	load(
		scenario: Scenario,
		actions: readonly LoggedAction[],
		at: number,
		source: Source = 'tape'
	): Promise<Outcome> {
		const refused = unsupported(scenario);
		if (refused.length)
			return Promise.resolve(this.#fail(describeProblems(refused, 'Unsupported scenario')));
		// A shared link or a log file must not make the page connect to a real server on open.
		const live = liveServers(mergeServers(scenario).servers);
		if (live.size)
			return Promise.resolve(
				this.#fail(shareRefusal('live_replay', { servers: [...live.keys()].join(', ') }))
			);
		this.pause();
		return this.#serial(() => this.#rebuild(scenario, actions, at, source));
	}

	/**
	 * A downloaded log (`exportLog`): validated, then replayed to its end. The schemas that check
	 * it load with the first import (a page that never imports never fetches them).
	 */
	async importLog(text: string): Promise<Outcome> {
		const parsed = await parseLogFile(text).catch(unreadable);
		if (!parsed.ok) return this.#fail(parsed.error, parsed.why);
		return this.load(parsed.scenario, parsed.actions, parsed.actions.length, 'log');
	}

	/** The share code of this world at this step; header and env values are redacted. */
	async shareCode(): Promise<string> {
		const { tape, at } = this.#position;
		this.#requireWholeLog();
		return encodeShare({
			lab: this.lab,
			labStep: this.session.step,
			scenario: this.session.world.world.scenario,
			actions: [...tape],
			at
		});
	}

	/** The scenario (header and env values redacted) and the whole tape, as a log file. */
	exportLog(): string {
		const { tape } = this.#position;
		this.#requireWholeLog();
		return logFileJson(this.session.world.world.scenario, tape);
	}

	/** The wire trace the world keeps (a bounded window), as JSON. */
	wireTrace(): string {
		const { wire } = this.session.world.world;
		return wireTraceJson(wire.entries, wire.dropped);
	}

	dispose(): void {
		this.#disposed = true;
		this.pause();
		this.spares.dispose();
	}

	async #play(run: number): Promise<void> {
		if (this.at >= this.length && !(await this.goTo(0)).ok) return this.#stopPlaying(run);
		while (this.#run === run && !this.#disposed && this.at < this.length) {
			await this.#sleep(PLAY_TICK_MS / this.playSpeed);
			// A learner who acted meanwhile took over: the later steps are gone, and playback ends
			// quietly where the world now is, not with "There is no step n".
			if (this.#run !== run || this.#disposed || this.at >= this.length) break;
			const moved = await this.goTo(this.at + 1);
			if (moved.ok) continue;
			// The same takeover, in the middle of the step being rebuilt.
			if (moved.why && TAKEN_OVER.has(moved.why.key)) this.error = this.errorWhy = null;
			break;
		}
		this.#stopPlaying(run);
	}

	#stopPlaying(run: number): void {
		if (this.#run === run) this.playing = false;
	}

	#sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(done, ms);
			this.#wake = done;
			function done() {
				clearTimeout(timer);
				resolve();
			}
		});
	}

	#requireWholeLog(): void {
		if (!this.session.world.world.actionsComplete) throw shareRefusal('long_log');
	}

	#serial(job: () => Promise<Outcome>): Promise<Outcome> {
		const next = this.#queue.then(job, job);
		this.#queue = next.catch(() => undefined);
		return next;
	}

	/** A failure the page met around the timeline (a share or an export that could not be made). */
	failWith(error: unknown): void {
		this.#fail(error);
	}

	/** A failure: its English sentence (what the embed API returns) and, for a refusal, its reason. */
	#fail(error: unknown, why?: Reason): Outcome {
		const message = error instanceof Error ? error.message : String(error);
		const reason = why ?? reasonOf(error);
		if (!this.#resuming) {
			this.error = message;
			this.errorWhy = reason ?? null;
		}
		return reason ? { ok: false, error: message, why: reason } : { ok: false, error: message };
	}

	/** Replays `tape[at..n)` onto the world standing at step `at`: the world at step n. */
	async #forward(
		world: World,
		tape: readonly LoggedAction[],
		at: number,
		n: number
	): Promise<Outcome> {
		const state = this.session.world;
		this.rebuilding = n;
		this.error = null;
		this.errorWhy = null;
		// What the replayed steps say was news when they first happened, not now.
		const release = this.session.announcer.hush();
		this.#stepping.on = true;
		this.#forwarding = { world, tape };
		try {
			// As a command: the page's other controls wait, and it repaints when the steps are done.
			// A refused step is said as a refusal there too (the page shows a command's failure).
			await state.run((w) =>
				replayOnto(w, tape.slice(at, n), at).catch((error: unknown) => {
					throw unlogged(error, 'tape');
				})
			);
			if (state.world !== world || world.actions.length !== n)
				throw shareRefusal('changed_while_replayed', { n: String(n) });
			this.#travel = { world, tape, at: n };
			await tick();
			this.arrivals++;
			this.#planSpares(world.scenario, tape, n);
			return { ok: true };
		} catch (error) {
			return this.#fail(error);
		} finally {
			this.#forwarding = null;
			this.#stepping.on = false;
			release();
			this.rebuilding = null;
		}
	}

	/** A world built here: at instant speed until it has arrived, then at the page's pace. */
	#options(flags: { arrived: boolean }): WorldOptions {
		const options = this.session.world.worldOptions;
		return {
			...options,
			// Rebuilding is not for watching: it runs at instant speed whatever the page's speed.
			pace: (ms) => (flags.arrived && !this.#stepping.on ? options.pace!(ms) : Promise.resolve())
		};
	}

	/** Keeps spare worlds below a step (none while playing, nor for a world with live servers). */
	#planSpares(scenario: Scenario, tape: readonly LoggedAction[], at: number): void {
		if (this.playing) return;
		// A build would connect to the real server.
		const live = at > this.spares.every && hasLiveServers(scenario);
		this.spares.plan(scenario, tape, live ? 0 : at);
	}

	async #rebuild(
		scenario: Scenario,
		tape: readonly LoggedAction[],
		at: number,
		source: Source = 'tape'
	): Promise<Outcome> {
		const state = this.session.world;
		const before = state.world;
		const logged = before.actions.length;
		this.rebuilding = at;
		this.error = null;
		this.errorWhy = null;
		// Counted as a command in progress, so the page's other controls wait for it too.
		state.pending++;
		let world: World | null = null;
		try {
			// From the nearest spare world below the step when there is one, else from step 0.
			const spare = await this.spares.take(scenario, tape, at);
			if (spare) {
				world = spare.world;
				await replayOnto(world, tape.slice(spare.at, at), spare.at);
				spare.arrived();
			} else {
				const flags = { arrived: false };
				world = await replay(scenario, tape.slice(0, at), this.#options(flags));
				flags.arrived = true;
			}
			if (this.#disposed) throw shareRefusal('page_closed');
			if (state.world !== before || before.actions.length !== logged)
				throw shareRefusal('changed_while_rebuilt', { n: String(at) });
			const release = this.session.announcer.hush();
			try {
				if (source !== 'tape') this.replacements++;
				this.session.adopt(world);
				this.#travel = { world, tape, at };
				// Let the page react to the swap while hushed: the rebuilt history is not news.
				await tick();
			} finally {
				release();
			}
			if (!this.#resuming) this.arrivals++;
			this.#planSpares(scenario, tape, at);
			return { ok: true };
		} catch (error) {
			if (world && state.world !== world) world.dispose();
			return this.#fail(unlogged(error, source));
		} finally {
			state.pending--;
			this.rebuilding = null;
		}
	}
}
