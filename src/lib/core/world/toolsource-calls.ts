import { ToolSourceRun } from '../machines/toolsource-call.run';
import {
	artifactIdFor,
	TERMINAL,
	type ToolSourceExecuteInput,
	type ToolSourceExecuteOutput,
	type ToolSourceState,
	type ToolSourceTool,
	type Transition
} from '../machines/toolsource-call.stages';
import type { ToolEffect, ToolSourcePolicy } from '../profiles/toolsource/policy';
import { cancelled, harnessRestarted, unknownOutcome } from '../profiles/toolsource/strings';
import { BoundedList } from './bounded-list';
import { CALL_WINDOW, inFlightRecords, newCallRecord, type CallRecord } from './calls';
import type { SimClock } from './clock';
import { toolsourceRefusal } from '../profiles/toolsource/refusals';
import { refusal } from './command-errors';
import { summariseArguments, ToolSourceJournal, type Reconciliation } from './toolsource-journal';

/** What a ToolSource call records beyond the fields every profile's calls share. */
export interface ToolSourceDetail {
	effect: ToolEffect | null;
	history: Transition[];
	/** The journal entry written before the request, once there is one. */
	intentSeq: number | null;
	requestSent: boolean;
	argsSummary: string;
	/** UTF-8 bytes of the raw result (the audit's "result bytes"), null without a result. */
	resultBytes: number | null;
	unsupported: string[];
	truncated: boolean;
	/** Every raw result is kept, whole, as an artifact; the model only gets the summary. */
	artifact: { id: string; bytes: number; raw: string } | null;
	reconciled: Reconciliation | null;
}

export interface ToolSourceIo {
	execute(input: ToolSourceExecuteInput, signal: AbortSignal): Promise<ToolSourceExecuteOutput>;
}

/**
 * The world's ToolSource calls: one run of the call machine each (toolsource-call.run.ts), run
 * concurrently; the journal they write
 * their intents to outlives sessions (a harness restart finds it, lists what was in flight and
 * replays nothing). While a call's outcome is unknown and unreconciled, the run is interrupted.
 */
export class ToolSourceRunner {
	readonly journal = new ToolSourceJournal();
	readonly #records = new BoundedList<CallRecord>(CALL_WINDOW);
	readonly #io: ConstructorParameters<typeof ToolSourceRun>[1];
	#runs = new Map<string, ToolSourceRun>();
	#seq = 0;

