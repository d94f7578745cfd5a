/** The key the choice is stored under: a preference, nothing about the learner. */
export const SHORTCUTS_KEY = 'mcp-lab.shortcuts.v1';
/** Whether a played cue brings the panel it acts on into view (see `follow`). */
export const FOLLOW_KEY = 'mcp-lab.presenter-follow.v1';

/**
 * The presenter's choices, remembered in localStorage: whether single-character shortcuts act
 * (WCAG 2.1.4 asks for a way to turn them off), and whether the page follows each cue to the
 * panel it acts on. Storage may be missing or refused: a choice then holds for this page only.
 */
export class ShortcutPrefs {
	singleKeys = $state(true);
	/**
	 * Projected at a large zoom, the cue list fills the screen and the panels a cue acts on are
	 * far below it: each action a cue plays scrolls its panel into view. An instructor who would
	 * rather scroll by hand (pointing at one part of the page) turns it off.
	 */
	follow = $state(true);

	constructor(private readonly storage: () => Storage | null = browserStorage) {}

	/** Reads storage; call from the browser only (onMount). */
	load(): void {
		try {
			this.singleKeys = this.storage()?.getItem(SHORTCUTS_KEY) !== 'off';
			this.follow = this.storage()?.getItem(FOLLOW_KEY) !== 'off';
		} catch {
			// Refused storage: keep the defaults.
		}
	}

	setSingleKeys(on: boolean): void {
		this.singleKeys = on;
		this.#store(SHORTCUTS_KEY, on);
	}

	setFollow(on: boolean): void {
		this.follow = on;
		this.#store(FOLLOW_KEY, on);
	}

	/** Only "off" is stored: on is the default. */
	#store(key: string, on: boolean): void {
		try {
			const storage = this.storage();
			if (on) storage?.removeItem(key);
			else storage?.setItem(key, 'off');
		} catch {
			// Quota or refused storage: the choice holds in memory.
		}
	}
}

function browserStorage(): Storage | null {
	return typeof window === 'undefined' ? null : window.localStorage;
}
