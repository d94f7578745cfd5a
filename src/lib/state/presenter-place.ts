import type { Cue } from '$lib/core/presenter/cues';
import { tabStorage } from './tab-storage';

/**
 * Where a tab's presentation of a lab stands, kept so that a reload of the lab window comes back
 * to the same cue. Per tab (sessionStorage), as the window id is (presenter-link.ts): a reload
 * keeps it, a new tab starts at the first cue. Only the lab's own cue list has a place worth
 * keeping: an instructor's own list (recorded or loaded) is not kept at all, as its cues hold what
 * was typed into calls; that it was in use is kept, so the page can say it is gone. Nothing else
 * is: no argument, no answer, no token.
 */
export const CUE_PLACE_KEY = 'mcp-lab.presenter-cue.v1';

/** Cues played of the lab's list, and the last one's id (a changed list is not trusted). */
export type CuePlace = { at: number; id: string } | { own: true };

const MAX_ID = 200;

/** The place this tab kept for `lab`, if a readable one. */
export function keptPlace(lab: string, storage = tabStorage): CuePlace | null {
	try {
		const raw = storage()?.getItem(`${CUE_PLACE_KEY}:${lab}`);
		return raw ? placeOf(JSON.parse(raw)) : null;
	} catch {
		// Refused storage or a hand-edited value: no place.
		return null;
	}
}

/** Keeps `place` for `lab` in this tab (null: at the start, nothing to keep). */
export function keepPlace(lab: string, place: CuePlace | null, storage = tabStorage): void {
	try {
		const key = `${CUE_PLACE_KEY}:${lab}`;
		if (place) storage()?.setItem(key, JSON.stringify(place));
		else storage()?.removeItem(key);
	} catch {
		// Quota or refused storage: a reload starts at the first cue, as before.
	}
}

/** Where the presentation of `cues` (the lab's list, or the person's own) stands. */
export function placeNow(cues: readonly Cue[], at: number, own: boolean): CuePlace | null {
	if (own) return { own: true };
	const id = cues[at - 1]?.id;
	return at > 0 && id !== undefined ? { at, id } : null;
}

/** How many of `cues` to play again for `place`: 0 when the list no longer has that cue there. */
export function cuesToReplay(place: CuePlace | null, cues: readonly Cue[]): number {
	if (!place || 'own' in place) return 0;
	return cues[place.at - 1]?.id === place.id ? place.at : 0;
}

function placeOf(value: unknown): CuePlace | null {
	if (typeof value !== 'object' || value === null) return null;
	const record = value as Record<string, unknown>;
	if (record.own === true) return { own: true };
	const { at, id } = record;
	return Number.isInteger(at) && (at as number) > 0 && typeof id === 'string' && id.length <= MAX_ID
		? { at: at as number, id }
		: null;
}
