/** The key the choice is stored under: a preference, nothing about the learner. */
export const SHORTCUTS_KEY = 'mcp-lab.shortcuts.v1';

/**
 * Whether single-character shortcuts act (WCAG 2.1.4 asks for a way to turn them off),
 * remembered in localStorage. Storage may be missing or refused: the choice then holds for
 * this page only.
 */
export class ShortcutPrefs {
	singleKeys = $state(true);

	constructor(private readonly storage: () => Storage | null = browserStorage) {}

	/** Reads storage; call from the browser only (onMount). */
	load(): void {
		try {
			this.singleKeys = this.storage()?.getItem(SHORTCUTS_KEY) !== 'off';
		} catch {
			// Refused storage: keep the default.
		}
	}

	setSingleKeys(on: boolean): void {
		this.singleKeys = on;
		try {
			const storage = this.storage();
			if (on) storage?.removeItem(SHORTCUTS_KEY);
			else storage?.setItem(SHORTCUTS_KEY, 'off');
		} catch {
			// Quota or refused storage: the choice holds in memory.
		}
	}
}

function browserStorage(): Storage | null {
	return typeof window === 'undefined' ? null : window.localStorage;
}
