import {
	PROGRESS_KEY,
	emptyProgress,
	markStepDone,
	parseStoredProgress,
	resetAll,
	resetLab,
	serialize,
	type StoredProgress
} from '$lib/core/labs/stored-progress';

/**
 * The learner's progress, kept in localStorage. Storage may be missing (SSR), refused (privacy
 * settings make the getter throw) or full: then progress lives in memory for this page only and
 * nothing fails. Only the full lab page and the home page create one; embeds never do, so a page
 * embedding a lab neither reads nor writes the learner's progress.
 */
export class LearnerProgress {
	progress = $state.raw<StoredProgress>(emptyProgress());
	/** Set once a write failed: storage no longer holds the truth, memory does. */
	#memoryOnly = false;

	constructor(
		private readonly storage: () => Storage | null = browserStorage,
		private readonly knownIds?: readonly string[]
	) {}

	/** Reads storage; call from the browser only (onMount), so prerendered HTML shows no progress. */
	load(): void {
		const stored = this.#read();
		if (stored) this.progress = stored;
	}

	markStepDone(labId: string, step: number, stepCount: number): void {
		this.#update((p) => markStepDone(p, labId, step, stepCount));
	}

	resetLab(labId: string): void {
		this.#update((p) => resetLab(p, labId));
	}

	resetAll(): void {
		this.#update(() => resetAll());
	}

	/** Follows writes from other tabs; returns the unsubscribe for onMount/$effect. */
	follow(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
		const onStorage = (event: StorageEvent) => {
			// `key` is null when another tab cleared all of storage.
			if (this.#memoryOnly || (event.key !== null && event.key !== PROGRESS_KEY)) return;
			this.progress = parseStoredProgress(event.newValue, this.knownIds);
		};
		target.addEventListener('storage', onStorage);
		return () => target.removeEventListener('storage', onStorage);
	}

	/** Applies a change to the newest stored value, so another tab's steps are not overwritten. */
	#update(change: (progress: StoredProgress) => StoredProgress): void {
		const base = this.#read() ?? this.progress;
		const next = change(base);
		if (next !== this.progress) this.progress = next;
		if (next !== base) this.#write(next);
	}

	#read(): StoredProgress | null {
		if (this.#memoryOnly) return null;
		try {
			const storage = this.storage();
			return storage ? parseStoredProgress(storage.getItem(PROGRESS_KEY), this.knownIds) : null;
		} catch {
			return null;
		}
	}

	#write(progress: StoredProgress): void {
		if (this.#memoryOnly) return;
		try {
			const storage = this.storage();
			if (!storage) return;
			if (Object.keys(progress.labs).length) storage.setItem(PROGRESS_KEY, serialize(progress));
			else storage.removeItem(PROGRESS_KEY);
		} catch {
			// Quota or a storage that refuses writes: keep going in memory.
			this.#memoryOnly = true;
		}
	}
}

function browserStorage(): Storage | null {
	return typeof window === 'undefined' ? null : window.localStorage;
}
