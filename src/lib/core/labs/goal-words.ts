import type { CallStage, StageRecord } from '../machines/call.stages';
import { STATE_OF, type CallState } from '../world/calls';
import type { HostRequestState } from '../world/host-requests';
import type { ProcessState } from '../world/sim-process';

/**
 * The words a goal may use for a call's stage and outcome, a call's state, a server's process and
 * a host request's state: closed lists, so a misspelt goal fails the build instead of never being
 * met. Each list is tied to the type it names: a word added there and not here fails the types.
 */

/** Each list holds exactly the members of its union type (checked at compile time). */
type Exactly<T extends string, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never]
	? L
	: never;
const exactly =
	<T extends string>() =>
	<const L extends readonly T[]>(list: Exactly<T, L>): L =>
		list;

type OutcomeOf<S extends CallStage> = Extract<StageRecord, { stage: S }>['outcome'];

/** Each OpenHarness call stage's outcomes (StageRecord in call.stages.ts). */
export const STAGE_OUTCOMES: { [S in CallStage]: readonly OutcomeOf<S>[] } = {
	preToolUse: exactly<OutcomeOf<'preToolUse'>>()(['passed', 'blocked']),
	lookup: exactly<OutcomeOf<'lookup'>>()(['found', 'unknown']),
	validation: exactly<OutcomeOf<'validation'>>()(['valid', 'invalid']),
	permission: exactly<OutcomeOf<'permission'>>()(['allow', 'deny', 'ask']),
	awaitingApproval: exactly<OutcomeOf<'awaitingApproval'>>()(['approved', 'refused']),
	executing: exactly<OutcomeOf<'executing'>>()([
		'returned',
		'not-connected',
		'call-failed',
		'read-failed'
	]),
	normalising: exactly<OutcomeOf<'normalising'>>()(['inline', 'truncated']),
	postToolUse: exactly<OutcomeOf<'postToolUse'>>()(['ran'])
};

export const CALL_STAGES = Object.keys(STAGE_OUTCOMES) as CallStage[];

/** A stage as a goal may write it, as the UI shows it (`pre_tool_use`) or internal, to the internal name. */
export function callStageOf(word: string): CallStage | undefined {
	return CALL_STAGES.find((stage) => stage === word || STATE_OF[stage] === word);
}

export const CALL_STATES = exactly<CallState>()([
	'pre_tool_use',
	'lookup',
	'validation',
	'permission',
	'awaiting_approval',
	'executing',
	'normalising',
	'post_tool_use',
	'completed',
	'proposed',
	'waiting_for_approval',
	'ready',
	'intent_persisted',
	'calling',
	'result',
	'permission_denied',
	'failed',
	'unknown',
	'cancelled'
]);

export const PROCESS_STATES = exactly<ProcessState>()(['running', 'killed', 'hung']);

export const HOST_REQUEST_STATES = exactly<HostRequestState>()([
	'pending',
	'approved',
	'rejected',
	'accepted',
	'declined',
	'cancelled',
	'answered',
	'withdrawn'
]);
