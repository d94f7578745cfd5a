/**
 * Which checks marked "done before its turn" to say now: each once in a step, until it is met.
 * A goal on how the world stands flaps while a reconnect passes through `pending` (lab 08's
 * Reconnect all before its turn: early, not early while pending, early again once connected),
 * and each return was said again, 4 s apart.
 */
export class EarlySaid {
	#step = -1;
	#restarts = -1;
	#said = new Set<number>();

	fresh(
		step: number,
		restarts: number,
		early: readonly number[],
		met: readonly boolean[]
	): number[] {
		if (step !== this.#step || restarts !== this.#restarts) {
			this.#said = new Set();
			this.#step = step;
			this.#restarts = restarts;
		}
		// Met since: done early again later is news again.
		for (const i of this.#said) if (met[i]) this.#said.delete(i);
		const news = early.filter((i) => !this.#said.has(i));
		for (const i of news) this.#said.add(i);
		return news;
	}
}
