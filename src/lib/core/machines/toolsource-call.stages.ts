import {
	effectOf,
	needsApproval,
	type ToolEffect,
	type ToolSourcePolicy
} from '../profiles/toolsource/policy';
import {
	cancelled,
	connectionLost,
	invalidArguments,
	notAllowlisted,
	notConnected,
	schemaRefused,
	serverError,
	timedOut,
	unknownOutcome,
	unknownTool,
	userDenied
} from '../profiles/toolsource/strings';
import type { ToolSourceState, Transition } from '../profiles/toolsource/states';
import { summarise, type Summary, type ToolSourceResult } from '../profiles/toolsource/summary';
import { argumentProblems } from '../profiles/toolsource/tool-schema';

/**
 * What each state of a ToolSource tool call decides, as plain functions of the call's context:
 * the XState machine (toolsource-call.machine.ts) is made of them, and so is the runner the world
 * uses for every call (toolsource-call.run.ts); toolsource-call.run.test.ts walks both down every
 * path of the machine.
 */

/** Every tool the harness discovered, allowlisted or not (the model sees only allowlisted ones). */
export interface ToolSourceTool {
	/** `mcp.<server>.<tool>`. */
	name: string;
	server: string;
	tool: string;
	effect: ToolEffect | null;
	/** The regenerated schema, or null when it could not be regenerated (then `refused` says why). */
	schema: Record<string, unknown> | null;
	refused: string | null;
}

export interface ToolSourceExecuteInput {
	server: string;
	tool: string;
	arguments: Record<string, unknown>;
}

/** What the world's tools/call came to; `timeout` and `closed` happen after the request went out. */
export type ToolSourceExecuteOutput =
	| { kind: 'result'; result: ToolSourceResult }
	| { kind: 'not-connected' }
	| { kind: 'rpc-error'; message: string }
	| { kind: 'timeout' }
	| { kind: 'closed' };

export interface IntentInput {
	id: string;
	name: string;
	server: string;
	tool: string;
	arguments: Record<string, unknown>;
}

export { TERMINAL, type ToolSourceState, type Transition } from '../profiles/toolsource/states';

export interface ToolSourceCallInput {
	id: string;
	name: string;
	arguments: Record<string, unknown>;
	tools: ToolSourceTool[];
	policy: ToolSourcePolicy;
	now?: () => number;
}

export type Verdict =
	'unknown-tool' | 'not-allowlisted' | 'unregistered' | 'invalid' | 'ask' | 'ready';

export interface ToolSourceCallContext {
	input: ToolSourceCallInput;
	tool: ToolSourceTool | null;
	effect: ToolEffect | null;
	verdict: Verdict | null;
	history: Transition[];
	intentSeq: number | null;
	requestSent: boolean;
	summary: Summary | null;
	output: string;
	error: string;
}

export type ToolSourceCallEvent = { type: 'APPROVE' } | { type: 'REFUSE' } | { type: 'CANCEL' };

export interface ToolSourceOutcome {
	state: ToolSourceState;
	output: string;
	isError: boolean;
	error: string;
	history: Transition[];
	intentSeq: number | null;
	requestSent: boolean;
	summary: Summary | null;
	tool: ToolSourceTool | null;
	effect: ToolEffect | null;
}

const at = (c: ToolSourceCallContext) => c.input.now?.() ?? 0;
const note = (c: ToolSourceCallContext, state: ToolSourceState, text = '') => [
	...c.history,
	{ state, at: at(c), note: text }
];
export const executeInput = (c: ToolSourceCallContext): ToolSourceExecuteInput => ({
	server: c.tool?.server ?? '',
	tool: c.tool?.tool ?? '',
	arguments: c.input.arguments
});

/** What the journal is given before the request is written. */
export const intentInput = (c: ToolSourceCallContext): IntentInput => ({
	id: c.input.id,
	name: c.input.name,
	...executeInput(c)
});

export function initialToolSourceContext(input: ToolSourceCallInput): ToolSourceCallContext {
	return {
		input,
		tool: null,
		effect: null,
		verdict: null,
		history: [],
		intentSeq: null,
		requestSent: false,
		summary: null,
		output: '',
		error: ''
	};
}

/** The terminal states a call can end in, each with the text the model receives. */
export const ENDINGS = {
	'permission_denied.notAllowlisted': {
		state: 'permission_denied',
		text: (c: ToolSourceCallContext) => notAllowlisted(c.input.name)
	},
	'permission_denied.refused': {
		state: 'permission_denied',
		text: (c: ToolSourceCallContext) => userDenied(c.input.name)
	},
	/** The server answered with isError: the summary says so. */
	'failed.tool': { state: 'failed', text: (c: ToolSourceCallContext) => c.output },
	'failed.unknownTool': {
		state: 'failed',
		text: (c: ToolSourceCallContext) => unknownTool(c.input.name)
	},
	'failed.unregistered': {
		state: 'failed',
		text: (c: ToolSourceCallContext) => schemaRefused(c.input.name, c.tool?.refused ?? '')
	},
	'failed.invalid': {
		state: 'failed',
		text: (c: ToolSourceCallContext) => invalidArguments(c.input.name, c.output)
	},
	'failed.notConnected': {
		state: 'failed',
		text: (c: ToolSourceCallContext) => notConnected(c.tool?.server ?? '')
	},
	'failed.serverError': {
		state: 'failed',
		text: (c: ToolSourceCallContext) => serverError(c.tool?.server ?? '', c.output)
	},
	'failed.persist': { state: 'failed', text: (c: ToolSourceCallContext) => c.output },
	unknown: {
		state: 'unknown',
		text: (c: ToolSourceCallContext) => unknownOutcome(c.input.name, c.output)
	},
	cancelled: { state: 'cancelled', text: (c: ToolSourceCallContext) => cancelled(c.input.name) }
} as const satisfies Record<
	string,
	{ state: ToolSourceState; text: (c: ToolSourceCallContext) => string }
