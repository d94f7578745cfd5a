/**
 * ToolSource's call states (harness-behaviors.md §4), apart from the machine so the page can
 * name them without loading the profile's runtime.
 */
export type ToolSourceState =
	| 'proposed'
	| 'waiting_for_approval'
	| 'ready'
	| 'intent_persisted'
	| 'calling'
	| 'result'
	| 'completed'
	| 'permission_denied'
	| 'failed'
	| 'unknown'
	| 'cancelled';

export const TERMINAL: readonly ToolSourceState[] = [
	'completed',
	'permission_denied',
	'failed',
	'unknown',
	'cancelled'
];

/** One state the call passed through, with what decided it. */
export interface Transition {
	state: ToolSourceState;
	at: number;
	/** Data, not words (an effect, an intent number, a harness error): shown as it is. */
	note: string;
	/** On `result`: the raw result's size, said in the learner's language by the view. */
	size?: { bytes: number; truncated: boolean };
}
