import type { LabAction } from '../labs/lab-schema';
import { boundText } from '../text/bound';
import {
	MAX_ACTIONS,
	MAX_NAME,
	STATE,
	type ActionSummary,
	type CueSummary,
	type PresenterState
} from './channel';
import { MAX_NOTE } from './cue-format';
import type { Cue } from './cues';

/** The lab window's side of the channel: where the presentation is, told without secrets. */

const cut = (text: string) => boundText(text, MAX_NAME).text;

function detailOf(action: LabAction): string | undefined {
	switch (action.do) {
		case 'predict':
			return action.option;
		case 'setPermissionMode':
			return action.mode;
		case 'answer':
			return action.approve ? 'approve' : 'refuse';
		case 'reconcile':
			return action.verdict;
		case 'answerSampling':
		case 'answerElicitation':
			return action.action;
		case 'setRoots':
			return String(action.roots.length);
		case 'wireStep':
			return String(action.count);
		default:
			return undefined;
	}
}

export function summarizeAction(action: LabAction): ActionSummary {
	const detail = detailOf(action);
	return {
		do: action.do,
		...('server' in action ? { server: cut(action.server) } : {}),
		...(action.do === 'call' ? { tool: cut(action.tool) } : {}),
		...(action.do === 'getPrompt' ? { tool: cut(action.name) } : {}),
		...(detail !== undefined ? { detail: cut(detail) } : {})
	};
}

/** Cue `index` (0-based) as the notes window may see it. */
export function summarizeCue(cue: Cue, index: number): CueSummary {
	return {
		n: index + 1,
		id: cut(cue.id),
		step: cue.step === undefined ? null : cut(cue.step),
		pause: cue.pause,
		note: cue.note === undefined ? null : boundText(cue.note, MAX_NOTE).text,
		actions: cue.actions.slice(0, MAX_ACTIONS).map(summarizeAction)
	};
}

/** Where lab window `w`'s presentation is: step shown, cues played (`at`) of the list, if there is one. */
export function stateMessage(
	lab: string,
	w: string,
	step: number,
	cues: readonly Cue[] | null,
	at: number,
	busy: boolean
): PresenterState {
	return {
		type: STATE,
		v: 1,
		lab,
		w,
		step,
		cues: cues
			? {
					at,
					total: cues.length,
					current: at > 0 && cues[at - 1] ? summarizeCue(cues[at - 1], at - 1) : null,
					next: cues[at] ? summarizeCue(cues[at], at) : null
				}
			: null,
		busy
	};
}
