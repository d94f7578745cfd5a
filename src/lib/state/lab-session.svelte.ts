import type { Lab, Scenario, World } from '$lib/core';
import type { UnusedKey, UnusedNote } from '$lib/core/scenario/unused-keys';
import { Announcer } from './announcer.svelte';
import {
	formHolds,
	type KeptAdds,
	type KeptChanges,
	type KeptServer,
	type KeptTool
} from './form-kept';
import { shareParam } from './share-param';
import { LabState } from './lab-state.svelte';
import type { Timeline } from './timeline.svelte';
import { WorldState } from './world-state.svelte';

/**
 * Everything one lab page (or embed frame) runs: the world, the learner's progress through the
 * lab's steps and the live-region announcer. The session starts on open, as a harness CLI
 * does at launch.
 */
/** The world editor's text, what it was written against, and the text last applied from it. */
export interface EditorDraft {
	text: string;
	against: string;
	/** The person's text as it was applied (the world holds it normalised). */
	applied?: string;
}

/**
 * A valid world's keys that change nothing in it (unused-keys.ts), when it has any: `unused` for
 * the world editor (which says them in the page's language), `notes` in English for the embed.
 */
export type SetScenario =
	{ ok: true; unused?: UnusedKey[]; notes?: UnusedNote[] } | { ok: false; error: string };

export type OpenedShort =
	| { kind: 'failed'; at: number; step: number; error: string }
	| { kind: 'live'; at: number; servers: string[] };

export class LabSession implements KeptChanges {
	readonly world: WorldState;
	readonly announcer = new Announcer();
	/** False for a lab that begins before start-up (its `startSession`). */
	readonly startsOnOpen: boolean;
	lab = $state.raw<LabState | null>(null);
	/**
	 * The world's event log as a tape to travel along, share, export and import; loaded on
	 * demand (the panel, a share link, the embed's `step`), null until then.
	 */
	timeline = $state.raw<Timeline | null>(null);
	#timelineLoading: Promise<Timeline> | null = null;
	/**
	 * The world editor's text while the person edits, and the running scenario (as text) it was
	 * written against (WorldEditor.svelte): here, so closing the editor does not lose it.
	 */
	editorDraft = $state.raw<EditorDraft | null>(null);
	/** The world editor form's open Change fields (form-kept.ts), kept here for the same reason. */
	keptTool = $state.raw<KeptTool | null>(null);
	keptServer = $state.raw<KeptServer | null>(null);
	keptAdds = $state.raw<KeptAdds>({});
	/**
	 * What opening at a step (`step=<n>`) could not do, shown above the lab as it is said
	 * (open-at-step.ts): a step whose solution failed, or live servers the earlier steps needed
	 * and could not reach. Null when the world is as the step's text describes it.
	 */
	openedShort = $state.raw<OpenedShort | null>(null);
	/** A new world from the editor, a host page or the page's own live-server controls. */
	scenarioChanged: (scenario: Scenario) => void = () => {};

	/** Whether the editor holds text that leaving the page would lose (DraftGuard.svelte). */
	get unappliedEdits(): boolean {
		if (formHolds(this)) return true;
		const draft = this.editorDraft;
		return !!draft && draft.text !== (draft.applied ?? JSON.stringify(this.scenario, null, 2));
	}
	/** The running world's scenario (reactive: an editor follows replacements made elsewhere). */
	#scenario = $state.raw<Scenario>() as Scenario;
	#initial: Scenario;

