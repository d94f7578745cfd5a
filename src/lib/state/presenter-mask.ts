import { tabStorage, type TabStorage } from './tab-storage';
/** Where a tab keeps the person's choice to show secrets while presenting (only "shown" is kept). */
export const PRESENTER_MASK_KEY = 'mcp-lab.presenter-mask.v1';

/**
 * "Mask secrets" while presenting: on by default, so an instructor projecting a lab need not
 * remember it. Unticking it while presenting is the person's choice, and presenting respects it
 * from then on, in this tab only (sessionStorage): it survives a reload and the mode going off and
 * on, but a new tab (another day, another instructor at a shared desk) masks again. Only the
 * choice is kept, never anything it hides. Leaving presenter mode changes nothing: the projector
 * is often still on.
 */
export class PresenterMask {
	#presenting = false;
	/** The mask as last seen while presenting (null: not seen yet). */
	#seen: boolean | null = null;
	/** The choice in memory, for a page whose storage refuses it. */
	#shown = false;

	constructor(private readonly storage: () => TabStorage | null = tabStorage) {}

	/** The person chose, while presenting in this tab, to show secrets. */
	get shownByChoice(): boolean {
		try {
			if (this.storage()?.getItem(PRESENTER_MASK_KEY) === 'shown') return true;
		} catch {
			// Refused storage: the choice made on this page, if any.
		}
		return this.#shown;
	}

	/** Presenter mode goes on with the mask as `masked`: whether it is to be on now. */
	start(masked: boolean): boolean {
		this.#presenting = true;
		this.#seen = null;
		return masked || !this.shownByChoice;
	}

	/**
	 * The mask as it is while presenting (called on every change): a change since the last look
	 * is the person's, and kept. The first look after `start` only takes note.
	 */
	see(masked: boolean): void {
		if (!this.#presenting) return;
		if (this.#seen !== null && masked !== this.#seen) this.#keep(masked);
		this.#seen = masked;
	}

	/** Presenter mode went off: what the mask does from now on is nobody's choice about presenting. */
	stop(): void {
		this.#presenting = false;
	}

	#keep(masked: boolean): void {
		this.#shown = !masked;
		try {
			const storage = this.storage();
			if (masked) storage?.removeItem(PRESENTER_MASK_KEY);
			else storage?.setItem(PRESENTER_MASK_KEY, 'shown');
		} catch {
			// Quota or refused storage: the choice holds in memory until the page goes.
		}
	}
}
