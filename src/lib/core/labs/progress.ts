import { goalMet, type WorldFacts } from './goals';
import type { Goal, Lab } from './lab-schema';

/**
 * A learner's way through a lab: the current step, which of its checks are met (in order: a
 * check is looked at only once the ones before it are met, so "kill, then call, then reconnect"
 * means that order) and the predictions made.
 */
export interface StepProgress {
	met: boolean[];
	/** World event seq after which each check's window starts. */
	since: number;
	/** World event seq when the step was opened: what was done in it before a check's turn. */
	opened: number;
	prediction: string | null;
	/**
	 * World event seq when the question was answered: what was done in the step before it was
	 * done before its turn. Absent before an answer (and in progress kept before it was noted).
	 */
	answered?: number;
}

export interface LabProgressState {
	step: number;
	steps: StepProgress[];
}

export function initialProgress(lab: Lab, step = 0, sinceSeq = 0): LabProgressState {
	return {
		step: Math.min(Math.max(0, step), lab.steps.length - 1),
		steps: lab.steps.map((s) => ({
			met: s.checks.map(() => false),
			since: sinceSeq,
			opened: sinceSeq,
			prediction: null
		}))
	};
}

/** The facts a check is judged on: only what happened after `since` (up to `until`). */
export function windowOf(
	facts: WorldFacts,
	since: number,
	progress: StepProgress,
	until = Infinity
) {
	const events = facts.events.filter((e) => e.seq > since && e.seq <= until);
	// A call counts from when it ended or stopped to ask the person.
	const callIds = new Set(
		events.flatMap((e) => (e.kind === 'call' || e.kind === 'approval' ? [e.id] : []))
	);
	return { ...facts, events, callIds, predicted: progress.prediction !== null };
}

/** Re-checks the current step after a world change; returns the same object when nothing moved. */
export function advance(lab: Lab, state: LabProgressState, facts: WorldFacts): LabProgressState {
	const spec = lab.steps[state.step];
	const progress = state.steps[state.step];
	let met = progress.met;
	let since = progress.since;
	for (let i = 0; i < spec.checks.length; i++) {
		if (met[i]) continue;
		const ok = goalMet(spec.checks[i].goal, windowOf(facts, since, progress));
		if (!ok) break;
		met = met.map((m, j) => (j === i ? true : m));
		// The next check counts only what happens from here on.
		since = facts.events.at(-1)?.seq ?? since;
	}
	if (met === progress.met) return state;
	return replaceStep(state, state.step, { ...progress, met, since });
}

/**
 * Checks of the current step done before their turn: not yet met, and met by something done in
 * the step before it was their turn: after the first unmet check, since that one's window opened
 * or before the question was answered; the first unmet check itself, before the question was
 * answered (each stays named until it is done again: the control may not say it needs doing
 * twice). They do not count (a learner who acts before answering the question has not
 * predicted), so the page says to do them again.
 * What was done after the answer is no early attempt at the first unmet check: it counted for
 * the checks met meanwhile (lab 00's first list_mcp_resources call is not its second done early).
 */
export function earlyChecks(lab: Lab, state: LabProgressState, facts: WorldFacts): number[] {
	const spec = lab.steps[state.step];
	const progress = state.steps[state.step];
	const first = progress.met.indexOf(false);
	if (first === -1) return [];
	const window = windowOf(facts, progress.since, progress);
	const beforeAnswer = windowOf(
		facts,
		Math.min(progress.opened, progress.since),
		progress,
		progress.answered ?? Infinity
	);
	// A goal about how the world stands (a server connected) is true with no event at all: it
	// was not done early, it simply holds, and ticks once its turn comes.
	const standing = windowOf(facts, Infinity, progress);
	// A later check's window opens after the answer too: judged on that alone, a call approved
	// before the answer would lose its mark the moment the question is answered. (A question is
	// its step's first check, so nothing done before the answer counted for another.)
	const answered = progress.answered !== undefined;
	const doneEarly = (goal: Goal, i: number) =>
		i === first
			? goalMet(goal, beforeAnswer)
			: goalMet(goal, window) || (answered && goalMet(goal, beforeAnswer));
	return spec.checks.flatMap((check, i) =>
		i >= first && !progress.met[i] && doneEarly(check.goal, i) && !goalMet(check.goal, standing)
			? [i]
			: []
	);
}

/**
 * The current step watches a world whose events go on after `seq`: a new world (an edited
 * scenario, numbering from 1 again: `seq` 0), or one rebuilt from its log (time travel: its
 * newest event). An answer already given came before all of them: an answer noted at a later
 * seq of the old numbering would make the new world's first events "before the answer", and the
 * page would call what the learner does next "done before its turn".
 */
export function watchFrom(state: LabProgressState, seq: number): LabProgressState {
	const progress = state.steps[state.step];
	return replaceStep(state, state.step, {
		...progress,
		since: seq,
		opened: seq,
		...(progress.answered === undefined ? {} : { answered: Math.min(progress.answered, seq) })
	});
}

export function stepComplete(state: LabProgressState, index = state.step): boolean {
	return state.steps[index].met.every(Boolean);
}

export function labComplete(state: LabProgressState): boolean {
	return state.steps.every((s) => s.met.every(Boolean));
}

/** `latestSeq`: the newest world event when the question was answered. */
export function predict(
	state: LabProgressState,
	option: string,
	latestSeq?: number
): LabProgressState {
	const progress = state.steps[state.step];
	if (progress.prediction !== null) return state;
	return replaceStep(state, state.step, {
		...progress,
		prediction: option,
		...(latestSeq === undefined ? {} : { answered: latestSeq })
	});
}

/** Moving to a step starts its checks' window at the newest world event. */
export function goTo(state: LabProgressState, step: number, latestSeq: number): LabProgressState {
	const target = Math.min(Math.max(0, step), state.steps.length - 1);
	if (target === state.step) return state;
	const progress = state.steps[target];
	const fresh = progress.met.every(Boolean)
		? progress
		: { ...progress, since: latestSeq, opened: latestSeq };
	return { step: target, steps: state.steps.map((s, i) => (i === target ? fresh : s)) };
}

function replaceStep(
	state: LabProgressState,
	index: number,
	progress: StepProgress
): LabProgressState {
	return { ...state, steps: state.steps.map((s, i) => (i === index ? progress : s)) };
}
