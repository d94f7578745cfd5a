/**
 * What the browser remembers of a learner: which steps of which labs are done, and which labs are
 * finished. Nothing else is stored (no world, no predictions, no scenario), so the stored value
 * can be shown, reset and trusted without ever holding anything a learner typed.
 *
 * Storage is shared with every other script on the origin and editable by hand, so reading it
 * never throws and keeps only what fits this shape and these bounds.
 */

export const PROGRESS_KEY = 'mcp-lab.progress.v1';

/** Anything longer was not written by us: refuse it before parsing. */
export const MAX_RAW_CHARS = 32_000;
export const MAX_LABS = 100;
export const MAX_STEPS = 100;

/** The lab id format of the lab schema; it also keeps `__proto__` and friends out. */
const LAB_ID = /^\d\d-[a-z0-9-]{1,60}$/;

export interface LabRecord {
	/** Completed step indexes, sorted, unique. */
	done: number[];
	finished: boolean;
}

export interface StoredProgress {
	v: 1;
	labs: Record<string, LabRecord>;
}

export function emptyProgress(): StoredProgress {
	return { v: 1, labs: {} };
}

/** `knownIds`, when given, drops labs that no longer exist (a renamed or removed lab). */
export function parseStoredProgress(
	raw: string | null,
	knownIds?: readonly string[]
): StoredProgress {
	if (typeof raw !== 'string' || raw.length > MAX_RAW_CHARS) return emptyProgress();
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return emptyProgress();
	}
	if (!isObject(value) || value.v !== 1 || !isObject(value.labs)) return emptyProgress();
	const known = knownIds ? new Set(knownIds) : null;
	const labs: Record<string, LabRecord> = {};
	let count = 0;
	for (const [id, entry] of Object.entries(value.labs)) {
		if (count >= MAX_LABS) break;
		if (!LAB_ID.test(id) || (known && !known.has(id))) continue;
		const record = parseRecord(entry);
		if (!record) continue;
		labs[id] = record;
		count++;
	}
	return { v: 1, labs };
}

function parseRecord(entry: unknown): LabRecord | null {
	if (!isObject(entry) || !Array.isArray(entry.done)) return null;
	const done = normalize(entry.done.slice(0, MAX_STEPS).filter(isStepIndex));
	const finished = entry.finished === true;
	if (!done.length && !finished) return null;
	return { done, finished };
}

/**
 * Records a completed step. The lab is finished once every one of its steps is done, in this
 * visit or earlier ones. Returns the same object when nothing changes, so callers can skip a
 * write; an out-of-range step or an unusable id changes nothing.
 */
export function markStepDone(
	progress: StoredProgress,
	labId: string,
	step: number,
	stepCount: number
): StoredProgress {
	if (!LAB_ID.test(labId) || !isStepIndex(step) || step >= stepCount || stepCount > MAX_STEPS)
		return progress;
	const before = progress.labs[labId];
	if (!before && Object.keys(progress.labs).length >= MAX_LABS) return progress;
	const done = normalize([...(before?.done ?? []), step].filter((i) => i < stepCount));
	const finished = (before?.finished ?? false) || done.length === stepCount;
	if (before && before.finished === finished && sameSteps(before.done, done)) return progress;
	return { v: 1, labs: { ...progress.labs, [labId]: { done, finished } } };
}

export function resetLab(progress: StoredProgress, labId: string): StoredProgress {
	if (!Object.hasOwn(progress.labs, labId)) return progress;
	const labs = { ...progress.labs };
	delete labs[labId];
	return { v: 1, labs };
}

export function resetAll(): StoredProgress {
	return emptyProgress();
}

export function serialize(progress: StoredProgress): string {
	return JSON.stringify(progress);
}

/** Steps done that still exist in a lab of `stepCount` steps (labs can lose steps). */
export function stepsDone(progress: StoredProgress, labId: string, stepCount: number): number {
	const record = Object.hasOwn(progress.labs, labId) ? progress.labs[labId] : undefined;
	return record?.done.filter((i) => i < stepCount).length ?? 0;
}

export function isFinished(progress: StoredProgress, labId: string): boolean {
	return Object.hasOwn(progress.labs, labId) && progress.labs[labId].finished;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStepIndex(value: unknown): value is number {
	return Number.isInteger(value) && (value as number) >= 0 && (value as number) < MAX_STEPS;
}

function normalize(steps: number[]): number[] {
	return [...new Set(steps)].sort((a, b) => a - b);
}

function sameSteps(a: number[], b: number[]): boolean {
	return a.length === b.length && a.every((v, i) => v === b[i]);
}