>;

export type Ending = keyof typeof ENDINGS;

/** Entering a terminal state: the text the model receives is the output and the error. */
export function ended(c: ToolSourceCallContext, ending: Ending): Partial<ToolSourceCallContext> {
	const { state, text } = ENDINGS[ending];
	const said = text(c);
	return { output: said, error: said, history: note(c, state, said) };
}

/** Where `proposed` goes once it has decided. */
export const AFTER_PROPOSED: Record<Verdict, Ending | 'waiting_for_approval' | 'ready'> = {
	'unknown-tool': 'failed.unknownTool',
	'not-allowlisted': 'permission_denied.notAllowlisted',
	unregistered: 'failed.unregistered',
	invalid: 'failed.invalid',
	ask: 'waiting_for_approval',
	ready: 'ready'
};

/** Where the execute stage's answer leads, by its kind. */
export const AFTER_ANSWER: Record<ToolSourceExecuteOutput['kind'], Ending | 'result'> = {
	'not-connected': 'failed.notConnected',
	'rpc-error': 'failed.serverError',
	timeout: 'unknown',
	closed: 'unknown',
	result: 'result'
};

/** Each state's decision: the fields of the context it changes. */
export const tsDecisions = {
	/** The model proposed the call: the harness decides it all before anything is written. */
	propose(c: ToolSourceCallContext): Partial<ToolSourceCallContext> {
		const { name, arguments: args, tools, policy } = c.input;
		const tool = tools.find((t) => t.name === name) ?? null;
		const effect = effectOf(policy, name);
		let verdict: Verdict = 'ready';
		let text = '';
		if (!tool) verdict = 'unknown-tool';
		else if (!effect) verdict = 'not-allowlisted';
		else if (tool.refused) verdict = 'unregistered';
		else {
			const problems = argumentProblems(tool.schema!, args);
			if (problems) [verdict, text] = ['invalid', problems];
			else if (needsApproval(effect)) verdict = 'ask';
		}
		return { tool, effect, verdict, output: text, history: note(c, 'proposed') };
	},
	waiting: (c: ToolSourceCallContext) => ({
		history: note(c, 'waiting_for_approval', c.effect ?? '')
	}),
	ready: (c: ToolSourceCallContext) => ({ history: note(c, 'ready') }),
	persisted: (_c: ToolSourceCallContext, seq: number) => ({ intentSeq: seq }),
	persistFailed: (_c: ToolSourceCallContext, error: unknown) => ({ output: String(error) }),
	intentPersisted: (c: ToolSourceCallContext) => ({
		history: note(c, 'intent_persisted', `#${c.intentSeq}`)
	}),
	calling: (c: ToolSourceCallContext) => ({ history: note(c, 'calling') }),
	/** The answer came back (or not): from here on the request counts as sent. */
	answered(
		c: ToolSourceCallContext,
		output: ToolSourceExecuteOutput
	): Partial<ToolSourceCallContext> {
		switch (output.kind) {
			case 'not-connected':
				return {};
			case 'rpc-error':
				return { requestSent: true, output: output.message };
			case 'timeout':
				return { requestSent: true, output: timedOut(c.input.policy.timeoutMs) };
			case 'closed':
				return { requestSent: true, output: connectionLost };
			case 'result':
				return {
					requestSent: true,
					summary: summarise(output.result, artifactIdFor(c.input.id), c.input.policy.summaryChars)
				};
		}
	},
	raised: (_c: ToolSourceCallContext, error: unknown) => ({
		requestSent: true,
		output: String(error)
	}),
	/** Cancelled while calling: the request went out, so it may have acted. */
	cancelledWhileCalling: () => ({ requestSent: true }),
	/** The raw result is kept as an artifact; the model gets the bounded summary. */
	result: (c: ToolSourceCallContext) => ({
		history: [
			...c.history,
			{
				state: 'result' as const,
				at: at(c),
				note: '',
				size: { bytes: c.summary!.bytes, truncated: c.summary!.truncated }
			}
		]
	}),
	toolFailed: (c: ToolSourceCallContext) => c.summary?.isError === true,
	resultFailed: (c: ToolSourceCallContext) => ({ output: c.summary!.text }),
	completed: (c: ToolSourceCallContext) => ({
		output: c.summary!.text,
		history: note(c, 'completed')
	})
};

/** The artifact a call's raw result is stored under. */
export const artifactIdFor = (callId: string) => `artifact-${callId}`;

/** What an ended call gives the world. */
export function toolSourceOutcome(context: ToolSourceCallContext): ToolSourceOutcome {
	const last = context.history.at(-1)!;
	return {
		state: last.state,
		output: context.output,
		isError: last.state !== 'completed',
		error: last.state === 'completed' ? '' : context.error,
		history: context.history,
		intentSeq: context.intentSeq,
		requestSent: context.requestSent,
		summary: context.summary,
		tool: context.tool,
		effect: context.effect
	};
}
