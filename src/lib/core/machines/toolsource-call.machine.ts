import { assign, fromPromise, setup } from 'xstate';
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
 * One ToolSource tool call (harness-behaviors.md §4):
 *
 *     proposed → ready | waiting_for_approval → ready → intent_persisted → calling → result
 *       → completed | failed
 *
 * with the terminal states permission_denied, failed, unknown and cancelled. Unlike OpenHarness
 * the outcome is a state, not just an error flag: `unknown` means the request went out and no
 * answer came back (timeout, connection lost), so the side effect can be neither confirmed nor
 * ruled out — the world then marks the run interrupted until a person reconciles the call.
 * The intent is persisted before the request is written, so a harness that restarts knows which
 * calls may have acted; it never replays them.
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

type Verdict = 'unknown-tool' | 'not-allowlisted' | 'unregistered' | 'invalid' | 'ask' | 'ready';

interface Context {
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

const at = (c: Context) => c.input.now?.() ?? 0;
const note = (c: Context, state: ToolSourceState, text = '') => [
	...c.history,
	{ state, at: at(c), note: text }
];
/** Enter a terminal state with the error text the model receives (see the `end` action). */
const end = (state: ToolSourceState, text: (c: Context) => string) => ({
	type: 'end' as const,
	params: ({ context }: { context: Context }) => ({ state, text: text(context) })
});
const executeInput = (c: Context): ToolSourceExecuteInput => ({
	server: c.tool?.server ?? '',
	tool: c.tool?.tool ?? '',
	arguments: c.input.arguments
});
const outputOf = (event: unknown) => (event as { output: ToolSourceExecuteOutput }).output;
const kindIs =
	(...kinds: ToolSourceExecuteOutput['kind'][]) =>
	({ event }: { event: unknown }) =>
		kinds.includes(outputOf(event).kind);

export const toolSourceCallMachine = setup({
	types: {
		context: {} as Context,
		events: {} as ToolSourceCallEvent,
		input: {} as ToolSourceCallInput,
		output: {} as ToolSourceOutcome
	},
	actors: {
		// The world supplies both (see `toolSourceWithIo`): its journal and its wire.
		persistIntent: fromPromise<number, IntentInput>(async () => {
			throw new Error("ToolSource I/O 'persistIntent' was not provided");
		}),
		execute: fromPromise<ToolSourceExecuteOutput, ToolSourceExecuteInput>(async () => {
			throw new Error("ToolSource I/O 'execute' was not provided");
		})
	},
	actions: {
		end: assign(({ context }, params: { state: ToolSourceState; text: string }) => ({
			output: params.text,
			error: params.text,
			history: note(context, params.state, params.text)
		}))
	},
	guards: {
		verdictIs: ({ context }, verdict: Verdict) => context.verdict === verdict,
		toolFailed: ({ context }) => context.summary?.isError === true
	}
}).createMachine({
	id: 'toolsourceCall',
	context: ({ input }) => ({
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
	}),
	initial: 'proposed',
	states: {
		/** The model proposed the call: the harness decides it all before anything is written. */
		proposed: {
			entry: assign(({ context }) => {
				const { name, arguments: args, tools, policy } = context.input;
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
				return { tool, effect, verdict, output: text, history: note(context, 'proposed') };
			}),
			always: [
				{ guard: { type: 'verdictIs', params: 'unknown-tool' }, target: 'failed.unknownTool' },
				{
					guard: { type: 'verdictIs', params: 'not-allowlisted' },
					target: 'permission_denied.notAllowlisted'
				},
				{ guard: { type: 'verdictIs', params: 'unregistered' }, target: 'failed.unregistered' },
				{ guard: { type: 'verdictIs', params: 'invalid' }, target: 'failed.invalid' },
				{ guard: { type: 'verdictIs', params: 'ask' }, target: 'waiting_for_approval' },
				{ target: 'ready' }
			]
		},
		/** Anything but a read the allowlist vouches for waits for a person; annotations never count. */
		waiting_for_approval: {
			entry: assign(({ context }) => ({
				history: note(context, 'waiting_for_approval', context.effect ?? '')
			})),
			on: {
				APPROVE: 'ready',
				REFUSE: 'permission_denied.refused',
				CANCEL: 'cancelled'
			}
		},
		ready: {
			entry: assign(({ context }) => ({ history: note(context, 'ready') })),
			invoke: {
				id: 'persistIntent',
				src: 'persistIntent',
				input: ({ context }) => ({
					id: context.input.id,
					name: context.input.name,
					...executeInput(context)
				}),
				onDone: {
					target: 'intent_persisted',
					actions: assign({ intentSeq: ({ event }) => event.output })
				},
				onError: {
					target: 'failed.persist',
					actions: assign({ output: ({ event }) => String(event.error) })
				}
			},
			on: { CANCEL: 'cancelled' }
		},
		intent_persisted: {
			entry: assign(({ context }) => ({
				history: note(context, 'intent_persisted', `#${context.intentSeq}`)
			})),
			always: 'calling'
		},
		/** The only I/O that can act on the world outside; from here a lost answer is `unknown`. */
		calling: {
			entry: assign(({ context }) => ({ history: note(context, 'calling') })),
			invoke: {
				id: 'execute',
				src: 'execute',
				input: ({ context }) => executeInput(context),
				onDone: [
					{ guard: kindIs('not-connected'), target: 'failed.notConnected' },
					{
						guard: kindIs('rpc-error'),
						target: 'failed.serverError',
						actions: assign({
							requestSent: true,
							output: ({ event }) => (outputOf(event) as { message: string }).message
						})
					},
					{
						guard: kindIs('timeout'),
						target: 'unknown',
						actions: assign({
							requestSent: true,
							output: ({ context }) => timedOut(context.input.policy.timeoutMs)
						})
					},
					{
						guard: kindIs('closed'),
						target: 'unknown',
						actions: assign({ requestSent: true, output: connectionLost })
					},
					{
						target: 'result',
						actions: assign({
							requestSent: true,
							summary: ({ context, event }) =>
								summarise(
									(outputOf(event) as { result: ToolSourceResult }).result,
									artifactIdFor(context.input.id),
									context.input.policy.summaryChars
								)
						})
					}
				],
				onError: {
					target: 'unknown',
					actions: assign({ requestSent: true, output: ({ event }) => String(event.error) })
				}
			},
			on: {
				// The local wait stops at once; leaving the state aborts the request, and the SDK
				// sends notifications/cancelled (best effort: the server may have acted already).
				CANCEL: { target: 'cancelled', actions: assign({ requestSent: true }) }
			}
		},
		/** The raw result is kept as an artifact; the model gets the bounded summary. */
		result: {
			entry: assign(({ context }) => ({
				history: note(
					context,
					'result',
					`${context.summary!.bytes} bytes${context.summary!.truncated ? ', truncated' : ''}`
				)
			})),
			always: [
				{
					guard: 'toolFailed',
					target: 'failed',
					actions: assign({ output: ({ context }) => context.summary!.text })
				},
				{
					target: 'completed',
					actions: assign(({ context }) => ({
						output: context.summary!.text,
						history: note(context, 'completed')
					}))
				}
			]
		},
		completed: { type: 'final' },
		permission_denied: {
			initial: 'notAllowlisted',
			states: {
				notAllowlisted: {
					type: 'final',
					entry: end('permission_denied', (c) => notAllowlisted(c.input.name))
				},
				refused: {
					type: 'final',
					entry: end('permission_denied', (c) => userDenied(c.input.name))
				}
			},
			onDone: 'done'
		},
		failed: {
			initial: 'tool',
			states: {
				/** The server answered with isError: the summary says so. */
				tool: { type: 'final', entry: end('failed', (c) => c.output) },
				unknownTool: { type: 'final', entry: end('failed', (c) => unknownTool(c.input.name)) },
				unregistered: {
					type: 'final',
					entry: end('failed', (c) => schemaRefused(c.input.name, c.tool?.refused ?? ''))
				},
				invalid: {
					type: 'final',
					entry: end('failed', (c) => invalidArguments(c.input.name, c.output))
				},
				notConnected: {
					type: 'final',
					entry: end('failed', (c) => notConnected(c.tool?.server ?? ''))
				},
				serverError: {
					type: 'final',
					entry: end('failed', (c) => serverError(c.tool?.server ?? '', c.output))
				},
				persist: { type: 'final', entry: end('failed', (c) => c.output) }
			},
			onDone: 'done'
		},
		unknown: {
			entry: end('unknown', (c) => unknownOutcome(c.input.name, c.output)),
			always: 'done'
		},
		cancelled: {
			entry: end('cancelled', (c) => cancelled(c.input.name)),
			always: 'done'
		},
		done: { type: 'final' }
	},
	output: ({ context }) => {
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
});

/** The artifact a call's raw result is stored under. */
export const artifactIdFor = (callId: string) => `artifact-${callId}`;

/** Binds the machine to the world's journal and wire. */
export function toolSourceWithIo(io: {
	persistIntent: (input: IntentInput) => Promise<number>;
	execute: (input: ToolSourceExecuteInput, signal: AbortSignal) => Promise<ToolSourceExecuteOutput>;
}) {
	return toolSourceCallMachine.provide({
		actors: {
			persistIntent: fromPromise<number, IntentInput>(({ input }) => io.persistIntent(input)),
			execute: fromPromise<ToolSourceExecuteOutput, ToolSourceExecuteInput>(({ input, signal }) =>
				io.execute(input, signal)
			)
		}
	});
}
