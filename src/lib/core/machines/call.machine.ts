import { and, assign, fromPromise, setup } from 'xstate';
import {
	decisions,
	initialContext,
	isExecuteError,
	outcomeOf,
	executeInputOf,
	type CallContext,
	type CallEvent,
	type CallInput,
	type CallOutcome,
	type ExecuteInput,
	type ExecuteOutput,
	type ExecuteResult
} from './call.stages';

export * from './call.stages';

/**
 * One OpenHarness tool call (`engine/query.py` `_execute_tool_call`), stage by stage:
 *
 *     preToolUse → lookup → validation → permission (→ awaitingApproval) → executing
 *       → normalising → postToolUse → completed
 *
 * Every failure becomes an error result the model sees and the call still ends `completed`
 * (`isError: true`): OpenHarness returns a `ToolResultBlock(is_error=True)` and the run goes on.
 *
 * `post_tool_use` hooks run only once the tool has executed — after a result and after the two
 * MCP errors (`McpToolAdapter.execute` turns `McpServerNotConnectedError`, which carries both
 * "is not connected" and "call failed", into an error result, which then goes on through
 * truncation and the post hooks). A call stopped earlier — blocked by a pre hook, unknown tool,
 * invalid input, permission denied or refused — returns straight away: no post hooks.
 *
 * The pure stages are decided by entry actions from the input; only `executing` invokes the
 * world's I/O, so path tests walk every branch with plain events.
 *
 * OpenHarness's built-in resource tools (`list_mcp_resources`, `read_mcp_resource`) walk the same
 * stages: their pydantic models validate, they are read-only for the permission checker, and the
 * world executes them (a `resources/read` for one, the recorded statuses for the other).
 *
 * Step mode (`stepping`): a pure stage, once decided, holds (`held`) until `STEP`, so a learner
 * sees each stage's record before the next one runs; `RUN` lets the call go on without holding.
 * Holding only delays the `always` transitions: what each stage decides is the same either way.
 */

/**
 * A pure stage's decision, made with its step-mode hold (`held`) in the same assign: the record
 * exists while the stage holds, and XState copies the snapshot once per assign, not twice.
 */
const decide = (decision: (context: CallContext) => Partial<CallContext>) =>
	assign<CallContext, CallEvent, undefined, CallEvent, never>(({ context }) => ({
		...decision(context),
		held: context.stepping
	}));

const eventOutput = (event: unknown) => (event as { output?: unknown }).output;

export const callMachine = setup({
	types: {
		context: {} as CallContext,
		events: {} as CallEvent,
		input: {} as CallInput,
		output: {} as CallOutcome
	},
	actors: {
		// The world supplies the real one with `callWithExecute`.
		execute: fromPromise<ExecuteOutput, ExecuteInput>(async () => {
			throw new Error("call I/O 'execute' was not provided");
		})
	},
	guards: {
		failed: ({ context }) => context.isError,
		notHeld: ({ context }) => !context.held,
		needsApproval: ({ context }) => context.decision?.decision === 'ask',
		answeredWithError: ({ event }) => isExecuteError(eventOutput(event))
	},
	actions: {
		release: assign({ held: false }),
		run: assign({ stepping: false, held: false }),
		runPreToolUse: decide(decisions.runPreToolUse),
		lookup: decide(decisions.lookup),
		validate: decide(decisions.validate),
		checkPermission: decide(decisions.checkPermission),
		enter: assign(({ context }) => decisions.enter(context)),
		approve: assign(({ context }) => decisions.approve(context)),
		refuse: assign(({ context }) => decisions.refuse(context)),
		executeReturned: assign(({ context, event }) =>
			decisions.executeReturned(context, eventOutput(event) as ExecuteResult)
		),
		executeFailed: assign(({ context, event }) => {
			const raw = event as { output?: unknown; error?: unknown };
			return decisions.executeFailed(context, 'output' in raw ? raw.output : raw.error);
		}),
		normalise: decide(decisions.normalise),
		runPostToolUse: decide(decisions.runPostToolUse)
	}
}).createMachine({
	id: 'call',
	context: ({ input }) => initialContext(input),
	// Targetless, so the stage stays put; the `always` transitions are re-checked afterwards.
	on: {
		STEP: { actions: 'release' },
		RUN: { actions: 'run' }
	},
	initial: 'preToolUse',
	states: {
		/** Runs first, before the name is even looked up. */
		preToolUse: {
			entry: 'runPreToolUse',
			always: [
				{ guard: and(['notHeld', 'failed']), target: 'completed' },
				{ guard: 'notHeld', target: 'lookup' }
			]
		},
		lookup: {
			entry: 'lookup',
			always: [
				{ guard: and(['notHeld', 'failed']), target: 'completed' },
				{ guard: 'notHeld', target: 'validation' }
			]
		},
		validation: {
			entry: 'validate',
			always: [
				{ guard: and(['notHeld', 'failed']), target: 'completed' },
				{ guard: 'notHeld', target: 'permission' }
			]
		},
		permission: {
			entry: 'checkPermission',
			always: [
				{ guard: and(['notHeld', 'failed']), target: 'completed' },
				{ guard: and(['notHeld', 'needsApproval']), target: 'awaitingApproval' },
				{ guard: 'notHeld', target: 'executing' }
			]
		},
		/** Default mode: the user is asked. A refusal is an error result carrying the prompt's text. */
		awaitingApproval: {
			entry: 'enter',
			on: {
				APPROVE: { target: 'executing', actions: 'approve' },
				REFUSE: { target: 'completed', actions: 'refuse' }
			}
		},
		/** The only I/O. A timeout is the world's business: its execute rejects. */
		executing: {
			entry: 'enter',
			invoke: {
				id: 'execute',
				src: 'execute',
				input: ({ context }) => executeInputOf(context),
				onDone: [
					{ guard: 'answeredWithError', target: 'normalising', actions: 'executeFailed' },
					{ target: 'normalising', actions: 'executeReturned' }
				],
				onError: { target: 'normalising', actions: 'executeFailed' }
			}
		},
		/** Result text, then truncation: error results go through it as well. */
		normalising: {
			entry: 'normalise',
			always: { guard: 'notHeld', target: 'postToolUse' }
		},
		/** Cannot block; runs for results and for the MCP errors alike. */
		postToolUse: {
			entry: 'runPostToolUse',
			always: { guard: 'notHeld', target: 'completed' }
		},
		completed: { type: 'final' }
	},
	output: ({ context }) => outcomeOf(context)
});

/** Binds a call machine to the world's tools/call (which also owns the timeout). */
export function callWithExecute(execute: (input: ExecuteInput) => Promise<ExecuteOutput>) {
	return callMachine.provide({
		actors: { execute: fromPromise<ExecuteOutput, ExecuteInput>(({ input }) => execute(input)) }
	});
}
