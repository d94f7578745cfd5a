import type { Lab, Scenario } from '$lib/core';
import { hasLiveServers } from '$lib/core/live/live-servers';
import { REDACTED, redactActions, redactScenario } from '$lib/core/share/redact';
import { larger } from '$lib/core/text/larger';
import type { LoggedAction } from '$lib/core/world/actions';
import { momentKey } from './moment-keeper';
import type { TabStorage } from './tab-storage';

/**
 * The record a tab keeps of where the learner is in a lab (moment-keeper.ts says when): what a
 * share link carries (the world's scenario, its action log, how far into it time travel stands,
 * the lab step), and each step's ticks and answer. Never a secret: header and env values and
 * what was typed into secret-named fields are replaced as a share link replaces them; the lab's
 * own world is not written at all, only that it was the lab's (the lab brings it back exactly,
 * its header values too, which are the lab's and no secret). Read back, it is checked as a
 * share link is (restore-moment.ts).
 */
export const MOMENT_FORMAT = 1;
/** A moment larger than this is not kept: the tab's storage is small and shared with the site. */
export const MOMENT_MAX_CHARS = 1_000_000;

export interface Moment {
	/** What the page's address opened (moment-keeper.ts openingOf). */
	opening: string;
	labStep: number;
	scenario: Scenario;
	actions: readonly LoggedAction[];
	at: number;
	/** False once the world's log stopped recording: such a world cannot be rebuilt. */
	complete: boolean;
	steps: readonly { met: readonly boolean[]; prediction: string | null }[];
}

/** What kept-moment records hold, as written. */
interface Kept {
	v: number;
	opening: string;
	lab: string;
	/** The lab's own world's fingerprint: another version of the lab does not take this moment. */
	world: string;
	/** Null: the lab's own world, as the lab defines it. */
	scenario: unknown;
	actions: unknown;
	at: unknown;
	labStep: unknown;
	steps: unknown;
}

/** A short fingerprint of a text (FNV-1a and the length): a record says what it was made under, not what it held. */
export function fingerprint(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/**
 * Whether a stored record may open on a page whose address opens `opening` (moment-keeper.ts
 * openingOf): an address that opens nothing of its own takes any, one that does only its own.
 */
export function madeUnder(raw: string, opening: string): boolean {
	if (opening === '') return true;
	// Written first in the record: read without parsing what may be a megabyte.
	const made = /^\{"v":\d+,"opening":"([0-9a-z.]*)"/.exec(raw)?.[1];
	return made === fingerprint(opening);
}

const labWorld = (lab: Lab) => fingerprint(JSON.stringify(lab.scenario));

/** Keeps `moment` of `lab` in the tab's storage, or forgets the lab's when it cannot be kept. */
export function keepMoment(store: TabStorage | null, lab: Lab, moment: Moment): void {
	if (!store) return;
	const key = momentKey(lab.id);
	try {
		if (!moment.complete || hasLiveServers(moment.scenario)) return store.removeItem(key);
		// Measured (cheaply, only up to the bound) before anything is serialised.
		if (larger(moment.actions, MOMENT_MAX_CHARS)) return store.removeItem(key);
		const own =
			moment.scenario === lab.scenario ||
			(!larger(moment.scenario, MOMENT_MAX_CHARS) &&
				JSON.stringify(moment.scenario) === JSON.stringify(lab.scenario));
		if (!own && larger(moment.scenario, MOMENT_MAX_CHARS)) return store.removeItem(key);
		const kept: Kept = {
			v: MOMENT_FORMAT,
			// First: read without parsing the record (madeUnder).
			opening: fingerprint(moment.opening),
			lab: lab.id,
			world: labWorld(lab),
			scenario: own ? null : redactScenario(moment.scenario),
			actions: redactActions(moment.actions),
			at: moment.at,
			labStep: moment.labStep,
			steps: lab.steps.map((step, i) => ({
				id: step.id,
				met: moment.steps[i]?.met ?? [],
				prediction: moment.steps[i]?.prediction ?? null
			}))
		};
		const text = JSON.stringify(kept);
		if (text.length > MOMENT_MAX_CHARS) store.removeItem(key);
		else store.setItem(key, text);
	} catch {
		// Storage full or refused: an older moment must not come back in its place.
		try {
			store.removeItem(key);
		} catch {
			// Refused altogether: nothing can be read back either.
		}
	}
}

export type ReadMoment =
	| {
			ok: true;
			/** As a share link's JSON holds it, for checkShared (share-link.ts). */
			shared: {
				v: number;
				lab: string;
				labStep: number;
				scenario: unknown;
				actions: unknown;
				at: unknown;
			};
			/** The lab's own world: rebuilt on the lab's scenario itself. */
			own: boolean;
			/** Header or env values read `<redacted>` in the world brought back. */
			redacted: boolean;
			steps: { met: boolean[]; prediction: string | null }[];
	  }
	| { ok: false };

/**
 * A stored record read back for `lab`: its format, its lab and that lab's version (the world
 * and the steps as they were), each step's ticks and answer. The world itself is checked
 * afterwards as a share link's is. `shareFormat`: the share link's format number, passed in.
 */
export function readMoment(raw: string, lab: Lab, shareFormat: number): ReadMoment {
	let kept: Partial<Kept>;
	try {
		kept = JSON.parse(raw) as Partial<Kept>;
	} catch {
		return { ok: false };
	}
	if (typeof kept !== 'object' || kept === null) return { ok: false };
	if (kept.v !== MOMENT_FORMAT || kept.lab !== lab.id || kept.world !== labWorld(lab))
		return { ok: false };
	const steps = readSteps(kept.steps, lab);
	const { labStep } = kept;
	if (
		!steps ||
		!Number.isInteger(labStep) ||
		(labStep as number) < 0 ||
		(labStep as number) >= lab.steps.length
	)
		return { ok: false };
	const own = kept.scenario === null;
	return {
		ok: true,
		shared: {
			v: shareFormat,
			lab: lab.id,
			labStep: labStep as number,
			scenario: own ? lab.scenario : kept.scenario,
			actions: kept.actions,
			at: kept.at
		},
		own,
		redacted: !own && JSON.stringify(kept.scenario).includes(JSON.stringify(REDACTED)),
		steps
	};
}

/** Each step's ticks and answer, when they fit the lab's steps as they are now. */
function readSteps(
	value: unknown,
	lab: Lab
): { met: boolean[]; prediction: string | null }[] | null {
	if (!Array.isArray(value) || value.length !== lab.steps.length) return null;
	const steps = [];
	for (const [i, step] of lab.steps.entries()) {
		const kept = value[i] as { id?: unknown; met?: unknown; prediction?: unknown } | null;
		if (typeof kept !== 'object' || kept === null || kept.id !== step.id) return null;
		const { met, prediction } = kept;
		if (
			!Array.isArray(met) ||
			met.length !== step.checks.length ||
			!met.every((m) => typeof m === 'boolean')
		)
			return null;
		// An answer is one of the step's options, nothing else (a record is only as good as storage).
		if (
			prediction !== null &&
			!(typeof prediction === 'string' && step.predict?.options.includes(prediction))
		)
			return null;
		steps.push({ met: met as boolean[], prediction: prediction as string | null });
	}
	return steps;
}
