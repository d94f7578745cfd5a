/**
 * The newest `window` items of an append-mostly list, handed out as a stable array that is
 * copied at most once per change. Appending copies nothing (the UI reads once per frame, while a
 * busy world appends thousands of times), and old items are trimmed in batches.
 */
export class BoundedList<T> {
	#items: T[] = [];
	#total = 0;
	#view: readonly T[] | null = null;

	constructor(readonly window: number) {}

	get items(): readonly T[] {
		if (this.#view === null) {
			const start = Math.max(0, this.#items.length - this.window);
			this.#view = this.#items.slice(start);
		}
		return this.#view;
	}

	/** How many items have left the window. */
	get dropped(): number {
		return this.#total - Math.min(this.#items.length, this.window);
	}

	get last(): T | undefined {
		return this.#items.at(-1);
	}

	push(item: T): void {
		this.#items.push(item);
		this.#total++;
		// Trim in batches of a quarter window, so a long run does not shift the array on every push.
		if (this.#items.length > this.window + Math.max(1, this.window >> 2))
			this.#items.splice(0, this.#items.length - this.window);
		this.#view = null;
	}

	/** Replaces the newest item matching `match` (recent items are searched first). */
	replaceLast(match: (item: T) => boolean, next: (item: T) => T): T | undefined {
		for (let i = this.#items.length - 1; i >= 0; i--) {
			if (!match(this.#items[i])) continue;
			this.#items[i] = next(this.#items[i]);
			this.#view = null;
			return this.#items[i];
		}
		return undefined;
	}

	findLast(match: (item: T) => boolean): T | undefined {
		for (let i = this.#items.length - 1; i >= 0; i--)
			if (match(this.#items[i])) return this.#items[i];
		return undefined;
	}
}
