import { goalMet, type WorldFacts } from './goals';
import type { Lab } from './lab-schema';

/**
 * A learner's way through a lab: the current step, which of its checks are met (in order: a
 * check is looked at only once the ones before it are met, so "kill, then call, then reconnect"
 * means that order) and the predictions made.
 */
export interface StepProgress {
	met: boolean[];
	/** World event seq after which each check's window starts. */
	since: number;
	prediction: string | null;
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
			prediction: null
		}))
	};
}

/** Re-checks the current step after a world change; returns the same object when nothing moved. */
export function advance(lab: Lab, state: LabProgressState, facts: WorldFacts): LabProgressState {
	const spec = lab.steps[state.step];
	const progress = state.steps[state.step];
	let met = progress.met;
	let since = progress.since;
	for (let i = 0; i < spec.checks.length; i++) {
		if (met[i]) continue;
		const events = facts.events.filter((e) => e.seq > since);
		// A call counts from when it ended or stopped to ask the person.
		const callIds = new Set(
			events.flatMap((e) => (e.kind === 'call' || e.kind === 'approval' ? [e.id] : []))
		);
		const ok = goalMet(spec.checks[i].goal, {
			...facts,
			events,
			callIds,
			predicted: progress.prediction !== null
		});
		if (!ok) break;
		met = met.map((m, j) => (j === i ? true : m));
		// The next check counts only what happens from here on.
		since = facts.events.at(-1)?.seq ?? since;
	}
	if (met === progress.met) return state;
	return replaceStep(state, state.step, { ...progress, met, since });
}

export function stepComplete(state: LabProgressState, index = state.step): boolean {
	return state.steps[index].met.every(Boolean);
}

export function labComplete(state: LabProgressState): boolean {
	return state.steps.every((s) => s.met.every(Boolean));
}

export function predict(state: LabProgressState, option: string): LabProgressState {
	const progress = state.steps[state.step];
	if (progress.prediction !== null) return state;
	return replaceStep(state, state.step, { ...progress, prediction: option });
}

/** Moving to a step starts its checks' window at the newest world event. */
export function goTo(state: LabProgressState, step: number, latestSeq: number): LabProgressState {
	const target = Math.min(Math.max(0, step), state.steps.length - 1);
	if (target === state.step) return state;
	const progress = state.steps[target];
	const fresh = progress.met.every(Boolean) ? progress : { ...progress, since: latestSeq };
	return { step: target, steps: state.steps.map((s, i) => (i === target ? fresh : s)) };
}

function replaceStep(
	state: LabProgressState,
	index: number,
	progress: StepProgress
): LabProgressState {
	return { ...state, steps: state.steps.map((s, i) => (i === index ? progress : s)) };
}
