import { getContext, setContext } from 'svelte';

/**
 * What the full lab page offers once its last step is done: the next lab, or the sandbox after
 * the last one. Embeds set none, so an embedded lab shows no links out of its frame.
 */
export interface WhatNext {
	/** The next lab in the home page's order; null after the last lab. */
	readonly next: { id: string; titles: Record<string, string> } | null;
	/** Finished in this visit or an earlier one (from the stored progress). */
	readonly finished: boolean;
}

const WHAT_NEXT = Symbol('what-next');

export function setWhatNext(value: WhatNext): WhatNext {
	return setContext(WHAT_NEXT, value);
}

export function getWhatNext(): WhatNext | undefined {
	return getContext<WhatNext | undefined>(WHAT_NEXT);
}
