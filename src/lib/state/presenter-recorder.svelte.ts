import { recordCues, type Recording } from '$lib/core/presenter/cues';
import type { LoggedAction } from '$lib/core/world/actions';
import type { World } from '$lib/core/world/world';

/**
 * Records an instructor's actions as cues: everything the world logs from the start of the
 * recording, across replaced worlds (a reset, time travel), where only what is logged after
 * the swap counts — a rebuilt or restarted world's own history was not done now.
 */
export class CueRecorder {
	recording = $state(false);
	/** Actions taken so far. */
	count = $state(0);

	#world: World | null = null;
	/** How much of the world's log was taken already. */
	#from = 0;
	#entries: LoggedAction[] = [];
	/** The world was never replaced meanwhile, so its log positions still mean something. */
	#oneWorld = true;

	start(world: World): void {
		this.#world = world;
		this.#from = world.actions.length;
		this.#entries = [];
		this.#oneWorld = true;
		this.recording = true;
		this.count = 0;
	}

	/** Takes the new actions from the log; `now` is the page's world (maybe a new one). */
	collect(now: World): void {
		const world = this.#world;
		if (!world) return;
		this.#entries.push(...world.actions.slice(this.#from));
		this.#from = world.actions.length;
		if (now !== world) {
			this.#world = now;
			this.#from = now.actions.length;
			this.#oneWorld = false;
		}
		this.count = this.#entries.length;
	}

	/** The cues recorded; their log positions only when the world was never replaced. */
	stop(now: World): Recording | null {
		if (!this.#world) return null;
		this.collect(now);
		this.#world = null;
		this.recording = false;
		const recording = recordCues(this.#entries);
		return this.#oneWorld ? recording : { ...recording, marks: [] };
	}
}
