/**
 * What the call runners (call.run.ts, toolsource-call.run.ts) keep of an XState actor's mailbox:
 * one event at a time. An event sent while one is being processed — by an observer, or by an
 * action — waits its turn and is processed after it, in the order sent.
 */
export class Mailbox {
	#processing = false;
	readonly #queue: (() => void)[] = [];

	/** `macrostep` processes one event: its transitions, then the observers. */
	constructor(private readonly macrostep: (event: () => void) => void) {}

	post(event: () => void): void {
		if (this.#processing) {
			this.#queue.push(event);
			return;
		}
		this.#processing = true;
		try {
			for (let next: (() => void) | undefined = event; next; next = this.#queue.shift())
				this.macrostep(next);
		} finally {
			this.#processing = false;
			this.#queue.length = 0;
		}
	}
}
