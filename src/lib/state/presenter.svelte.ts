// Loaded on demand (presenter mode, a shortcut): straight from its modules, not the core's index.
import { tick } from 'svelte';
import type { PresenterState as Posted } from '$lib/core/presenter/channel';
import { stateMessage } from '$lib/core/presenter/channel-state';
import { cueFileJson, cuesOf, pauseEnd, type Cue } from '$lib/core/presenter/cues';
import { keyPressOf, shortcutFor, type Shortcut } from '$lib/core/presenter/shortcuts';
import type { LabAction } from '$lib/core/labs/lab-schema';
import type { LabSession } from './lab-session.svelte';
import { playLabAction } from './play-lab-action';
import { renewWindowId, storedWindowId } from './presenter-link';
import { cuesToReplay, placeNow, type CuePlace } from './presenter-place';
import { ShortcutPrefs } from './presenter-prefs.svelte';
import { CueRecorder } from './presenter-recorder.svelte';

/** What a move did, for the page to say (components hold the words). */
export type Outcome =
	| { kind: 'cue'; n: number; total: number; id: string }
	| { kind: 'back'; n: number; total: number }
	| { kind: 'start' }
	| { kind: 'end' }
	/** The lab step moved (no cue list); the page announces steps itself. */
	| { kind: 'step' }
	| { kind: 'busy' }
	| { kind: 'reset' }
	/** `r` pressed once: a second press within RESET_CONFIRM_MS resets. */
	| { kind: 'confirmReset' }
	| { kind: 'failed'; n: number; error: string }
	| { kind: 'backFailed'; error: string }
	| { kind: 'recording' }
	| { kind: 'recorded'; count: number; skipped: number }
	| { kind: 'loaded'; count: number }
	| {
			kind: 'invalid';
			path: string;
			message: string;
			/** A problem the page words itself (not JSON; another lab's list, `made` for it). */
			problem?: 'notJson' | 'wrongLab';
			made?: string;
			lab?: string;
	  }
	| { kind: 'labCues' }
	/** After a reload: cues 1..n played again on the fresh world, back at cue n. */
	| { kind: 'resumed'; n: number; total: number }
	/** After a reload: cue n could not be played again; the list stands before it. */
	| { kind: 'resumeFailed'; n: number; error: string }
	/** After a reload: the person's own cue list was in use, and is not kept. */
	| { kind: 'ownLost' }
	/** `masked`: turning it on turned "Mask secrets" on too. */
	| { kind: 'mode'; on: boolean; masked?: boolean };

/** How long a first `r` waits for the second: one stray key must not wipe a prepared demo. */
export const RESET_CONFIRM_MS = 3000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An instructor's presentation of a lab: the cue list and how far it has been played, the
 * recorder, and the help overlay. A cue's actions run on the session's real world through the
 * same code that plays a lab's solution. Going back rebuilds the world as it was before the cue
 * (time travel), which is why the log position before each played cue is kept.
 */
export class PresenterState {
	readonly labCues: Cue[];
	readonly prefs: ShortcutPrefs;
	cues = $state.raw<Cue[]>([]);
	/** How many cues have been played: the current cue is `at - 1`, the next one `at`. */
	at = $state(0);
	/** True from a cue's start to its end, or while playing on to the next pause. */
	playing = $state(false);
	/** Playing on to the next pause (the page offers to stop after the cue in progress). */
	playingOn = $state(false);
	/** The list is the instructor's own (recorded or loaded), not the lab's. */
	own = $state(false);
	readonly recorder = new CueRecorder();
	helpOpen = $state(false);
	/**
	 * Each ask for the help counts: closed, the dialog says `close` a task later, and a `?`
	 * pressed in between found `helpOpen` still true and opened nothing.
	 */
	helpAsked = $state(0);
	/** This lab window's id on the notes channel (kept per tab, so a reload keeps it). */
	windowId = $state('');
	/** The last move's outcome, numbered so the page says each one once. */
	news = $state.raw<{ seq: number; outcome: Outcome } | null>(null);
	/**
	 * The action a cue has just begun to play, numbered (the same action twice is two), so the
	 * page can show where it happens whichever way the cue was asked for: a key, a button on the
	 * page, the notes window.
	 */
	acting = $state.raw<{ seq: number; action: LabAction } | null>(null);
	/** A place kept from before a reload waits for `resume` (the page keeps no other meanwhile). */
	resuming = $state(false);
	#kept: CuePlace | null;

