import {
	decisions,
	executeInputOf,
	initialContext,
	isExecuteError,
	outcomeOf,
	type CallContext,
	type CallEvent,
	type CallInput,
	type CallOutcome,
	type CallStage,
	type ExecuteInput,
	type ExecuteOutput,
	type ExecuteResult
} from './call.stages';
import { Mailbox } from './mailbox';

export type CallRunState = CallStage | 'completed';

/** The stages that decide from the context alone, and hold in step mode once decided. */
const PURE = new Set<CallRunState>([
	'preToolUse',
	'lookup',
	'validation',
	'permission',
	'normalising',
	'postToolUse'
]);

/**
 * One tool call, run by the world: the call machine of call.machine.ts (its states, its
 * transitions and the same decisions from call.stages.ts), executed directly instead of by
 * XState's interpreter.
 *
 * Why: an XState actor per call cost about 55 µs of a 110 µs call (Node, `npm run bench`),
 * where the SDK's own tools/call round trip on the in-memory pair takes about 12 µs — the
 * interpreter, not the pipeline, was nine tenths of the harness's overhead, and replay (time
 * travel, share links) pays it once per logged call. The XState machine stays the model: the
 * path tests walk it with `xstate/graph`, and call.run.test.ts runs this runner down every one of
 * those paths and requires the same stages, records, output and final state at each step.
 *
 * It keeps XState's observable timing: observers hear once per macrostep (after `start` and after
 * each event, the execute stage's answer included), eventless transitions run until none is
 * enabled, the execute I/O starts within the macrostep that enters `executing`, before observers
 * hear (XState starts it at that macrostep's end; nothing follows `executing` in it), its answer
 * arrives on the promise's own settlement, and an ended or stopped call ignores events.
 */
export class CallRun {
	#state: CallRunState = 'preToolUse';
	readonly #context: CallContext;
	#stopped = false;
	readonly #mailbox = new Mailbox((step) => this.#macrostep(step));

	constructor(
		input: CallInput,
		private readonly execute: (input: ExecuteInput) => Promise<ExecuteOutput>,
		private readonly observe: (run: CallRun) => void = () => {}
	) {
		this.#context = initialContext(input);
	}

	get state(): CallRunState {
		return this.#state;
	}

	get context(): CallContext {
		return this.#context;
	}

	get done(): boolean {
		return this.#state === 'completed';
	}

	/** What the model receives and what each stage recorded; only once the call has ended. */
	get output(): CallOutcome | undefined {
		return this.done ? outcomeOf(this.#context) : undefined;
	}

	start(): void {
		this.#mailbox.post(() => this.#enter('preToolUse'));
	}

	/** An event from outside (a person's answer, a step), or the execute stage's answer. */
	send(event: CallEvent | ExecuteAnswer): void {
		this.#mailbox.post(() => this.#handle(event));
	}

	/** The call is dropped (a new session, a disposed world): its I/O's answer is ignored. */
	stop(): void {
		this.#stopped = true;
	}

	#macrostep(step: () => void): void {
		if (this.#stopped || this.done) return;
		step();
		this.#always();
		this.observe(this);
	}

	/** In place: nothing keeps an earlier context (XState copies; a copy per stage cost a call ~3 µs). */
	#assign(patch: Partial<CallContext>): void {
		Object.assign(this.#context, patch);
	}

	#enter(state: CallRunState): void {
		this.#state = state;
		const context = this.#context;
		switch (state) {
			case 'preToolUse':
				return this.#decide(decisions.runPreToolUse);
			case 'lookup':
				return this.#decide(decisions.lookup);
			case 'validation':
				return this.#decide(decisions.validate);
			case 'permission':
				return this.#decide(decisions.checkPermission);
			case 'awaitingApproval':
				return this.#assign(decisions.enter(context));
			case 'executing':
				this.#assign(decisions.enter(this.#context));
				return this.#invoke(executeInputOf(this.#context));
			case 'normalising':
				return this.#decide(decisions.normalise);
			case 'postToolUse':
				return this.#decide(decisions.runPostToolUse);
			case 'completed':
				return;
		}
	}

	/** A pure stage's decision, with its step-mode hold, in one update (as the machine's `decide`). */
	#decide(decision: (context: CallContext) => Partial<CallContext>): void {
		this.#assign(decision(this.#context));
		// Set after, not added to the decision's patch: a key added to a finished object literal
		// needs a property store of its own, an allocation at every stage.
		this.#context.held = this.#context.stepping;
	}

	/** The machine's `always` transitions, taken until none is enabled. */
	#always(): void {
		for (;;) {
			const next = this.#eventless();
			if (!next) return;
			this.#enter(next);
		}
	}

	#eventless(): CallRunState | undefined {
		const { held, isError, decision } = this.#context;
		if (held || !PURE.has(this.#state)) return undefined;
		switch (this.#state) {
			case 'preToolUse':
				return isError ? 'completed' : 'lookup';
			case 'lookup':
				return isError ? 'completed' : 'validation';
			case 'validation':
				return isError ? 'completed' : 'permission';
			case 'permission':
				if (isError) return 'completed';
				return decision?.decision === 'ask' ? 'awaitingApproval' : 'executing';
			case 'normalising':
				return 'postToolUse';
			default:
				return 'completed';
		}
	}

	/** An event, as the machine takes it; a state without a transition for it ignores it. */
	#handle(event: CallEvent | ExecuteAnswer): void {
		const waiting = this.#state === 'awaitingApproval';
		const executing = this.#state === 'executing';
		switch (event.type) {
			// Targetless at the machine's root: the stage stays, its `always` is checked again.
			case 'STEP':
				return this.#assign({ held: false });
			case 'RUN':
				return this.#assign({ stepping: false, held: false });
			case 'APPROVE':
				if (!waiting) return;
				this.#assign(decisions.approve(this.#context));
				return this.#enter('executing');
			case 'REFUSE':
				if (!waiting) return;
				this.#assign(decisions.refuse(this.#context));
				return this.#enter('completed');
			case 'answered':
				if (!executing) return;
				this.#assign(
					isExecuteError(event.output)
						? decisions.executeFailed(this.#context, event.output)
						: decisions.executeReturned(this.#context, event.output as ExecuteResult)
				);
				return this.#enter('normalising');
			case 'raised':
				if (!executing) return;
				this.#assign(decisions.executeFailed(this.#context, event.error));
				return this.#enter('normalising');
		}
	}

	#invoke(input: ExecuteInput): void {
		let answer: Promise<ExecuteOutput>;
		try {
			answer = this.execute(input);
		} catch (error) {
			answer = Promise.reject(error);
		}
		answer.then(
			(output) => this.send({ type: 'answered', output }),
			(error: unknown) => this.send({ type: 'raised', error })
		);
	}
}

/** The execute I/O's settlement, as XState's invoke turns it into `xstate.done/error.actor`. */
export type ExecuteAnswer =
	{ type: 'answered'; output: ExecuteOutput } | { type: 'raised'; error: unknown };
