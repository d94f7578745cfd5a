import type { CallStage, StageRecord } from '../machines/call.stages';
import { STATE_OF, type CallState } from '../world/calls';
import type { HostRequestState } from '../world/host-requests';
import type { ProcessState } from '../world/sim-process';
import type { CommandName } from '../world/events';
import type { ConnectionStatus } from '../machines/types';
import type { ConnectorState } from '../profiles/trust/view';
import type { ClientWord } from '../profiles/miniharness/view';
import type { profileIds } from '../scenario/profile-ids';

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

/** The commands the world logs, as a `command` goal names them (CommandName in world/events.ts). */
export const COMMAND_NAMES = exactly<CommandName>()([
	'startSession',
	'closeSession',
	'connectAll',
	'reconnectAll',
	'kill',
	'restart',
	'hang',
	'delay',
	'callTool',
	'answerApproval',
	'setPermissionMode',
	'setStepMode',
	'stepCall',
	'cancelCall',
	'reconcile',
	'restartHarness',
	'answerSampling',
	'answerElicitation',
	'setRoots',
	'setLogLevel',
	'listResources',
	'listResourceTemplates',
	'readResource',
	'listPrompts',
	'getPrompt',
	'profile'
]);

/** The actions whose command is logged under another name: the mistake a `command` goal invites. */
export const COMMAND_OF_ACTION: Readonly<Record<string, CommandName>> = {
	call: 'callTool',
	answer: 'answerApproval',
	cancel: 'cancelCall'
};

const CONNECTION_STATES = exactly<ConnectionStatus>()([
	'pending',
	'connected',
	'failed',
	'disabled'
]);

/**
 * A server's state in each profile's own words (`server.state`; world.serverState): OpenHarness
 * and ToolSource say the connection's status, contextual adds `refused`, trust and MiniHarness
 * have words of their own.
 */
export const SERVER_STATES: { [P in (typeof profileIds)[number]]: readonly string[] } = {
	openharness: CONNECTION_STATES,
	toolsource: CONNECTION_STATES,
	contextual: [...CONNECTION_STATES, 'refused'],
	trust: exactly<ConnectorState>()(['disconnected', 'trusted', 'connecting', 'connected']),
	miniharness: exactly<ClientWord>()(['pending', 'initializing', 'initialized', 'failed', 'closed'])
};

/** Every profile's server states, for the schema (lab-check.ts holds a goal to its lab's profiles). */
export const ALL_SERVER_STATES = [...new Set(Object.values(SERVER_STATES).flat())];