	#marks: number[] = [];
	/** The world's log length when the presentation last looked: a shorter one is a move back. */
	#seenLength = 0;
	/** Bumped by a reset and a new list: a cue or a loop from before stops where it is. */
	#run = 0;
	#stopAfterCue = false;
	/** Moves wait for the one before: a clicker pressed twice plays two cues, in order. */
	#queue: Promise<unknown> = Promise.resolve();
	#seq = 0;

	/** `kept`: where this tab's presentation stood before the page reloaded (presenter-place.ts). */
	constructor(
		private readonly session: LabSession,
		prefs = new ShortcutPrefs(),
		kept: CuePlace | null = null
	) {
		this.labCues = session.lab ? cuesOf(session.lab.lab) : [];
		this.cues = this.labCues;
		this.prefs = prefs;
		prefs.load();
		this.windowId = storedWindowId(session.labId);
		this.#kept = kept;
		this.resuming = kept !== null;
	}

	/** Where the presentation stands, to keep for a reload (null: at the start). */
	get place(): CuePlace | null {
		return placeNow(this.cues, this.at, this.own);
	}

	/**
	 * Back to the place kept from before a reload, once the page's world has started. The world
	 * started afresh, so the cues up to it are played again, at once and unannounced (as opening
	 * at a step plays the steps before it): the room sees the world the cue left, not a new one
	 * under an old cue's words. What was done outside the cue list is not; the page says so.
	 */
	resume(): Promise<Outcome | null> {
		// Asked once: a second ask (the page's effect again) finds the place taken.
		if (this.#kept === null) return Promise.resolve(null);
		const kept = this.#kept;
		this.#kept = null;
		const to = cuesToReplay(kept, this.cues);
		if (!to) {
			this.resuming = false;
			return Promise.resolve('own' in kept ? this.#say({ kind: 'ownLost' }) : null);
		}
		return this.#inTurn(async (run) => {
			const outcome = await this.#replay(to, run);
			// Said once the hush is over: the page says it, then nothing of what was played.
			return outcome.kind === 'busy' ? outcome : this.#say(outcome);
		}).finally(() => (this.resuming = false));
	}

	async #replay(to: number, run: number): Promise<Outcome> {
		const { session } = this;
		const world = session.world;
		const speed = world.speed;
		world.speed = 'instant';
		const release = session.announcer.hush();
		this.playing = true;
		const play = async () => {
			for (let i = 0; i < to && run === this.#run; i++) {
				const cue = this.cues[i];
				this.#toStepOf(cue);
				this.#marks[i] = world.world.actions.length;
				this.#marks.length = i + 1;
				try {
					for (const action of cue.actions) await playLabAction(session, action);
				} catch (error) {
					this.#marks.length = i;
					return { n: i + 1, error: messageOf(error) };
				}
				this.at = i + 1;
			}
			return null;
		};
		try {
			// Nothing played again is the learner's doing (no progress, no goal met by it).
			const failed = session.lab ? await session.lab.quietly(play) : await play();
			session.lab?.timeTravelled();
			this.#seenLength = world.world.actions.length;
			await tick();
			if (run !== this.#run) return { kind: 'busy' };
			return failed
				? { kind: 'resumeFailed', ...failed }
				: { kind: 'resumed', n: to, total: this.cues.length };
		} finally {
			release();
			world.speed = speed;
			this.playing = false;
		}
	}

	/** Another open window holds this one's id (a duplicated tab): this one takes a new id. */
	renewWindowId(): void {
		this.windowId = renewWindowId(this.session.labId);
	}

