import type { LoggedAction, Scenario } from '$lib/core';
import { continuable, replayOnto } from '$lib/core/world/replay';
import { macrotask } from '$lib/core/world/timeout';
import { World, type WorldOptions } from '$lib/core/world/world';

/**
 * Steps between two spare worlds: the most a move backwards then replays. A world cannot be
 * copied (it holds live SDK servers and clients), so a move back used to replay the whole log
 * from step 0; from a spare it replays at most this many steps (~50 ms in Chromium for lab 01).
 */
export const SPARE_EVERY = 500;
/**
 * Spare worlds kept at once, below the step the timeline stands at: moves up to 2,000 steps back
 * are quick. Each holds a world's bounded logs (about 6 MiB once they are full).
 */
export const SPARES_KEPT = 4;
/** How often a paused build looks again whether the page is still busy. */
const RECHECK_MS = 50;

/** A spare world taken out to be moved on to a step and swapped in. */
export interface TakenSpare {
	world: World;
	/** The step it stands at. */
	at: number;
	/** Call once it has reached its step: from then on it runs at the page's pace. */
	arrived(): void;
}

export interface SpareHost {
	/** The options a world built for this page needs; `flags.arrived` says it was swapped in. */
	options(flags: { arrived: boolean }): WorldOptions;
	/** True while the page works in the foreground: a build waits rather than compete with it. */
	busy(): boolean;
	/** Told of each finished build: from which step (0: a new world) to which. */
	built?(from: number, to: number): void;
}

interface Spare {
	scenario: Scenario;
	/** The actions its world is (being) built from: the tape's first `target`. */
	prefix: readonly LoggedAction[];
	/** The step its world stands at once its build is done. */
	target: number;
	/** The step its build started from (0: a new world). */
	from: number;
	/** Null until its first build starts. */
	world: World | null;
	flags: { arrived: boolean };
	dropped: boolean;
	/** A move waits for its build: it no longer waits for the page, nor is moved elsewhere. */
	urgent: boolean;
}

/** The steps spares are kept at for a timeline standing at step `at`, nearest first. */
export function checkpoints(at: number, every = SPARE_EVERY, kept = SPARES_KEPT): number[] {
	const steps: number[] = [];
	for (let c = Math.floor((at - 1) / every) * every; c > 0 && steps.length < kept; c -= every)
		steps.push(c);
	return steps;
}

/** Whether two logs agree on their first `n` actions (a fork keeps equal, not identical, ones). */
function samePrefix(a: readonly LoggedAction[], b: readonly LoggedAction[], n: number): boolean {
	if (a.length < n || b.length < n) return false;
	for (let i = 0; i < n; i++)
		if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
	return true;
}

class Dropped extends Error {
	constructor() {
		super('This spare world is no longer wanted.');
	}
}

/**
 * Worlds rebuilt in the background at a few steps below where the timeline stands, so moving
 * back replays from the nearest one instead of from step 0. Builds run one at a time, only while
 * the page is idle (they pause at every yield while it is busy). A missing spare is built from
 * the nearest one below it when there is one (that one is then missing, lower down): the spare a
 * move back just used comes back after one spacing's replay, and a growing log moves its spares
 * up rather than rebuilding them. A spare is used once: taking it hands its world over.
 */
export class SpareWorlds {
	#spares: Spare[] = [];
	#building: Spare | null = null;
	#plan: { scenario: Scenario; tape: readonly LoggedAction[]; wanted: number[] } | null = null;
	#disposed = false;
	/** Settles when the build in progress (if any) has ended. */
	#settled: Promise<void> = Promise.resolve();

	constructor(
		private readonly host: SpareHost,
		/** Spacing and count (tests set small ones). */
		public every = SPARE_EVERY,
		public kept = SPARES_KEPT
	) {}

