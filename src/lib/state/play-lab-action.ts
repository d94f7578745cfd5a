import { isWorldLabAction, performLabAction } from '$lib/core/labs/lab-actions';
import type { LabAction } from '$lib/core/labs/lab-schema';
import type { LabSession } from './lab-session.svelte';

/**
 * Plays one lab action (a step's solution, a cue) on a page's session, as a person would do it
 * there: `setScenario` replaces the session's world, a world action runs as a command of the
 * page, `predict` answers the lab's question unless `answers` is false, and `wireStep` (which
 * moves only a learner's message-by-message view) does nothing. Throws what the action failed
 * with.
 */
export async function playLabAction(
	session: LabSession,
	action: LabAction,
	{ answers = true }: { answers?: boolean } = {}
): Promise<void> {
	if (action.do === 'predict') {
		if (answers) session.lab?.answer(action.option);
		return;
	}
	if (action.do === 'setScenario') {
		const result = await session.setScenario(action.scenario);
		if (!result.ok) throw new Error(result.error);
		return;
	}
	if (!isWorldLabAction(action)) return;
	await session.world.run((world) => performLabAction(world, action));
}
