import type { LoggedAction, WorldAction } from './actions';
import type { SimClock } from './clock';
import type { CommandName } from './events';

const ignore = () => undefined;

/**
 * A world's queued command (World#command): refused at once for a server the world does not
 * have, else logged as `action`, run in its turn, and resolved once the world has settled.
 */
export type WorldCommand = (
	command: CommandName,
	server: string | undefined,
	action: WorldAction,
	act: () => void | Promise<void>
) => Promise<void>;

/** The action log's bound (a share link or replay needs all of it). */
export const MAX_ACTIONS = 50_000;

/**
 * A world's commands, one at a time, and the log of every action taken. Queued commands run in
 * the order they were issued. An interrupt (a person's cancel, a harness restart) does not wait
 * its turn: with nothing queued it acts now, otherwise at the running command's next quiet point
 * (`drain`, called by the world's settle loop), so where it lands is well defined and a replay
 * lands it at the same place (`replayInterrupt`).
 */
export class CommandQueue {
	#chain: Promise<unknown> = Promise.resolve();
	/** Entry `seq` is at index seq - 1 (the log stops recording rather than dropping its start). */
	readonly #actions: LoggedAction[] = [];
	#actionsView: readonly LoggedAction[] | null = null;
	#seq = 0;
	#complete = true;
	/** The seq of the queued turn running now, and how many are issued and unfinished. */
	#running: number | null = null;
	#queued = 0;
	#waiting: Array<() => void> = [];
	#replayed: Array<{ during: number; t: number; apply: () => void }> = [];
	/** Set while a replay applies a logged interrupt: it must act now, not wait. */
	#applyNow = false;
	/** Ends the page's pacing wait early when an interrupt is asked for. */
	#wake: (() => void) | null = null;

	constructor(private readonly clock: SimClock) {}

	/** Every action taken, in order: replaying them rebuilds the world. */
	get actions(): readonly LoggedAction[] {
		return (this.#actionsView ??= this.#actions.slice());
	}

	/** False once the log stopped recording (it keeps at most MAX_ACTIONS). */
	get complete(): boolean {
		return this.#complete;
	}

	/** A queued command: logged now, run in its turn; the log keeps when its turn came. */
	command(action: WorldAction, run: () => Promise<void>): Promise<void> {
		return this.#turn(this.#log(action, null), run, true);
	}

	/**
	 * An interrupt: `act` runs at once or at the next quiet point; `settle` then takes a turn of
	 * the queue like a command, so interrupts during it land in it.
	 */
	interrupt(action: WorldAction, act: () => void, settle: () => Promise<void>): Promise<void> {
		const apply = (): Promise<void> => {
			const seq = this.#log(action, this.#running);
			act();
			return this.#turn(seq, settle);
		};
		if (this.#queued === 0 || this.#applyNow) {
			try {
				return apply();
			} catch (error) {
				return Promise.reject(error);
			}
		}
		this.#wake?.();
		return new Promise((resolve, reject) => {
			this.#waiting.push(() => {
				try {
					apply().then(resolve, reject);
				} catch (error) {
					reject(error);
				}
			});
		});
	}

	/**
	 * Applies interrupts at a quiet point of the running turn: the ones people asked for, and
	 * (when replaying) the logged ones due here. True when any was applied.
	 */
	drain(): boolean {
		// The world's settle loop asks at every round: with nothing to apply, allocate nothing.
		if (this.#waiting.length === 0 && this.#replayed.length === 0) return false;
		const waiting = this.#waiting.splice(0);
		const due = this.#replayed.filter((r) => r.during === this.#running && r.t <= this.clock.now);
		this.#replayed = this.#replayed.filter((r) => !due.includes(r));
		this.#applyNow = true;
		try {
			for (const r of due) r.apply();
		} finally {
			this.#applyNow = false;
		}
		for (const apply of waiting) apply();
		return waiting.length + due.length > 0;
	}

	/** Replay: `apply` (which performs the action) runs at the same quiet point of turn `during`. */
	replayInterrupt(during: number, t: number, apply: () => void): void {
		this.#replayed.push({ during, t, apply });
	}

	#applyMissed(seq: number): void {
		if (this.#replayed.length === 0) return;
		const missed = this.#replayed.filter((r) => r.during === seq);
		if (missed.length === 0) return;
		this.#replayed = this.#replayed.filter((r) => r.during !== seq);
		this.#applyNow = true;
		try {
			for (const r of missed) r.apply();
		} finally {
			this.#applyNow = false;
		}
	}

	/** Waits for the page's pacing, unless an interrupt is asked for first. */
	async paced(wait: Promise<void>): Promise<void> {
		await Promise.race([wait, new Promise<void>((wake) => (this.#wake = wake))]);
		this.#wake = null;
	}

	/** `stamped`: a queued command's entry records when its turn came. */
	#turn(seq: number, run: () => Promise<void>, stamped = false): Promise<void> {
		this.#queued++;
		const turn = async () => {
			this.#running = seq;
			if (stamped) this.#stamp(seq);
			try {
				await run();
			} finally {
				this.#running = null;
				this.#queued--;
				// A logged interrupt whose quiet point never came in this turn (its time is past the
				// turn's end: a log no run of this world made) would wait for ever, and the replay
				// with it: it acts at the turn's end instead.
				this.#applyMissed(seq);
				// A turn that ended before a quiet point (it threw first, e.g. its world was
				// replaced) would leave a parked interrupt waiting forever: with nothing queued,
				// it acts now, as it would have had it come a moment later.
				if (this.#queued === 0) for (const apply of this.#waiting.splice(0)) apply();
			}
		};
		const next = this.#chain.then(turn, turn);
		this.#chain = next.catch(ignore);
		return next;
	}

	/** A new entry, not changed in place (a reader may hold the old one); only when time moved. */
	#stamp(seq: number): void {
		const logged = this.#actions[seq - 1];
		if (!logged || logged.t === this.clock.now) return;
		this.#actions[seq - 1] = { ...logged, t: this.clock.now };
		this.#actionsView = null;
	}

	#log(action: WorldAction, during: number | null): number {
		const seq = ++this.#seq;
		if (this.#actions.length >= MAX_ACTIONS) this.#complete = false;
		else {
			this.#actions.push({ seq, t: this.clock.now, during, action });
			this.#actionsView = null;
		}
		return seq;
	}
}
