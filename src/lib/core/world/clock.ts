/**
 * Simulated time. Nothing in the core reads the wall clock: latencies, timeouts and faults are
 * timers on this clock, so the same scenario and actions give the same run, byte for byte.
 */
interface Timer {
	at: number;
	seq: number;
	run: () => void;
}

export class SimClock {
	#now = 0;
	#seq = 0;
	readonly #timers: Timer[] = [];

	get now(): number {
		return this.#now;
	}

	/** Runs `run` once the clock reaches now + delayMs; returns a cancel function. */
	schedule(delayMs: number, run: () => void): () => void {
		const timer: Timer = { at: this.#now + Math.max(0, delayMs), seq: this.#seq++, run };
		// Stable order: by time, then by scheduling order. The newest timer has the highest seq, so
		// it goes after every timer due at or before its time (a binary search: no sort, no copy,
		// as every tools/call schedules its timeout and cancels it).
		const timers = this.#timers;
		let low = 0;
		let high = timers.length;
		while (low < high) {
			const mid = (low + high) >>> 1;
			if (timers[mid].at <= timer.at) low = mid + 1;
			else high = mid;
		}
		// push and pop where they do: a splice makes an array of what it removed, even of nothing.
		if (low === timers.length) timers.push(timer);
		else timers.splice(low, 0, timer);
		return () => {
			const index = timers.indexOf(timer);
			if (index === timers.length - 1) timers.pop();
			else if (index !== -1) timers.splice(index, 1);
		};
	}

	/** When the next timer is due, if any. */
	get nextAt(): number | undefined {
		return this.#timers[0]?.at;
	}

	get pending(): number {
		return this.#timers.length;
	}

	/** Runs every timer that is due now; true when any ran. */
	runDue(): boolean {
		let ran = false;
		while (this.#timers[0] && this.#timers[0].at <= this.#now) {
			const timer = this.#timers.shift()!;
			ran = true;
			timer.run();
		}
		return ran;
	}

	/** Jumps to the next timer and runs what is due; false when there is none. */
	advanceToNext(): boolean {
		const next = this.#timers[0];
		if (!next) return false;
		this.#now = Math.max(this.#now, next.at);
		return this.runDue();
	}

	/** Moves time forward by ms, running timers on the way in order. */
	advanceBy(ms: number): void {
		const target = this.#now + ms;
		while (this.#timers[0] && this.#timers[0].at <= target) {
			this.#now = Math.max(this.#now, this.#timers[0].at);
			this.runDue();
		}
		this.#now = target;
	}
}
