import { goalMet, type WorldFacts } from './goals';
import type { Lab } from './lab-schema';
import { stepComplete, windowOf, type LabProgressState } from './progress';

/**
 * The current step's hints to show (lab.json `hints`, by id, in their order): a hint's goal
 * describes a known wrong turn, met by what was done in the step since it was opened (or by how
 * the world stands). None once the step is done: a wrong turn put right needs no more words.
 * Time travel moves the step's opening to the rebuilt world's newest event, so a wrong turn
 * undone that way leaves nothing behind.
 */
export function stepHints(lab: Lab, state: LabProgressState, facts: WorldFacts): string[] {
	const hints = lab.steps[state.step].hints;
	if (!hints || stepComplete(state)) return [];
	const progress = state.steps[state.step];
	const window = windowOf(facts, Math.min(progress.opened, progress.since), progress);
	return hints.filter((hint) => goalMet(hint.goal, window)).map((hint) => hint.id);
}

/**
 * The servers the current step works with (those its solution acts on) that the world does not
 * have: the learner replaced the lab's world (the editor, a template), and nothing the step asks
 * can happen until it is back. None for a step that replaces the world itself, whose servers
 * arrive with it, or once the step is done.
 */
export function lackedServers(lab: Lab, state: LabProgressState, facts: WorldFacts): string[] {
	const step = lab.steps[state.step];
	if (stepComplete(state) || step.solution.some((a) => a.do === 'setScenario')) return [];
	const have = new Set(facts.snapshot.servers.map((s) => s.name));
	const named = step.solution.flatMap((a) =>
		'server' in a ? [a.server] : a.do === 'call' ? [/^mcp__(.+?)__/.exec(a.tool)?.[1] ?? ''] : []
	);
	return [...new Set(named)].filter((name) => name && !have.has(name));
}
