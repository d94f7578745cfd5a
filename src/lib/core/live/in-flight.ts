/**
 * Live I/O in flight: requests waiting for a real server's answer, HTTP exchanges under way.
 * The world's settle loop must wait for these in real time rather than move simulated time
 * (which would time them out at once, or end the command before the answer came).
 */
export class InFlight {
	#count = 0;
	#waiters: Array<() => void> = [];

	get count(): number {
		return this.#count;
	}

	/** One piece of work begins; the returned function ends it (once). */
	begin(): () => void {
		this.#count++;
		let ended = false;
		return () => {
			if (ended) return;
			ended = true;
			this.#count--;
			this.moved();
		};
	}

	async track<T>(work: Promise<T>): Promise<T> {
		const end = this.begin();
		try {
			return await work;
		} finally {
			end();
		}
	}

	/** Resolves at the next change: work ended, or something arrived from a server. */
	next(): Promise<void> {
		return new Promise((resolve) => this.#waiters.push(resolve));
	}

	moved(): void {
		for (const resolve of this.#waiters.splice(0)) resolve();
	}
}