	constructor(
		private readonly clock: SimClock,
		readonly policy: ToolSourcePolicy,
		io: ToolSourceIo,
		private readonly changed: (done?: CallRecord) => void
	) {
		this.#io = {
			persistIntent: async (intent) => this.journal.persist(intent, this.clock.now),
			execute: (input, signal) => io.execute(input, signal)
		};
	}

	get records(): readonly CallRecord[] {
		return this.#records.items;
	}

	find(id: string): CallRecord | undefined {
		return this.#records.findLast((r) => r.id === id);
	}

	/** The calls not yet ended, oldest first. */
	inFlight(): CallRecord[] {
		return inFlightRecords(this.#runs.keys(), (id) => this.find(id));
	}

	/** True while a call is moving (a call waiting for a person does not count). */
	get busy(): boolean {
		for (const run of this.#runs.values()) if (run.state !== 'waiting_for_approval') return true;
		return false;
	}

	/** The calls whose outcome is unknown and not yet reconciled, oldest first. */
	get unreconciled(): string[] {
		return this.journal.toReconcile.map((e) => e.callId);
	}

	start(name: string, args: Record<string, unknown>, tools: ToolSourceTool[]): string {
		const id = `c${++this.#seq}`;
		const tool = tools.find((t) => t.name === name);
		this.#records.push({
			...newCallRecord(id, name, args, tool, 'proposed', this.clock.now),
			toolsource: {
				effect: null,
				history: [],
				intentSeq: null,
				requestSent: false,
				argsSummary: summariseArguments(args),
				resultBytes: null,
				unsupported: [],
				truncated: false,
				artifact: null,
				reconciled: null
			}
		});
		const run = new ToolSourceRun(
			{ id, name, arguments: args, tools, policy: this.policy, now: () => this.clock.now },
			this.#io,
			(observed) => {
				if (observed.done) return this.#finish(id, observed);
				const c = observed.context;
				this.#update(id, (r) => ({
					state: observed.word,
					toolsource: {
						...r.toolsource!,
						effect: c.effect,
						history: c.history,
						intentSeq: c.intentSeq
					}
				}));
			}
		);
		this.#runs.set(id, run);
		run.start();
		return id;
	}

	answer(id: string, approve: boolean): void {
		const run = this.#runs.get(id);
		if (run?.state !== 'waiting_for_approval') throw refusal('not_waiting_approval', { id });
		run.send({ type: approve ? 'APPROVE' : 'REFUSE' });
	}

	/** Stops the local wait at once; a request already sent gets notifications/cancelled. */
	cancel(id: string): void {
		const run = this.#runs.get(id);
		if (!run) throw toolsourceRefusal('not_in_flight', { id });
		run.send({ type: 'CANCEL' });
	}

	reconcile(id: string, verdict: Reconciliation): void {
		if (!this.journal.reconcile(id, verdict))
			throw toolsourceRefusal('nothing_to_reconcile', { id });
		this.#update(id, (r) => ({ toolsource: { ...r.toolsource!, reconciled: verdict } }));
		this.changed();
	}

	/**
	 * The harness process restarts: every machine stops where it is. Calls whose intent was
	 * persisted become `unknown` (listed for reconciliation, never replayed); calls that had not
	 * got that far simply never happened, so they end `cancelled`.
	 */
	abandonAll(): CallRecord[] {
		const ended: CallRecord[] = [];
		const inFlight = new Set(this.journal.inFlight.map((e) => e.callId));
		for (const [id, run] of this.#runs) {
			run.stop();
			const { name } = this.find(id)!;
			const state: ToolSourceState = inFlight.has(id) ? 'unknown' : 'cancelled';
			const text = state === 'unknown' ? unknownOutcome(name, harnessRestarted) : cancelled(name);
			if (state === 'unknown') this.journal.record(id, 'unknown');
			const at = this.clock.now;
			const done = this.#update(id, (r) => ({
				state,
				isError: true,
				output: text,
				error: text,
				endedAt: at,
				toolsource: {
					...r.toolsource!,
					history: [...r.toolsource!.history, { state, at, note: text }]
				}
			}));
			ended.push(done);
		}
		this.#runs.clear();
		return ended;
	}

	stopAll(): void {
		for (const run of this.#runs.values()) run.stop();
		this.#runs.clear();
	}

	#finish(id: string, run: ToolSourceRun): void {
		if (this.#runs.get(id) !== run) return;
		this.#runs.delete(id);
		const outcome = run.output!;
		if (outcome.intentSeq !== null) this.journal.record(id, outcome.state);
		const summary = outcome.summary;
		const done = this.#update(id, (r) => ({
			state: outcome.state,
			server: outcome.tool?.server ?? r.server,
			tool: outcome.tool?.tool ?? r.tool,
			sent: outcome.requestSent ? r.arguments : null,
			isError: outcome.isError,
			output: outcome.output,
			error: outcome.error,
			endedAt: this.clock.now,
			toolsource: {
				...r.toolsource!,
				effect: outcome.effect,
				history: outcome.history,
				intentSeq: outcome.intentSeq,
				requestSent: outcome.requestSent,
				resultBytes: summary?.bytes ?? null,
				unsupported: summary?.unsupported ?? [],
				truncated: summary?.truncated ?? false,
				artifact: summary ? { id: artifactIdFor(id), bytes: summary.bytes, raw: summary.raw } : null
			}
		}));
		this.changed(done);
	}

	#update(id: string, patch: (r: CallRecord) => Partial<CallRecord>): CallRecord {
		const updated = this.#records.replaceLast(
			(r) => r.id === id,
			(r) => ({ ...r, ...patch(r) })
		)!;
		if (!TERMINAL.includes(updated.state as ToolSourceState)) this.changed();
		return updated;
	}
}
