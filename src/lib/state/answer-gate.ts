/**
 * When an embed command's answer may go (embed-api.md: "once the world has settled"). A command
 * that ends while others still run would describe them mid-way, so its answer waits for the
 * commands running at that moment, and only those: commands posted later do not make it wait
 * longer. A refusal, which changed nothing, goes at once.
 */
export class AnswerGate {
	#next = 0;
	#running = new Set<number>();
	#held: Array<{ waitFor: Set<number>; send: () => void }> = [];

	/** A command starts: its token, for `end`. */
	begin(): number {
		const token = ++this.#next;
		this.#running.add(token);
		return token;
	}

	/** The command ended: `send` its answer now (`now`, or nothing else running) or later. */
	end(token: number, send: () => void, now = false): void {
		this.#running.delete(token);
		this.#release(token);
		if (now || this.#running.size === 0) send();
		else this.#held.push({ waitFor: new Set(this.#running), send });
	}

	/** Sends every held answer at once: the world they describe is about to be replaced. */
	flush(): void {
		const held = this.#held;
		this.#held = [];
		for (const { send } of held) send();
	}

	/** Held answers that were waiting only for `token`, in the order their commands ended. */
	#release(token: number): void {
		const ready: Array<() => void> = [];
		this.#held = this.#held.filter(({ waitFor, send }) => {
			waitFor.delete(token);
			if (waitFor.size > 0) return true;
			ready.push(send);
			return false;
		});
		for (const send of ready) send();
	}
}