	/** The shortcut a key press on the page means now, if any. */
	shortcut(event: KeyboardEvent, presenting: boolean): Shortcut | null {
		// The help's keys are the help's only while the key comes from inside it: closed by
		// Escape, the dialog hands focus back at once but says `close` a task later, and a
		// clicker pressed in between was dropped.
		const target = event.target as Element | null;
		const inDialog = !!target?.closest?.('dialog[open]');
		return shortcutFor(keyPressOf(event), {
			singleKeys: this.prefs.singleKeys,
			presenter: presenting,
			dialogOpen: this.helpOpen && inDialog
		});
	}

	get current(): Cue | null {
		return this.cues[this.at - 1] ?? null;
	}

	get next(): Cue | null {
		return this.cues[this.at] ?? null;
	}

	/** A move in progress, or the world being rebuilt or still settling. */
	get busy(): boolean {
		return this.playing || !!this.session.timeline?.busy || this.session.world.pending > 0;
	}

	/** What the notes window is told. */
	get message(): Posted {
		const cues = this.cues.length ? this.cues : null;
		return stateMessage(
			this.session.labId,
			this.windowId,
			this.session.step,
			cues,
			this.at,
			this.busy
		);
	}

	/** A shortcut's move; the help has no outcome to say (the dialog opening is the news). */
	async run(shortcut: Shortcut): Promise<Outcome | null> {
		switch (shortcut) {
			case 'next':
				return this.forward();
			case 'previous':
				return this.back();
			case 'continue':
				return this.cues.length ? this.playToPause() : this.forward();
			case 'reset':
				return this.#resetByKey();
			case 'help':
				this.openHelp();
				return null;
		}
	}

	openHelp(): void {
		this.helpOpen = true;
		this.helpAsked++;
	}

	/** Presenter mode was switched on or off (by the person: it is said). */
	modeChanged(on: boolean, masked = false): void {
		this.#say(masked ? { kind: 'mode', on, masked } : { kind: 'mode', on });
	}

	/**
	 * Follows a move back in time made outside the cue list (the time slider, a step back): the
	 * cues whose actions the world no longer holds are unplayed, so Next plays the one that
	 * follows where the world now is. A cue with nothing to play counts as played where its
	 * mark is. Growth is not read: a cue's own actions and a learner's look alike.
	 */
	sync(): void {
		if (this.playing) return;
		const length = this.session.world.world.actions.length;
		if (length < this.#seenLength) {
			let at = 0;
			while (
				at < this.at &&
				(this.#marks[at] < length || (this.#marks[at] === length && !this.cues[at]?.actions.length))
			)
				at++;
			this.at = at;
			this.#marks.length = at;
		}
		this.#seenLength = length;
	}

	/** Plays the next cue; without a cue list, moves to the next lab step. */
	forward(): Promise<Outcome> {
		if (!this.cues.length) return Promise.resolve(this.#moveStep(1));
		this.sync();
		const asked = this.at;
		return this.#inTurn(async (run) => {
			this.sync();
			if (this.at >= this.cues.length) return this.#say({ kind: 'end' });
			// A press made before a question to the room (a pause cue with nothing to play) was
			// shown stops there: a clicker pressed twice must not skip the question.
			const shown = this.cues[this.at - 1];
			if (this.at > asked && shown?.pause && !shown.actions.length) return { kind: 'busy' };
			this.playing = true;
			try {
				return await this.#play(this.at, run);
			} finally {
				this.playing = false;
			}
		});
	}

	/** Plays cue after cue until one marked as a pause has played (or the list ends). */
	playToPause(): Promise<Outcome> {
		return this.#inTurn((run) => this.#playOn(run));
	}

