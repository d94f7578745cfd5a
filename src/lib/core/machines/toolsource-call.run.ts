import {
	AFTER_ANSWER,
	AFTER_PROPOSED,
	ended,
	ENDINGS,
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
	type ToolSourceOutcome,
	type ToolSourceState
} from './toolsource-call.stages';
import { Mailbox } from './mailbox';

/**
 * Where a run stands: a state of the machine, one of its terminal substates (`failed.invalid`…)
 * in place of the terminal state it belongs to, or the machine's final `done`.
 */
export type ToolSourceRunState =
	Exclude<ToolSourceState, (typeof ENDINGS)[Ending]['state']> | Ending | 'done';

/** The journal's and the wire's answers, as the machine's invokes turn them into events. */
export type ToolSourceAnswer =
	| { type: 'persisted'; seq: number }
	| { type: 'persistFailed'; error: unknown }
	| { type: 'answered'; output: ToolSourceExecuteOutput }
	| { type: 'raised'; error: unknown };

export interface ToolSourceRunIo {
	persistIntent: (input: IntentInput) => Promise<number>;
	execute: (input: ToolSourceExecuteInput, signal: AbortSignal) => Promise<ToolSourceExecuteOutput>;
}

/**
 * One ToolSource call, run by the world: the machine of toolsource-call.machine.ts (its states,
 * transitions and decisions, from toolsource-call.stages.ts), executed directly rather than by
 * an XState actor per call, for the same reason as OpenHarness's CallRun (call.run.ts): the
 * interpreter cost more than the harness. toolsource-call.run.test.ts holds it to the machine on
 * every path, and to a live actor's observations and microtask timing.
 *
 * As the machine: observers hear once per macrostep; the journal and the wire are called on
 * entering `ready` and `calling`, and their answers arrive on the promise's own settlement; an
 * answer for a state already left is ignored; leaving `calling` before the answer (a cancel, a
 * stop) aborts the request, so the SDK sends notifications/cancelled.
 */
export class ToolSourceRun {
	#state: ToolSourceRunState = 'proposed';
	readonly #context: ToolSourceCallContext;
	#stopped = false;
	readonly #mailbox = new Mailbox((step) => this.#macrostep(step));
	/** The pending request's abort, while `calling` waits for its answer. */
	#abort: AbortController | null = null;
	/** Bumped on each invoke, so a late answer from a state left since is dropped. */
	#invocation = 0;
	/** Starting and stopping I/O waits for the end of the macrostep, as XState defers them. */
	readonly #deferred: (() => void)[] = [];

	constructor(
		input: ToolSourceCallInput,
		private readonly io: ToolSourceRunIo,
		private readonly observe: (run: ToolSourceRun) => void = () => {}
	) {
		this.#context = initialToolSourceContext(input);
	}

	get state(): ToolSourceRunState {
		return this.#state;
	}

	/** The profile's word for where the call stands (`failed.invalid` is `failed`). */
	get word(): ToolSourceState {
		const state = this.#state;
		if (state === 'done') return this.#context.history.at(-1)!.state;
		return (state in ENDINGS ? ENDINGS[state as Ending].state : state) as ToolSourceState;
	}

	get context(): ToolSourceCallContext {
		return this.#context;
	}

	get done(): boolean {
		return this.#state === 'completed' || this.#state === 'done';
	}