	/** Steps of the spares ready now, nearest first (for tests and the bench). */
	get ready(): number[] {
		return this.#spares
			.filter((s) => this.#isReady(s))
			.map((s) => s.target)
			.sort((a, b) => b - a);
	}

	/** Resolves once no build is in progress: every planned spare is built (or dropped). */
	async idle(): Promise<void> {
		for (;;) {
			const settled = this.#settled;
			await settled;
			if (settled === this.#settled && !this.#building) return;
		}
	}

	/**
	 * Takes out the spare nearest below step `n` of `tape` that can be replayed on to it. A build
	 * in progress that would serve better is finished first, whatever the page is doing, when that
	 * cannot cost more: it started from at least the best ready spare's step (or none is ready).
	 */
	async take(
		scenario: Scenario,
		tape: readonly LoggedAction[],
		n: number
	): Promise<TakenSpare | null> {
		const serves = (s: Spare) =>
			s.scenario === scenario &&
			s.target <= n &&
			samePrefix(s.prefix, tape, s.target) &&
			continuable(tape, s.target, n);
		let best: Spare | null = null;
		for (const s of this.#spares)
			if (this.#isReady(s) && (!best || s.target > best.target) && serves(s)) best = s;
		const building = this.#building;
		const floor = best?.target ?? 0;
		if (building && building.from >= floor && building.target > floor && serves(building)) {
			building.urgent = true;
			await this.#settled;
			building.urgent = false;
			if (this.#isReady(building)) best = building;
		}
		if (!best?.world) return null;
		this.#spares = this.#spares.filter((s) => s !== best);
		const { world, target, flags } = best;
		return { world, at: target, arrived: () => (flags.arrived = true) };
	}

	/** Keeps spares at the checkpoints below step `at` of this tape, building the missing ones. */
	plan(scenario: Scenario, tape: readonly LoggedAction[], at: number): void {
		if (this.#disposed) return;
		const step = Math.min(at, tape.length);
		this.#plan = { scenario, tape, wanted: checkpoints(step, this.every, this.kept) };
		// Of no use: another history's, and those at or past the step (moving forward replays on
		// from the world itself).
		for (const s of this.#spares) {
			if (s.scenario !== scenario || s.target >= step || !samePrefix(s.prefix, tape, s.target))
				this.#drop(s);
			// Equal, not identical (a fork's log): keep the tape's own entries, so the next check
			// (on every action the learner takes) compares references, not JSON.
			else if (s.prefix[s.target - 1] !== tape[s.target - 1]) s.prefix = tape.slice(0, s.target);
		}
		this.#spares = this.#spares.filter((s) => !s.dropped);
		this.#pump();
	}

	dispose(): void {
		this.#disposed = true;
		for (const s of this.#spares) this.#drop(s);
		this.#spares = [];
	}

	#isReady(spare: Spare): boolean {
		return spare.world !== null && spare !== this.#building && !spare.dropped;
	}

	#drop(spare: Spare): void {
		spare.dropped = true;
		// One being built is disposed at its next yield (#yield), which ends its build.
		if (spare !== this.#building) spare.world?.dispose();
	}

	/** Starts building the highest missing checkpoint; with none missing, lets the others go. */
	#pump(): void {
		if (this.#building || this.#disposed || !this.#plan) return;
		const { scenario, tape, wanted } = this.#plan;
		const missing = wanted.find((w) => !this.#spares.some((s) => s.target === w));
		if (missing === undefined) {
			for (const s of this.#spares) if (!wanted.includes(s.target)) this.#drop(s);
			this.#spares = this.#spares.filter((s) => !s.dropped);
			return;
		}
		let source: Spare | null = null;
		for (const s of this.#spares)
			if (
				this.#isReady(s) &&
				!s.urgent &&
				s.target < missing &&
				(!source || s.target > source.target) &&
				continuable(tape, s.target, missing)
			)
				source = s;
		const spare: Spare = source ?? {
			scenario,
			prefix: [],
			target: 0,
			from: 0,
			world: null,
			flags: { arrived: false },
			dropped: false,
			urgent: false
		};
		if (!source) this.#spares.push(spare);
		spare.from = spare.target;
		spare.prefix = tape.slice(0, missing);
		spare.target = missing;
		this.#settled = this.#build(spare);
	}

	async #build(spare: Spare): Promise<void> {
		const { from } = spare;
		this.#building = spare;
		try {
			spare.world ??= new World(spare.scenario, {
				...this.host.options(spare.flags),
				idle: (): Promise<void> => this.#yield(spare)
			});
			await replayOnto(spare.world, spare.prefix.slice(from));
			if (!spare.dropped) this.host.built?.(from, spare.target);
		} catch {
			// A spare is only a shortcut: a move back without it replays from step 0.
			spare.dropped = true;
		} finally {
			this.#building = null;
		}
		// A dropped build was cut short: its world is not the world at that step.
		if (spare.dropped) {
			spare.world?.dispose();
			this.#spares = this.#spares.filter((s) => s !== spare);
		}
		// A move waiting for this one takes it first.
		if (!spare.urgent) this.#pump();
	}

	/**
	 * The world's yield while it is built: waits while the page is busy (unless a move waits for
	 * it), and ends the build once it is dropped. A taken spare yields as any world does.
	 */
	async #yield(spare: Spare): Promise<void> {
		await macrotask();
		if (this.#building !== spare) return;
		while (!spare.dropped && !spare.urgent && this.host.busy())
			await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
		if (spare.dropped) {
			// Its queued commands then fail at once instead of replaying on.
			spare.world?.dispose();
			throw new Dropped();
		}
	}
}
