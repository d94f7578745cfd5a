import { assign, fromPromise, setup } from 'xstate';
import {
	AFTER_ANSWER,
	ended,
	executeInput,
	initialToolSourceContext,
	intentInput,
	toolSourceOutcome,
	tsDecisions,
	type Ending,
	type IntentInput,
	type ToolSourceCallContext,
	type ToolSourceCallEvent,
	type ToolSourceCallInput,
	type ToolSourceExecuteInput,
	type ToolSourceExecuteOutput,
	type ToolSourceOutcome
} from './toolsource-call.stages';

export * from './toolsource-call.stages';

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

type Context = ToolSourceCallContext;

/** Enter a terminal state with the error text the model receives (see the `end` action). */
const end = (ending: Ending) => ({ type: 'end' as const, params: ending });
const outputOf = (event: unknown) => (event as { output: ToolSourceExecuteOutput }).output;
/** The execute stage's answer and where it leads (AFTER_ANSWER, which the runner follows too). */
const answer = (kind: ToolSourceExecuteOutput['kind']) => ({
	guard: { type: 'answerIs' as const, params: kind },
	target: AFTER_ANSWER[kind] === 'result' ? 'result' : `#toolsourceCall.${AFTER_ANSWER[kind]}`,
	actions: 'answered' as const
});

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
		end: assign(({ context }, ending: Ending) => ended(context, ending)),
		answered: assign(({ context, event }) => tsDecisions.answered(context, outputOf(event)))
	},
	guards: {
		answerIs: ({ event }, kind: ToolSourceExecuteOutput['kind']) => outputOf(event).kind === kind,
		verdictIs: ({ context }, verdict: Context['verdict']) => context.verdict === verdict,
		toolFailed: ({ context }) => tsDecisions.toolFailed(context)
	}
}).createMachine({
	id: 'toolsourceCall',
	context: ({ input }) => initialToolSourceContext(input),
	initial: 'proposed',
	states: {
		/** The model proposed the call: the harness decides it all before anything is written. */
		proposed: {
			entry: assign(({ context }) => tsDecisions.propose(context)),
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
			entry: assign(({ context }) => tsDecisions.waiting(context)),
			on: {
				APPROVE: 'ready',
				REFUSE: 'permission_denied.refused',
				CANCEL: 'cancelled'
			}
		},
		ready: {
			entry: assign(({ context }) => tsDecisions.ready(context)),
			invoke: {
				id: 'persistIntent',
				src: 'persistIntent',
				input: ({ context }) => intentInput(context),
				onDone: {
					target: 'intent_persisted',
					actions: assign(({ context, event }) => tsDecisions.persisted(context, event.output))
				},
				onError: {
					target: 'failed.persist',
					actions: assign(({ context, event }) => tsDecisions.persistFailed(context, event.error))
				}
			},
			on: { CANCEL: 'cancelled' }
		},
		intent_persisted: {
			entry: assign(({ context }) => tsDecisions.intentPersisted(context)),
			always: 'calling'
		},
		/** The only I/O that can act on the world outside; from here a lost answer is `unknown`. */
		calling: {
			entry: assign(({ context }) => tsDecisions.calling(context)),
			invoke: {
				id: 'execute',
				src: 'execute',
				input: ({ context }) => executeInput(context),
				onDone: [
					answer('not-connected'),
					answer('rpc-error'),
					answer('timeout'),
					answer('closed'),
					answer('result')
				],
				onError: {
					target: 'unknown',
					actions: assign(({ context, event }) => tsDecisions.raised(context, event.error))
				}
			},
			on: {
				// The local wait stops at once; leaving the state aborts the request, and the SDK
				// sends notifications/cancelled (best effort: the server may have acted already).
				CANCEL: { target: 'cancelled', actions: assign(tsDecisions.cancelledWhileCalling) }
			}
		},
		/** The raw result is kept as an artifact; the model gets the bounded summary. */
		result: {
			entry: assign(({ context }) => tsDecisions.result(context)),
			always: [
				{
					guard: 'toolFailed',
					target: 'failed',
					actions: assign(({ context }) => tsDecisions.resultFailed(context))
				},
				{ target: 'completed', actions: assign(({ context }) => tsDecisions.completed(context)) }
			]
		},
		completed: { type: 'final' },
		permission_denied: {
			initial: 'notAllowlisted',
			states: {
				notAllowlisted: { type: 'final', entry: end('permission_denied.notAllowlisted') },
				refused: { type: 'final', entry: end('permission_denied.refused') }
			},
			onDone: 'done'
		},
		failed: {
			initial: 'tool',
			states: {
				tool: { type: 'final', entry: end('failed.tool') },
				unknownTool: { type: 'final', entry: end('failed.unknownTool') },
				unregistered: { type: 'final', entry: end('failed.unregistered') },
				invalid: { type: 'final', entry: end('failed.invalid') },
				notConnected: { type: 'final', entry: end('failed.notConnected') },
				serverError: { type: 'final', entry: end('failed.serverError') },
				persist: { type: 'final', entry: end('failed.persist') }
			},
			onDone: 'done'
		},
		unknown: { entry: end('unknown'), always: 'done' },
		cancelled: { entry: end('cancelled'), always: 'done' },
		done: { type: 'final' }
	},
	output: ({ context }) => toolSourceOutcome(context)
});

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
