import type { LoggedAction, Scenario } from '$lib/core';
import { continuable, replayOnto } from '$lib/core/world/replay';
import { macrotask } from '$lib/core/world/timeout';
import { World, type WorldOptions } from '$lib/core/world/world';

/**
 * Steps between two spare worlds: the most a move backwards then replays. A world cannot be
 * copied (it holds live SDK servers and clients), so a move back used to replay the whole log
 * from step 0; from a spare it replays at most this many steps.
 */
export const SPARE_EVERY = 1000;
/** Spare worlds kept at once, below the step the timeline stands at (each holds a world's logs). */
export const SPARES_KEPT = 3;
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
}

interface Spare {
	scenario: Scenario;
	/** The actions it was built from: the tape's first `at`. */
	prefix: readonly LoggedAction[];
	at: number;
	/** Null until its build finished. */
	world: World | null;
	flags: { arrived: boolean };
	dropped: boolean;
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
 * the page is idle (they pause at every yield while it is busy), and a spare is used once:
 * taking it hands its world over, and the next plan builds another.
 */
export class SpareWorlds {
	#spares: Spare[] = [];
	#building: Spare | null = null;
	#disposed = false;
	/** Settles when the build in progress (if any) has ended; for tests and the bench. */
	#settled: Promise<void> = Promise.resolve();

	constructor(
		private readonly host: SpareHost,
		/** Spacing and count (tests set small ones). */
		public every = SPARE_EVERY,
		public kept = SPARES_KEPT
	) {}

	/** Steps of the spares ready now (for tests and the bench). */
	get ready(): number[] {
		return this.#spares.filter((s) => s.world).map((s) => s.at);
	}

	/** Resolves once every planned spare is built (or dropped). */
	async idle(): Promise<void> {
		for (;;) {
			const settled = this.#settled;
			await settled;
			if (settled === this.#settled && !this.#building) return;
		}
	}

	/** Takes out the spare nearest below step `n` of `tape` that can be replayed on to it. */
	take(scenario: Scenario, tape: readonly LoggedAction[], n: number): TakenSpare | null {
		let best: Spare | null = null;
		for (const s of this.#spares) {
			if (!s.world || s.scenario !== scenario || s.at > n || (best && s.at <= best.at)) continue;
			if (samePrefix(s.prefix, tape, s.at) && continuable(tape, s.at, n)) best = s;
		}
		if (!best?.world) return null;
		this.#spares = this.#spares.filter((s) => s !== best);
		const { world, at, flags } = best;
		return { world, at, arrived: () => (flags.arrived = true) };
	}

	/** Keeps spares at the checkpoints below step `at` of this tape, building the missing ones. */
	plan(scenario: Scenario, tape: readonly LoggedAction[], at: number): void {
		if (this.#disposed) return;
		const wanted = checkpoints(Math.min(at, tape.length), this.every, this.kept);
		const kept = this.#spares.filter(
			(s) => s.scenario === scenario && wanted.includes(s.at) && samePrefix(s.prefix, tape, s.at)
		);
		for (const s of this.#spares) if (!kept.includes(s)) this.#drop(s);
		for (const step of wanted)
			if (!kept.some((s) => s.at === step))
				kept.push({
					scenario,
					prefix: tape.slice(0, step),
					at: step,
					world: null,
					flags: { arrived: false },
					dropped: false
				});
		// Nearest first: the next move back most likely needs it.
		this.#spares = kept.sort((a, b) => b.at - a.at);
		this.#pump();
	}

	dispose(): void {
		this.#disposed = true;
		for (const s of this.#spares) this.#drop(s);
		this.#spares = [];
	}

	#drop(spare: Spare): void {
		spare.dropped = true;
		spare.world?.dispose();
		spare.world = null;
	}

	#pump(): void {
		if (this.#building || this.#disposed) return;
		const next = this.#spares.find((s) => !s.world);
		if (next) this.#settled = this.#build(next);
	}

	async #build(spare: Spare): Promise<void> {
		this.#building = spare;
		let world: World | null = null;
		try {
			world = new World(spare.scenario, {
				...this.host.options(spare.flags),
				idle: (): Promise<void> => this.#yield(spare, world!)
			});
			await replayOnto(world, spare.prefix);
		} catch {
			// A spare is only a shortcut: a move back without it replays from step 0.
			this.#drop(spare);
		} finally {
			this.#building = null;
		}
		// A dropped build was cut short: its world is not the world at that step.
		if (spare.dropped) {
			world?.dispose();
			this.#spares = this.#spares.filter((s) => s !== spare);
		} else spare.world = world;
		this.#pump();
	}

	/**
	 * The world's yield while it is built: waits while the page is busy, and ends the build once
	 * it is dropped. A taken spare is the page's world: it yields as any world does.
	 */
	async #yield(spare: Spare, world: World): Promise<void> {
		await macrotask();
		if (this.#building !== spare) return;
		while (!spare.dropped && this.host.busy())
			await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
		if (spare.dropped) {
			// Its queued commands then fail at once instead of replaying on.
			world.dispose();
			throw new Dropped();
		}
	}
}
