import type { ScenarioProblem } from './parse';
import type { Scenario } from './schema';

/** Profiles this build carries out; the contract names more (embed-api.md). */
export const RUNNABLE: readonly string[] = [
	'openharness',
	'toolsource',
	'trust',
	'miniharness',
	'contextual'
];

/**
 * Valid scenarios this build cannot run faithfully yet. Running them anyway would show one
 * harness while claiming another, so they are refused with the path of what is missing. Live
 * servers (`live: true`) run: they are connected for real (live-io.ts).
 */
export function unsupported(
	scenario: Scenario,
	runnable: readonly string[] = RUNNABLE
): ScenarioProblem[] {
	const problems: ScenarioProblem[] = [];
	if (!runnable.includes(scenario.profile))
		problems.push({
			path: 'profile',
			message: `The ${scenario.profile} profile is not available in this version yet (only ${runnable.join(', ')}).`
		});
	return problems;
}
