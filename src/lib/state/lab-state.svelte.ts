import type { Lab } from '$lib/core';
// Not from the core's index, which would bring scenario parsing into the page's start-up.
import {
	advance,
	earlyChecks,
	goTo,
	initialProgress,
	labComplete,
	predict,
	stepComplete,
	watchFrom,
	type LabProgressState
} from '$lib/core/labs/progress';
import { worldFacts } from '$lib/core/labs/facts';
import { lackedServers, stepHints } from '$lib/core/labs/hints';
import type { WorldState } from './world-state.svelte';
import { loadValidator } from '$lib/core/validation/lazy-validator';

/** A learner's progress through one lab, re-checked whenever the world changes. */
export class LabState {
	progress = $state.raw<LabProgressState>() as LabProgressState;
	/** The current step's checks done before their turn (they do not count; see earlyChecks). */
	early = $state.raw<number[]>([]);
	/** The current step's hints for wrong turns taken (see stepHints), by id. */
	hints = $state.raw<string[]>([]);
	/** Servers the current step acts on that a replaced world lacks (see lackedServers). */
	lacked = $state.raw<string[]>([]);
	/** How many times the lab restarted: a view keyed by it starts afresh (a question's choice). */
	restarts = $state(0);
	/** After time travel: the newest event seq the rebuilt world already had (see timeTravelled). */
	#heldUntil: number | null = null;
	/** While the page plays earlier steps for a `step=<n>` link: nothing is the learner's doing. */
	#quiet = false;
	/** The step (and restart) whose hidden panels the learner chose to see before answering. */
	#shownAnyway = $state('');
	/** Steps before this one were played for the reader by a `step=<n>` link (open-at-step.ts). */
	openedAt = 0;

	constructor(
		readonly lab: Lab,
		private readonly world: WorldState,
		step = 0,
		/** Told when the current step becomes complete (the lab page records it; embeds don't). */
		private readonly onStepDone?: (step: number) => void
	) {
		this.progress = initialProgress(lab, step);
		// A goal about the server's own schema needs JSON Schema validation, which loads on demand.
		if (JSON.stringify(lab.steps).includes('"violatesServerSchema"')) void loadValidator();
	}

	get step(): number {
		return this.progress.step;
	}

	/**
	 * The lab panels the current step covers, unless the learner chose to see them: its
	 * `hideUntilAnswered` until its question is answered, its `hideForNextQuestion` until the next
	 * step's is. Going back to an answered step shows everything.
	 */
	get hiddenPanels(): readonly string[] {
		if (this.#shownAnyway === this.#stepKey) return [];
		const open = this.progress.steps[this.step].prediction === null;
		const hide = this.lab.steps[this.step].hideUntilAnswered;
		return [...(open && hide ? hide : []), ...this.hiddenForNext];
	}

	/** The hidden panels that wait for the next step's question, not this one's. */
	get hiddenForNext(): readonly string[] {
		const hide = this.lab.steps[this.step].hideForNextQuestion;
		if (!hide || this.#shownAnyway === this.#stepKey) return [];
		return this.progress.steps[this.step + 1]?.prediction === null ? hide : [];
	}

	/** Uncovers this step's hidden panels with its question still open; a restart covers them again. */
	showHiddenPanels(): void {
		this.#shownAnyway = this.#stepKey;
	}

	get #stepKey(): string {
		return `${this.step} ${this.restarts}`;
	}

	get stepDone(): boolean {
		return stepComplete(this.progress);
	}

	get done(): boolean {
		return labComplete(this.progress);
	}

	/** Called from an effect that reads the world's state, so it re-runs on every change. */
	check(): void {
		if (this.#quiet) return;
		const facts = worldFacts(this.world.world, this.lab.id, this.step);
		if (this.#heldUntil !== null) {
			if ((this.world.events.at(-1)?.seq ?? 0) <= this.#heldUntil) {
				// Judged on the rebuilt world too: a wrong turn undone by time travel has no hint.
				this.#setHints(facts);
				return this.#setEarly([]);
			}
			this.#heldUntil = null;
		}
		this.#set(advance(this.lab, this.progress, facts));
		this.#setEarly(earlyChecks(this.lab, this.progress, facts));
		this.#setHints(facts);
	}

	#setEarly(early: number[]): void {
		if (early.join() !== this.early.join()) this.early = early;
	}

	#setHints(facts: ReturnType<typeof worldFacts>): void {
		const hints = stepHints(this.lab, this.progress, facts);
		if (hints.join() !== this.hints.join()) this.hints = hints;
		// A lab's own hint for the same turn (lab 02's tool-gone) says it better: not both.
		const lacked = hints.length ? [] : lackedServers(this.lab, this.progress, facts);
		if (lacked.join() !== this.lacked.join()) this.lacked = lacked;
	}

	/** Runs `work` with the checks off (see open-at-step.ts); what it does meets no goal. */
	async quietly<T>(work: () => Promise<T>): Promise<T> {
		this.#quiet = true;
		try {
			return await work();
		} finally {
			this.#quiet = false;
		}
	}

	answer(option: string): void {
		// Answering is something new the learner did, like an action in the world.
		this.#heldUntil = null;
		this.#set(predict(this.progress, option, this.world.events.at(-1)?.seq ?? 0));
		this.check();
	}

	goTo(step: number): void {
		this.#set(goTo(this.progress, step, this.world.events.at(-1)?.seq ?? 0));
		this.check();
	}

	/** Arriving at a complete step counts too: a step without checks is complete on arrival. */
	#set(next: LabProgressState): void {
		const before = this.progress;
		if (next === before) return;
		this.progress = next;
		if (stepComplete(next) && (next.step !== before.step || !stepComplete(before)))
			this.onStepDone?.(next.step);
	}

	/**
	 * The world was replaced (an edited scenario): its events number from 1 again, so the
	 * current step's unmet checks watch the new world from its start.
	 */
	worldReplaced(): void {
		this.#heldUntil = null;
		this.progress = watchFrom(this.progress, 0);
	}

	/**
	 * The world was rebuilt from its log (time travel, a shared link, an imported log). What it
	 * shows already happened, so no goal may be met by it: checks wait for the learner's next
	 * action and count only what happens from there. Goals already met stay met.
	 */
	timeTravelled(): void {
		const latest = this.world.events.at(-1)?.seq ?? 0;
		this.#heldUntil = latest;
		this.progress = watchFrom(this.progress, latest);
	}

	/** Back to the lab's start; the caller replaces the world first, so its events start again at 0. */
	restart(): void {
		this.#heldUntil = null;
		this.progress = initialProgress(this.lab, 0);
		// From the start again: nothing is played for the learner any more.
		this.openedAt = 0;
		this.early = [];
		this.hints = [];
		this.lacked = [];
		this.restarts++;
	}
}
