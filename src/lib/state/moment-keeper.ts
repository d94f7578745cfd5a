import type { Lab } from '$lib/core';
import { hasLiveServers } from '$lib/core/live/live-servers';
import type { LabSession } from './lab-session.svelte';
import type { Moment } from './kept-moment';
import { tabStorage, type TabStorage } from './tab-storage';

/**
 * Where the learner is in a lab, kept in this tab (sessionStorage) so that a reload, or leaving
 * the lab and coming back, opens the same step on the same world (kept-moment.ts writes it,
 * restore-moment.ts rebuilds it as a share link's world is rebuilt). This much is in the page's
 * start-up: when to write, and the cheap cases (the lab as it opened, a live server) that keep
 * nothing; the code that serialises and redacts loads with the first moment worth keeping.
 */
export const MOMENT_KEY = 'mcp-lab:lab-moment';
export const momentKey = (lab: string) => `${MOMENT_KEY}:${lab}`;

/**
 * What the page's address opened: a `step=<n>` and a share link (the code), '' for neither. A
 * moment is kept with its fingerprint (kept-moment.ts): an address that opens something wins
 * over a moment made elsewhere, but its own reload comes back to its moment (a resume link's
 * `step=3`).
 */
export function openingOf(step: number, code: string | null): string {
	return step > 0 || code !== null ? `${step} ${code ?? ''}` : '';
}

/**
 * Written at most this often while the world keeps changing (a long run plays, a presenter's
 * cue list runs): each write serialises the whole log. Hiding or leaving the page writes at once.
 */
export const MOMENT_WRITE_GAP_MS = 2000;

type Idle = { cancel(): void };
/** `run` when the page is idle, not before `delayMs` from now. */
function later(delayMs: number, run: () => void): Idle {
	if (delayMs <= 0) return whenIdle(run);
	let idle: Idle | null = null;
	const timer = setTimeout(() => (idle = whenIdle(run)), delayMs);
	return {
		cancel: () => {
			clearTimeout(timer);
			idle?.cancel();
		}
	};
}
function whenIdle(run: () => void): Idle {
	if (typeof requestIdleCallback === 'function') {
		const id = requestIdleCallback(run, { timeout: 1000 });
		return { cancel: () => cancelIdleCallback(id) };
	}
	const id = setTimeout(run, 200);
	return { cancel: () => clearTimeout(id) };
}

/**
 * Writes the lab page's moment after the world changes: coalesced into one write when the page
 * is idle (a command's dozens of changes are one), and at once when the page is hidden or the
 * lab left. Armed once the page's own opening is done, so the opening does not overwrite the
 * moment it is restoring.
 */
export class MomentKeeper {
	#armed = false;
	#opening = '';
	#scheduled: Idle | null = null;
	#module: typeof import('./kept-moment') | null = null;
	/** Counts writes: a write waiting for its code is dropped once a later one was made. */
	#writes = 0;
	/** When the last write was made (the page's clock), for MOMENT_WRITE_GAP_MS. */
	#wroteAt = -Infinity;

	constructor(
		private readonly session: LabSession,
		private readonly lab: Lab,
		private readonly storage: () => TabStorage | null = tabStorage,
		/** A presenting window keeps its cue instead (presenter-place.ts): the address says so. */
		private readonly presenting = () => new URL(location.href).searchParams.get('present') === '1',
		private readonly now: () => number = () => performance.now()
	) {}

	/** The moment this tab kept of the lab, as stored; null when none (or storage is refused). */
	kept(): string | null {
		try {
			return this.storage()?.getItem(momentKey(this.lab.id)) ?? null;
		} catch {
			return null;
		}
	}

	arm(opening: string): void {
		this.#armed = true;
		this.#opening = opening;
		this.changed();
	}

	/** A link pasted over the page's own: its reload opens that link. */
	reopened(opening: string): void {
		this.#opening = opening;
	}

	/**
	 * Nothing more is scheduled or flushed (the lab is left, or reloaded for a fresh start). A
	 * write already made goes on: leaving flushes first, and its write may wait for its code.
	 */
	disarm(): void {
		this.#armed = false;
		this.#scheduled?.cancel();
		this.#scheduled = null;
	}

	/** The world, the step or an answer changed: written when the page is next idle. */
	changed(): void {
		if (!this.#armed || this.#scheduled) return;
		const wait = this.#wroteAt + MOMENT_WRITE_GAP_MS - this.now();
		this.#scheduled = later(wait, () => void this.flush());
	}

	/**
	 * Writes now (the page is being hidden or left): at once once the writing code has loaded
	 * (the first moment worth keeping loads it). Resolves when written.
	 */
	flush(): Promise<void> {
		this.#scheduled?.cancel();
		this.#scheduled = null;
		if (!this.#armed) return Promise.resolve();
		this.#wroteAt = this.now();
		const write = ++this.#writes;
		const moment = this.#moment();
		if (!moment) return Promise.resolve(this.forget());
		if (this.#module)
			return Promise.resolve(this.#module.keepMoment(this.storage(), this.lab, moment));
		return import('./kept-moment').then((module) => {
			this.#module = module;
			if (write === this.#writes) module.keepMoment(this.storage(), this.lab, moment);
		});
	}

	/** Forgets the lab's moment, and drops a write still waiting for its code. */
	forget(): void {
		this.#writes++;
		try {
			this.storage()?.removeItem(momentKey(this.lab.id));
		} catch {
			// Refused storage: nothing was kept either.
		}
	}

	/**
	 * Where the learner is now; null when nothing is worth keeping or nothing may be: the lab as
	 * it opens (step 1, nothing answered, only the session's start done), a world with a live
	 * server (it cannot be replayed, and its URL may carry a key), or a presenting window (its
	 * cue is what it keeps: presenter-place.ts).
	 */
	#moment(): Moment | null {
		const { session } = this;
		const state = session.lab;
		if (!state) return null;
		const scenario = session.world.world.scenario;
		if (hasLiveServers(scenario)) return null;
		if (this.presenting()) return null;
		const tape = session.timeline?.tape ?? session.world.world.actions;
		const at = session.timeline?.at ?? tape.length;
		const steps = state.progress.steps;
		// (The first step's checks that the session's start meets are met on every opening.)
		const untouched =
			state.step === 0 &&
			steps.every((s, i) => s.prediction === null && (i === 0 || !s.met.some(Boolean))) &&
			session.scenario === this.lab.scenario &&
			at === tape.length &&
			tape.every((entry) => entry.action.do === 'startSession');
		if (untouched) return null;
		return {
			opening: this.#opening,
			labStep: state.step,
			scenario,
			actions: tape,
			at,
			complete: session.world.world.actionsComplete,
			steps: steps.map(({ met, prediction }) => ({ met, prediction }))
		};
	}
}
