import { labActionsFor } from '$lib/core/labs/lab-actions';
import { summarizeAction } from '$lib/core/presenter/channel-state';
import type { LoggedAction } from '$lib/core/world/actions';
import { getLocale } from '$lib/paraglide/runtime';
import { describeAction } from '../presenter/describe';

/**
 * What step n of the event log did, in the person's words ("Kill filesystem", "Call
 * mcp__filesystem__read_file"), for the time-travel slider's value and its announcement: a
 * number alone does not tell a screen-reader user which step is the kill. The presenter's words
 * for the same actions; page controls a cue cannot script (a delay, step mode) by their name.
 * Loaded on demand: the timeline's own chunk stays as it was.
 */
export function stepWords(tape: readonly LoggedAction[], n: number): string {
	const entry = tape[n - 1];
	if (!entry) return '';
	const { action } = entry;
	const lab = labActionsFor(action) ?? [
		{ do: action.do, ...('server' in action ? { server: action.server } : {}) }
	];
	return (
		lab
			.map((a) => describeAction(summarizeAction(a as Parameters<typeof summarizeAction>[0])))
			// Calls made in one model turn: Chinese words take the full-width semicolon.
			.join(getLocale().startsWith('zh') ? '；' : '; ')
	);
}
