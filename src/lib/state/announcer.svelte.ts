/**
 * The page's one polite live region. Bursts (a reconnect produces a dozen events) are merged
 * into one message per flush so a screen reader hears them in order instead of only the last.
 */
export class Announcer {
	message = $state('');
	#queue: string[] = [];
	#scheduled = false;

	say(text: string): void {
		if (!text) return;
		this.#queue.push(text);
		if (this.#scheduled) return;
		this.#scheduled = true;
		queueMicrotask(() => {
			this.#scheduled = false;
			const text = this.#queue.join('. ');
			this.#queue = [];
			// Re-announce identical text by clearing first: assistive tech ignores unchanged content.
			this.message = this.message === text ? `${text}\u00a0` : text;
		});
	}
}