	async #playOn(run: number): Promise<Outcome> {
		if (this.at >= this.cues.length) return this.#say({ kind: 'end' });
		this.#stopAfterCue = false;
		const end = pauseEnd(this.cues, this.at);
		let outcome: Outcome = { kind: 'end' };
		this.playing = this.playingOn = true;
		try {
			while (this.at < end && run === this.#run && !this.#stopAfterCue) {
				outcome = await this.#play(this.at, run);
				if (outcome.kind !== 'cue') break;
			}
		} finally {
			this.playing = this.playingOn = false;
		}
		return outcome;
	}

	/** Playing on stops once the cue in progress has played. */
	stop(): void {
		this.#stopAfterCue = true;
	}

	/** Back to the world as it was before the current cue; without cues, the previous step. */
	back(): Promise<Outcome> {
		if (!this.cues.length) return Promise.resolve(this.#moveStep(-1));
		return this.#inTurn(() => this.#gathered(() => this.#back()));
	}

	/**
	 * What a move says is said as one message: the time line's new position and the move's own
	 * sentence, said apart, replaced each other within milliseconds (a screen reader may read only
	 * the second). Released a task later: the page says the outcome from an effect, which runs
	 * once this has returned.
	 */
	async #gathered(move: () => Promise<Outcome>): Promise<Outcome> {
		const release = this.session.announcer.gather();
		try {
			return await move();
		} finally {
			setTimeout(release, 0);
		}
	}

	async #back(): Promise<Outcome> {
		// A command of the learner's still settling would be cut short by swapping its world.
		if (this.session.world.pending > 0) return { kind: 'busy' };
		this.sync();
		if (this.at === 0) return this.#say({ kind: 'start' });
		const to = this.at - 1;
		const mark = this.#marks[to];
		// A replaced world (an edited scenario) has another log: the position means nothing there.
		if (mark !== undefined && mark <= this.session.world.world.actions.length) {
			this.playing = true;
			try {
				const timeline = await this.session.loadTimeline();
				timeline.pause();
				const moved = await timeline.goTo(mark);
				if (!moved.ok) return this.#say({ kind: 'backFailed', error: moved.error });
			} finally {
				this.playing = false;
			}
		}
		this.at = to;
		this.#marks.length = to;
		this.#seenLength = this.session.world.world.actions.length;
		const step = this.#stepOf(to);
		if (step !== null) this.session.lab?.goTo(step);
		return this.#say({ kind: 'back', n: to + 1, total: this.cues.length });
	}

	#resetArmedUntil = 0;

	/** The reset shortcut: the first press asks for a second, which resets. */
	#resetByKey(): Promise<Outcome> | Outcome {
		if (Date.now() < this.#resetArmedUntil) {
			this.#resetArmedUntil = 0;
			return this.reset();
		}
		this.#resetArmedUntil = Date.now() + RESET_CONFIRM_MS;
		return this.#say({ kind: 'confirmReset' });
	}

	/** The lab's starting world, and the cue list from its first cue. */
	async reset(): Promise<Outcome> {
		this.#run++;
		this.collect();
		// The restarted world's history is not news: the page says the reset in one sentence.
		const release = this.session.announcer.hush();
		try {
			await this.session.reset();
			await tick();
		} finally {
			release();
		}
		// The recorder moves to the new world; its start-up is not something the instructor did.
		this.collect();
		this.at = 0;
		this.#marks = [];
		this.#seenLength = this.session.world.world.actions.length;
		return this.#say({ kind: 'reset' });
	}

	startRecording(): Outcome {
		this.recorder.start(this.session.world.world);
		return this.#say({ kind: 'recording' });
	}

	/** Takes the instructor's new actions from the world's log (called on every world change). */
	collect(): void {
		this.recorder.collect(this.session.world.world);
	}

	stopRecording(): Outcome {
		const recording = this.recorder.stop(this.session.world.world);
		if (!recording) return { kind: 'busy' };
		if (recording.cues.length) {
			// Everything recorded has happened: the list stands at its end, ready to step back.
			this.#use(recording.cues, true, recording.cues.length);
			this.#marks = recording.marks;
		}
		return this.#say({
			kind: 'recorded',
			count: recording.cues.length,
			skipped: recording.skipped
		});
	}

	/** The cue list as a file (`loadFile` takes it back). */
	fileJson(): string {
		return cueFileJson(this.session.labId, this.cues);
	}

	/** `chinese`: the validator's words for its own messages in Chinese (zod has them). */
	async loadFile(text: string, chinese = false): Promise<Outcome> {
		const lab = this.session.lab?.lab;
		if (!lab) return this.#say({ kind: 'invalid', path: '', message: 'No lab is open.' });
		// The lab's schema checks the file; it loads only now (see cues.ts).
		const { parseCueFile, chineseErrors } = await import('$lib/core/presenter/cue-file');
		const parsed = parseCueFile(text, lab, chinese ? { error: chineseErrors() } : {});
		if (!parsed.ok)
			return this.#say({
				kind: 'invalid',
				path: parsed.path,
				message: parsed.message,
				...(parsed.kind ? { problem: parsed.kind } : {}),
				...(parsed.made !== undefined ? { made: parsed.made, lab: lab.id } : {})
			});
		this.#use(parsed.cues, true, 0);
		return this.#say({ kind: 'loaded', count: parsed.cues.length });
	}

	useLabCues(): Outcome {
		this.#use(this.labCues, false, 0);
		return this.#say({ kind: 'labCues' });
	}

	/**
	 * Runs a move after the moves asked for before it. One asked for before a reset or a new
	 * list is dropped; so is one while the page's own time travel rebuilds the world.
	 */
	#inTurn(move: (run: number) => Promise<Outcome>): Promise<Outcome> {
		const run = this.#run;
		const turn = this.#queue.then((): Promise<Outcome> | Outcome =>
			run !== this.#run || this.session.timeline?.busy ? { kind: 'busy' } : move(run)
		);
		this.#queue = turn.catch(() => {});
		return turn;
	}

	#use(cues: Cue[], own: boolean, at: number): void {
		this.#run++;
		this.cues = cues;
		this.own = own;
		this.at = at;
		this.#marks = [];
		this.#seenLength = this.session.world.world.actions.length;
	}

	/** The cue's events and its outcome are said as one message (see `#gathered`). */
	#play(index: number, run: number): Promise<Outcome> {
		return this.#gathered(() => this.#playGathered(index, run));
	}

	/** The narration moves to the step a cue names, if it names one the lab has. */
	#toStepOf(cue: Cue): void {
		const lab = this.session.lab;
		const step =
			cue.step === undefined ? -1 : (lab?.lab.steps.findIndex((s) => s.id === cue.step) ?? -1);
		if (lab && step >= 0 && step !== lab.step) lab.goTo(step);
	}

	async #playGathered(index: number, run: number): Promise<Outcome> {
		const cue = this.cues[index];
		this.#toStepOf(cue);
		this.#marks[index] = this.session.world.world.actions.length;
		this.#marks.length = index + 1;
		// Played from its start: the narration shows while its actions run.
		this.at = index + 1;
		try {
			for (const action of cue.actions) {
				if (run !== this.#run) return { kind: 'busy' };
				this.acting = { seq: (this.acting?.seq ?? 0) + 1, action };
				await playLabAction(this.session, action);
			}
		} catch (error) {
			// A reset meanwhile replaced the world under the cue: that is not the cue failing.
			if (run !== this.#run) return { kind: 'busy' };
			return this.#say({ kind: 'failed', n: index + 1, error: messageOf(error) });
		}
		this.#seenLength = this.session.world.world.actions.length;
		return this.#say({ kind: 'cue', n: index + 1, total: this.cues.length, id: cue.id });
	}

	#moveStep(by: 1 | -1): Outcome {
		const lab = this.session.lab;
		if (!lab) return { kind: 'busy' };
		const to = lab.step + by;
		if (to < 0) return this.#say({ kind: 'start' });
		if (to >= lab.lab.steps.length) return this.#say({ kind: 'end' });
		lab.goTo(to);
		return this.#say({ kind: 'step' });
	}

	/** The lab step of the cue standing at `at` (the latest played cue naming one, else the first). */
	#stepOf(at: number): number | null {
		const lab = this.session.lab;
		if (!lab) return null;
		for (let i = Math.max(at - 1, 0); i >= 0; i--) {
			const step = this.cues[i]?.step;
			if (step !== undefined) {
				const index = lab.lab.steps.findIndex((s) => s.id === step);
				if (index >= 0) return index;
			}
		}
		return null;
	}

	#say(outcome: Outcome): Outcome {
		this.news = { seq: ++this.#seq, outcome };
		return outcome;
	}
}
