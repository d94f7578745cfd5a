import type { ConnectionStatus } from '../machines/types';
import type { RegistryDiff } from '../registry/registry';
import type { HostRequestKind, HostRequestState } from './host-requests';
import type { ProcessState } from './sim-process';

export type CommandName =
	| 'startSession'
	| 'closeSession'
	| 'connectAll'
	| 'reconnectAll'
	| 'kill'
	| 'restart'
	| 'hang'
	| 'delay'
	| 'callTool'
	| 'answerApproval'
	| 'setPermissionMode'
	| 'setStepMode'
	| 'stepCall'
	| 'cancelCall'
	| 'reconcile'
	| 'restartHarness'
	| 'answerSampling'
	| 'answerElicitation'
	| 'setRoots'
	| 'setLogLevel'
	| 'listResources'
	| 'listResourceTemplates'
	| 'readResource'
	| 'listPrompts'
	| 'getPrompt'
	| 'profile';

/**
 * What happened in the world, in order, with its simulated time. The UI turns these into
 * narration and live-region announcements in the learner's language; the text is not here.
 */
export type WorldEvent =
	| {
			seq: number;
			t: number;
			kind: 'command';
			command: CommandName;
			server?: string;
			tool?: string;
			/** The server is a real one (live mode): a kill there is a disconnect. */
			live?: true;
	  }
	| {
			seq: number;
			t: number;
			kind: 'status';
			server: string;
			status: ConnectionStatus;
			detail: string;
			/** The server's state in the profile's own words then (`status` for OpenHarness). */
			state: string;
	  }
	| { seq: number; t: number; kind: 'process'; server: string; process: ProcessState }
	| { seq: number; t: number; kind: 'delay'; server: string; ms: number }
	| { seq: number; t: number; kind: 'permissions'; mode: string }
	| { seq: number; t: number; kind: 'stepMode'; on: boolean }
	/** A call stopped to ask the person (OpenHarness `default` mode, ToolSource writes). */
	| { seq: number; t: number; kind: 'approval'; id: string; name: string }
	/** ToolSource: a call's outcome is unknown (interrupted) or every such call was reconciled. */
	| { seq: number; t: number; kind: 'run'; state: 'interrupted' | 'running' }
	| { seq: number; t: number; kind: 'reconciled'; id: string; verdict: 'applied' | 'not_applied' }
	| { seq: number; t: number; kind: 'registry'; n: number; diff: RegistryDiff; size: number }
	/** A server asked the host (sampling, elicitation, roots), or that request was settled. */
	| {
			seq: number;
			t: number;
			kind: 'hostRequest';
			id: string;
			server: string;
			request: HostRequestKind;
			state: HostRequestState;
			/** A sampling request approved: whether the person changed the model's reply first. */
			edited?: boolean;
	  }
	/** A learner's own protocol request (resources, prompts, log level) got its answer. */
	| {
			seq: number;
			t: number;
			kind: 'protocol';
			id: string;
			server: string;
			method: string;
			ok: boolean;
			detail: string;
			/** resources/read: the URI asked for. */
			uri?: string;
	  }
	| { seq: number; t: number; kind: 'roots'; count: number }
	/**
	 * A server sent notifications/tools/list_changed. `heeded`: something in the host lists its
	 * tools again on it (lab 09's pin tracker). Otherwise the sentence says only that it came:
	 * what the harness does about it (nothing) is lab 10's question to the learner.
	 */
	| { seq: number; t: number; kind: 'toolsChanged'; server: string; heeded: boolean }
	/** A live server began to send more than `perSecond` messages a second (core/live/flood.ts). */
	| { seq: number; t: number; kind: 'flood'; server: string; perSecond: number }
	/**
	 * Something a trust, miniharness or contextual profile did (`event` names it, e.g. `trusted`);
	 * `params` are short texts the profile's narration (i18n/profile-events) fills in.
	 */
	| {
			seq: number;
			t: number;
			kind: 'profile';
			profile: string;
			event: string;
			params: Record<string, string>;
	  }
	| {
			seq: number;
			t: number;
			kind: 'call';
			id: string;
			name: string;
			isError: boolean;
			output: string;
			/** The terminal state, in the profile's words (OpenHarness: always `completed`). */
			state: string;
	  };

export type NewWorldEvent = WorldEvent extends infer E
	? E extends WorldEvent
		? Omit<E, 'seq' | 't'>
		: never
	: never;

/**
 * A command the world refuses. `key` and `params`, when given, name the sentence for the page to
 * translate (command-errors.ts builds them); the message is the English sentence.
 */
export class WorldCommandError extends Error {
	constructor(
		message: string,
		readonly key?: string,
		readonly params?: Readonly<Record<string, string>>
	) {
		super(message);
		this.name = 'WorldCommandError';
	}
}
