import { i18n } from '$lib/i18n/locale.svelte';
import { clipped } from '$lib/core/text/bound';

/**
 * How long the region waits for more before it speaks, and at most from a burst's first
 * sentence. A message replaced before a screen reader has begun it is lost: said in separate
 * tasks a few ms apart (a session's start-up, then the control's own sentence after its promise;
 * a step's notice 140 ms after the world's events), the second replaced the first.
 */
export const QUIET_MS = 150;
export const LONGEST_WAIT_MS = 750;
/**
 * The most of one sentence the region says. What the page says is bounded where it is made (a
 * server's text, a world's names); this is the net under all of them: a screen reader reads a
 * live region whole, and a megabyte name missed somewhere would be read to the end.
 */
export const SAID_MAX = 1000;

/**
 * The page's one polite live region. Bursts (a reconnect produces a dozen events) are merged
 * into one message, so a screen reader hears them in order instead of only the last: a burst is
 * what is said until the page has been quiet for `quietMs` (at most `longestMs` from its start).
 */
export class Announcer {
	#message = $state('');
	/** Which language change the message was said after (i18n.changes). */
	#said = $state(i18n.changes);
	/** Each sentence with the language change it was said after (i18n.changes). */
	#queue: Array<{ text: string; changes: number }> = [];
	/** Said after the rest of the burst, whenever it was queued (see `say`). */
	#tail: Array<{ text: string; changes: number }> = [];
	#timer: ReturnType<typeof setTimeout> | undefined;
	/** When the burst being gathered began (performance.now()), while one is. */
	#began: number | undefined;
	#hushed = 0;
	#gathering = 0;

	constructor(
		private readonly quietMs = QUIET_MS,
		private readonly longestMs = LONGEST_WAIT_MS
	) {}

	/**
	 * `last`: a sentence about where things ended up (a call held at a stage), said after what
	 * happened in the same burst even when a component noticed it before the world's events did.
	 */
	say(text: string, { last = false }: { last?: boolean } = {}): void {
		if (!text || this.#hushed > 0) return;
		const said = clipped(text, SAID_MAX);
		(last ? this.#tail : this.#queue).push({ text: said, changes: i18n.changes });
		if (this.#gathering === 0) this.#schedule();
	}

	/**
	 * Holds what is said until the returned function is called, then says it all as one message.
	 * A presenter's cue is several commands, each settling on its own: said as they settled, each
	 * replaced the one before in the region before a screen reader had read it.
	 */
	gather(): () => void {
		this.#gathering++;
		return once(() => {
			this.#gathering--;
			if (this.#gathering === 0 && this.#queue.length + this.#tail.length > 0) this.#schedule();
		});
	}

	#schedule(): void {
		const now = performance.now();
		this.#began ??= now;
		clearTimeout(this.#timer);
		const wait = Math.max(0, Math.min(this.quietMs, this.#began + this.longestMs - now));
		this.#timer = setTimeout(() => this.#flush(), wait);
	}

	#flush(): void {
		this.#timer = undefined;
		this.#began = undefined;
		// Gathering began after this flush was queued: its release says everything together.
		if (this.#gathering > 0 || this.#queue.length + this.#tail.length === 0) return;
		// A sentence said before the page's language changed is in the old language: dropped.
		const now = [...this.#queue, ...this.#tail].filter((s) => s.changes === i18n.changes);
		this.#queue = [];
		this.#tail = [];
		if (now.length === 0) return;
		const text = joinSentences(
			now.map((s) => s.text),
			i18n.locale
		);
		// Re-announce identical text by clearing first: assistive tech ignores unchanged content.
		this.#message = this.#message === text ? `${text}\u00a0` : text;
		this.#said = i18n.changes;
	}

	/**
	 * What the region holds: empty once the page's language changed since it was said (switching
	 * back included), so a screen reader never finds, or hears again, a sentence in the old language.
	 */
	get message(): string {
		return this.#said === i18n.changes ? this.#message : '';
	}

	/**
	 * Drops what is said until the returned function is called. Time travel swaps in a rebuilt
	 * world whose whole history would otherwise be read out again as if it had just happened.
	 */
	hush(): () => void {
		this.#hushed++;
		return once(() => this.#hushed--);
	}
}

/** A release that counts once however often it is called (a finally and a cleanup may both). */
function once(release: () => void): () => void {
	let released = false;
	return () => {
		if (released) return;
		released = true;
		release();
	};
}

/**
 * Sentences said together: a full stop between them unless one already ends its sentence, in
 * the page's language (Chinese ends a sentence with 。 and needs no space after it).
 */
export function joinSentences(parts: readonly string[], locale = 'en'): string {
	const chinese = locale.startsWith('zh');
	// A part cut short ends with "…": it is not given a full stop after it.
	const ended = (part: string) => /[.!?。！？:：…]$/.test(part.trimEnd());
	return parts
		.map((part, i) => {
			if (i === parts.length - 1) return part;
			const whole = ended(part) ? part : `${part}${chinese ? '。' : '.'}`;
			return chinese && /[。！？：]$/.test(whole.trimEnd()) ? whole.trimEnd() : `${whole} `;
		})
		.join('');
}
