/** Messages a second from one live server above which the page says it is being flooded. */
export const FLOOD_PER_SECOND = 200;
const WINDOW_MS = 1000;

/**
 * Real time, which a flood is measured in (never the world's simulated clock). The page gives
 * its own (state/wall-clock.ts): the core reads no wall clock.
 */
export interface FloodClock {
	now(): number;
	/** Runs `run` every `ms`; returns a stop function. */
	every(ms: number, run: () => void): () => void;
}

/**
 * Counts one live connection's incoming messages per wall-clock second. A hostile-server audit
 * found 5,000 log messages a second made every click take a second with nothing on the page
 * saying why: past FLOOD_PER_SECOND this says `true` once, and `false` once a whole second has
 * gone by under it (checked each second while flooded; nothing runs otherwise).
 */
export class FloodMeter {
	#start = -Infinity;
	#count = 0;
	/** The count of the window before the current one. */
	#previous = 0;
	#stopWatch: (() => void) | null = null;

	constructor(
		private readonly changed: (flooding: boolean) => void,
		private readonly clock: FloodClock
	) {}

	get flooding(): boolean {
		return this.#stopWatch !== null;
	}

	/** One message arrived. */
	count(): void {
		const now = this.clock.now();
		if (now - this.#start >= WINDOW_MS) {
			this.#previous = now - this.#start >= 2 * WINDOW_MS ? 0 : this.#count;
			this.#start = now;
			this.#count = 0;
		}
		if (++this.#count < FLOOD_PER_SECOND || this.flooding) return;
		this.#stopWatch = this.clock.every(WINDOW_MS, () => this.#check());
		this.changed(true);
	}

	/** The connection closed: no flood any more. */
	stop(): void {
		if (!this.flooding) return;
		this.#stopWatch?.();
		this.#stopWatch = null;
		this.changed(false);
	}

	#check(): void {
		const age = this.clock.now() - this.#start;
		// The last whole second: the current window once it is over, else the one before it.
		const last = age >= 2 * WINDOW_MS ? 0 : age >= WINDOW_MS ? this.#count : this.#previous;
		if (last < FLOOD_PER_SECOND) this.stop();
	}
}