	get output(): ToolSourceOutcome | undefined {
		return this.done ? toolSourceOutcome(this.#context) : undefined;
	}

	start(): void {
		this.#mailbox.post(() => this.#enter('proposed'));
	}

	send(event: ToolSourceCallEvent | ToolSourceAnswer): void {
		this.#mailbox.post(() => this.#handle(event));
	}

	/** The harness stops the call where it is (a restart, a new world): a pending request aborts. */
	stop(): void {
		if (this.#stopped) return;
		this.#stopped = true;
		this.#invocation++;
		this.#abort?.abort();
		this.#abort = null;
	}

	#macrostep(step: () => void): void {
		if (this.#stopped || this.done) return;
		step();
		for (let run = this.#deferred.shift(); run; run = this.#deferred.shift()) run();
		this.observe(this);
	}

	#assign(patch: Partial<ToolSourceCallContext>): void {
		Object.assign(this.#context, patch);
	}

	/** Takes a transition: what the old state invoked is stopped, then the new state is entered. */
	#go(target: ToolSourceRunState): void {
		this.#leaveInvoke();
		this.#enter(target);
	}

	#enter(state: ToolSourceRunState): void {
		this.#state = state;
		const c = this.#context;
		switch (state) {
			case 'proposed':
				this.#assign(tsDecisions.propose(c));
				return this.#go(AFTER_PROPOSED[c.verdict!]);
			case 'waiting_for_approval':
				return this.#assign(tsDecisions.waiting(c));
			case 'ready':
				this.#assign(tsDecisions.ready(c));
				return this.#invoke(() => this.io.persistIntent(intentInput(c)), 'persisted');
			case 'intent_persisted':
				this.#assign(tsDecisions.intentPersisted(c));
				return this.#go('calling');
			case 'calling': {
				this.#assign(tsDecisions.calling(c));
				const abort = new AbortController();
				this.#abort = abort;
				return this.#invoke(() => this.io.execute(executeInput(c), abort.signal), 'answered');
			}
			case 'result':
				this.#assign(tsDecisions.result(c));
				if (tsDecisions.toolFailed(c)) {
					this.#assign(tsDecisions.resultFailed(c));
					return this.#go('failed.tool');
				}
				this.#assign(tsDecisions.completed(c));
				return this.#go('completed');
			case 'completed':
			case 'done':
				return;
			default:
				// A terminal state: its text, then the machine's `done`.
				this.#assign(ended(c, state));
				return this.#go('done');
		}
	}

	#handle(event: ToolSourceCallEvent | ToolSourceAnswer): void {
		const state = this.#state;
		switch (event.type) {
			case 'APPROVE':
				if (state === 'waiting_for_approval') this.#go('ready');
				return;
			case 'REFUSE':
				if (state === 'waiting_for_approval') this.#go('permission_denied.refused');
				return;
			case 'CANCEL':
				if (state === 'calling') this.#assign(tsDecisions.cancelledWhileCalling());
				if (state === 'waiting_for_approval' || state === 'ready' || state === 'calling')
					this.#go('cancelled');
				return;
			case 'persisted':
				if (state !== 'ready') return;
				this.#assign(tsDecisions.persisted(this.#context, event.seq));
				return this.#go('intent_persisted');
			case 'persistFailed':
				if (state !== 'ready') return;
				this.#assign(tsDecisions.persistFailed(this.#context, event.error));
				return this.#go('failed.persist');
			case 'answered':
				if (state !== 'calling') return;
				this.#abort = null;
				this.#assign(tsDecisions.answered(this.#context, event.output));
				return this.#go(AFTER_ANSWER[event.output.kind]);
			case 'raised':
				if (state !== 'calling') return;
				this.#abort = null;
				this.#assign(tsDecisions.raised(this.#context, event.error));
				return this.#go('unknown');
		}
	}

	/** Calls the I/O; its settlement comes back as an event, unless the state was left first. */
	#invoke(start: () => Promise<number | ToolSourceExecuteOutput>, kind: 'persisted' | 'answered') {
		const invocation = ++this.#invocation;
		this.#deferred.push(() => this.#started(invocation, start, kind));
	}

	#started(
		invocation: number,
		start: () => Promise<number | ToolSourceExecuteOutput>,
		kind: 'persisted' | 'answered'
	): void {
		if (invocation !== this.#invocation) return;
		let pending: Promise<number | ToolSourceExecuteOutput>;
		try {
			pending = start();
		} catch (error) {
			pending = Promise.reject(error);
		}
		const current = () => invocation === this.#invocation && !this.#stopped;
		pending.then(
			(value) => {
				if (!current()) return;
				this.send(
					kind === 'persisted'
						? { type: 'persisted', seq: value as number }
						: { type: 'answered', output: value as ToolSourceExecuteOutput }
				);
			},
			(error: unknown) => {
				if (!current()) return;
				this.send(
					kind === 'persisted' ? { type: 'persistFailed', error } : { type: 'raised', error }
				);
			}
		);
	}

	/** Leaving a state that invoked I/O: its answer no longer counts, and a pending request aborts. */
	#leaveInvoke(): void {
		this.#invocation++;
		const abort = this.#abort;
		this.#abort = null;
		if (abort) this.#deferred.push(() => abort.abort());
	}
}
