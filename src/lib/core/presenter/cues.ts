// No schema here: the lab page loads this with presenter mode, and the lab's schema (with the
// scenario's) stays out of the page until a cue file is loaded (cue-file.ts).
import { labActionsFor } from '../labs/lab-actions';
import type { Lab, LabAction } from '../labs/lab-schema';
import type { LoggedAction } from '../world/actions';
import { maskSecrets } from '../world/mask';
import { CUE_FILE_FORMAT } from './cue-format';

/**
 * An instructor's cue: actions played on the world in one go (lab actions, as in a step's
 * solution), the lab step the narration moves to, and whether playing to the next pause stops
 * after it. A cue's narration is the lab's (by id, from the markdown) or a note of its own.
 */
export interface Cue {
	id: string;
	actions: LabAction[];
	pause: boolean;
	step?: string;
	note?: string;
}

export function cuesOf(lab: Lab): Cue[] {
	return lab.cues ?? [];
}

/** Where playing on from `at` (cues played so far) stops: after the next pause cue, or at the end. */
export function pauseEnd(cues: readonly Cue[], at: number): number {
	const pause = cues.findIndex((cue, i) => i >= at && cue.pause);
	return pause === -1 ? cues.length : pause + 1;
}

/** A cue's actions with what was typed into secret-named fields masked: a file must not keep it. */
function masked(action: LabAction): LabAction {
	if (action.do === 'call')
		return { ...action, arguments: maskSecrets(action.arguments) as Record<string, unknown> };
	if (action.do === 'answerElicitation' && action.content)
		return { ...action, content: maskSecrets(action.content) as typeof action.content };
	return action;
}

/** A cue list as a file an instructor keeps and loads again (`parseCueFile`). */
export function cueFileJson(lab: string, cues: readonly Cue[]): string {
	return JSON.stringify(
		{
			format: CUE_FILE_FORMAT,
			version: 1,
			lab,
			cues: cues.map((cue) => ({ ...cue, actions: cue.actions.map(masked) }))
		},
		null,
		'\t'
	);
}

export interface Recording {
	cues: Cue[];
	/** For each cue, how many of the log's actions came before it (where "previous" goes back to). */
	marks: number[];
	/** Logged actions no lab action can redo (see labActionsFor). */
	skipped: number;
}

/** The instructor's actions, as logged by the world, one cue each. */
export function recordCues(entries: readonly LoggedAction[]): Recording {
	const out: Recording = { cues: [], marks: [], skipped: 0 };
	for (const entry of entries) {
		const actions = labActionsFor(entry.action);
		if (!actions) {
			out.skipped++;
			continue;
		}
		out.cues.push({ id: `rec-${out.cues.length + 1}`, actions, pause: false });
		out.marks.push(entry.seq - 1);
	}
	return out;
}