	/**
	 * `initial` overrides the lab's own world (the sandbox starts from a template); `onStepDone`
	 * records completed steps, and only the full lab page passes it.
	 */
	constructor(
		readonly labId: string,
		definition: Lab | null,
		step = 0,
		initial?: Scenario,
		{ onStepDone }: { onStepDone?: (step: number) => void } = {}
	) {
		this.#initial = initial ?? definition?.scenario ?? emptyScenario();
		this.#scenario = this.#initial;
		this.startsOnOpen = definition?.startSession ?? true;
		this.world = new WorldState(this.#scenario);
		this.lab = definition ? new LabState(definition, this.world, step, onStepDone) : null;
		this.world.announce = (text, options) => this.announcer.say(text, options);
		// A live server added from the page is an edited world, as setScenario makes one.
		this.world.onReplaced = (scenario) => {
			this.#scenario = scenario;
			this.lab?.worldReplaced();
			this.scenarioChanged(scenario);
		};
	}

	get scenario(): Scenario {
		return this.#scenario;
	}

	get step(): number {
		return this.lab?.step ?? 0;
	}

	/**
	 * The page's own start-up has run (a session start, or a shared world rebuilt): from then on
	 * the page is settled whenever no command runs, with a session or without one (a learner may
	 * close it, or travel back to before it started).
	 */
	begun = $state(false);

	start(): Promise<void> {
		return this.world.run((w) => w.startSession()).finally(() => (this.begun = true));
	}

	/** The page's own start-up: the session, unless the lab begins before it (`startSession`). */
	begin(): Promise<void> {
		return this.startsOnOpen ? this.start() : Promise.resolve();
	}

	/**
	 * Opens on `scenario` instead of the lab's own world, before the page starts (live-addresses.ts:
	 * the learner's own address for a live server); Reset the lab comes back to it too.
	 */
	openOn(scenario: Scenario): void {
		this.resetsTo(scenario);
		this.#scenario = scenario;
		this.world.replace(scenario);
	}

	/** The world Reset the lab comes back to from now on (the lab's, at the learner's addresses). */
	resetsTo(scenario: Scenario): void {
		this.#initial = scenario;
	}

	/** Back to the lab's initial world, session started again. */
	async reset(): Promise<void> {
		this.#scenario = this.#initial;
		this.world.replace(this.#scenario);
		this.lab?.restart();
		await this.begin();
	}

	/**
	 * Replaces the world with a new scenario and runs its startup. An invalid or unsupported
	 * scenario changes nothing and says why, naming the path of the first problem.
	 */
	setScenario(input: unknown): Promise<SetScenario> {
		// Busy from the call, as when the scenario was parsed at once: its checker now loads on
		// demand, and meanwhile the old world must not read as settled (nor its buttons as free).
		return this.world.busy(this.#setScenario(input));
	}

	async #setScenario(input: unknown): Promise<SetScenario> {
		const { checkedScenario, unusedNotes } = await import('./checked-scenario');
		const checked = checkedScenario(input);
		if (!checked.ok) return checked;
		this.#scenario = checked.scenario;
		this.world.replace(checked.scenario);
		this.scenarioChanged(checked.scenario);
		// The learner keeps their place in the lab: some goals ask for an edited world.
		this.lab?.worldReplaced();
		await this.start();
		const { unused } = checked;
		return unused.length ? { ok: true, unused, notes: unusedNotes(unused) } : { ok: true };
	}

	/**
	 * The same world under another harness profile (the embed's `setProfile`, the world editor's
	 * harness choice): its scenario with the profile replaced, start-up run again. An id this
	 * build does not run changes nothing and says why, as `setScenario` does for a bad world.
	 */
	setProfile(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
		return this.world.busy(this.#setProfile(id));
	}

	async #setProfile(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
		// Loaded when asked: every page's start-up would otherwise carry it.
		const { profileChoice } = await import('$lib/core/embed/profile-choice');
		const choice = profileChoice(id);
		if ('error' in choice) return { ok: false, error: choice.error };
		return this.#setScenario({ ...this.#scenario, profile: choice.profile });
	}

	loadTimeline(): Promise<Timeline> {
		return (this.#timelineLoading ??= import('./timeline.svelte').then(
			(module) => (this.timeline = new module.Timeline(this))
		));
	}

	/**
	 * The page's start: from a share link when there is one (time travel loads then; the link
	 * holds its own step), else as usual, then at lab step `step` (a `step=<n>` link) with the
	 * world as the earlier steps leave it. The page reads as busy until all of it is done.
	 */
	startFrom(code: string | null, step = 0): Promise<void> {
		if (code !== null)
			return this.loadTimeline()
				.then((t) => t.startFrom(code))
				.finally(() => (this.begun = true));
		if (step <= 0) return this.begin();
		return this.world.busy(
			this.begin()
				.then(() => import('./open-at-step'))
				.then(({ openAtStep }) => openAtStep(this, step))
		);
	}

	/** A link pasted over the page's own (only the hash changed). */
	followHash(hash: string): void {
		if (shareParam(hash) !== null) void this.loadTimeline().then((t) => t.openHash(hash));
	}

	/**
	 * A world rebuilt from a log (time travel, a shared link, an imported log) takes over, the
	 * way an edited scenario does; the lab's goals are not met by what it already shows.
	 */
	adopt(world: World): void {
		this.#scenario = world.scenario;
		this.world.adopt(world);
		this.lab?.timeTravelled();
	}

	dispose(): void {
		this.timeline?.dispose();
		this.world.dispose();
	}
}

/**
 * What parseScenario makes of `{ mcp_servers: {} }`, written out: the parser is not in a page's
 * start-up (lab-session-scenario.svelte.test.ts holds the two equal).
 */
export function emptyScenario(): Scenario {
	return { profile: 'openharness', mcp_servers: {} };
}
