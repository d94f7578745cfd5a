import { CallRun } from '../machines/call.run';
import type { CallStage, ExecuteInput, ExecuteOutput, StageRecord } from '../machines/call.stages';
import type { ToolSourceDetail } from './toolsource-calls';
import type { ToolSourceState } from '../machines/toolsource-call.machine';
import type { HookSettings } from '../profiles/openharness/hooks';
import {
	callFailed,
	LIST_MCP_RESOURCES,
	resourceReadFailed,
	SESSION_CLOSED
} from '../profiles/openharness/strings';
import type { PermissionSettings } from '../profiles/openharness/permissions';
import type { TruncationArtifact } from '../profiles/openharness/truncation';
import type { RegisteredTool } from '../registry/registry';
import type { SimClock } from './clock';
import { BoundedList } from './bounded-list';
import { refusal } from './command-errors';

/** How many call records a world keeps. */
export const CALL_WINDOW = 1000;

/** A call's stage as the snapshot names it, or `completed`. */
export type CallState =
	| 'pre_tool_use'
	| 'lookup'
	| 'validation'
	| 'permission'
	| 'awaiting_approval'
	| 'executing'
	| 'normalising'
	| 'post_tool_use'
	| 'completed'
	// The ToolSource profile's own words (toolsource-call.machine.ts).
	| Exclude<ToolSourceState, 'completed'>;

/** Each stage as the snapshot and the UI name it. */
export const STATE_OF: Record<CallStage, CallState> = {
	preToolUse: 'pre_tool_use',
	lookup: 'lookup',
	validation: 'validation',
	permission: 'permission',
	awaitingApproval: 'awaiting_approval',
	executing: 'executing',
	normalising: 'normalising',
	postToolUse: 'post_tool_use'
};

export interface CallRecord {
	id: string;
	name: string;
	arguments: Record<string, unknown>;
	/** What went out in tools/call (after the harness's input model), or null if nothing was sent. */
	sent: Record<string, unknown> | null;
	server: string;
	tool: string;
	state: CallState;
	/** Step mode: the current stage has decided and waits for the learner's next step. */
	held: boolean;
	isError: boolean;
	/** Exactly the text the model receives. */
	output: string;
	error: string;
	/** Each stage the call went through, with what it decided. */
	stages: StageRecord[];
	/** The full output, when it was too long for the model and saved aside. */
	artifact: (TruncationArtifact & { text: string }) | null;
	startedAt: number;
	endedAt: number | null;
	/** ToolSource calls only: what that profile records beyond the shared fields. */
	toolsource?: ToolSourceDetail;
	/** A harness built-in (OpenHarness's resource tools, or a plugin's tool): no server of its own. */
	builtin?: true;
	/** A plugin's tool (with `builtin`): the plugin that gave it; the harness ran it, no MCP sent. */
	plugin?: string;
}

/**
 * Whether a request was written (tools/call, or `read_mcp_resource`'s resources/read). The
 * harness refuses a server it does not hold as connected before anything is sent, and a session
 * whose server is gone raises before writing (`SESSION_CLOSED`); any other
 * outcome of the execute stage means the request went out (and may have failed afterwards:
 * connection closed, timed out). `list_mcp_resources` sends nothing: it reads recorded statuses;
 * nor does a plugin's tool, which the harness runs itself.
 */
function wentOut(stages: readonly StageRecord[]): boolean {
	const executing = stages.find((s) => s.stage === 'executing');
	if (!executing || executing.stage !== 'executing') return false;
	const { input } = executing.detail;
	if (executing.outcome === 'not-connected') return false;
	if (input.plugin !== undefined) return false;
	if (input.builtin && input.tool === LIST_MCP_RESOURCES) return false;
	// Most calls return: the refusal's text is built only for a failed one.
	if (executing.outcome === 'returned') return true;
	const refusedLocally =
		executing.outcome === 'read-failed'
			? resourceReadFailed(input.server, SESSION_CLOSED)
			: callFailed(input.server, SESSION_CLOSED);
	return executing.detail.error !== refusedLocally;
}

/** A call as it starts, before its first stage has decided anything (every profile). */
export function newCallRecord(
	id: string,
	name: string,
	args: Record<string, unknown>,
	tool: { server: string; tool: string; builtin?: true; plugin?: string } | undefined,
	state: CallState,
	now: number
): CallRecord {
	const record: CallRecord = {
		id,
		name,
		arguments: args,
		sent: null,
		server: tool?.server ?? '',
		tool: tool?.tool ?? '',
		state,
		held: false,
		isError: false,
		output: '',
		error: '',
		stages: [],
		artifact: null,
		startedAt: now,
		endedAt: null
	};
	// Added last, as a spread would (the key order is what a saved or shared record shows).
	if (tool?.builtin) record.builtin = true;
	if (tool?.plugin !== undefined) record.plugin = tool.plugin;
	return record;
}

/** The records of the calls `ids` that are still in the window, in the order given. */
export function inFlightRecords(
	ids: Iterable<string>,
	find: (id: string) => CallRecord | undefined
): CallRecord[] {
	const records: CallRecord[] = [];
	for (const id of ids) {
		const record = find(id);
		if (record) records.push(record);
	}
	return records;
}

/** The event a call's end is announced with. */
export const callEnded = (done: CallRecord) =>
	({
		kind: 'call',
		id: done.id,
		name: done.name,
		isError: done.isError,
		output: done.output,
		state: done.state
	}) as const;

export interface CallSettings {
	hooks?: HookSettings;
	/** Read when a call starts: changing the mode affects the calls that follow. */
	permissions: PermissionSettings;
}

/**
 * The world's tool calls: one call run each (the call machine's stages, call.run.ts), walking
 * OpenHarness's stages. Calls run
 * concurrently; a call waiting for the user's approval, or held between stages in step mode,
 * does not keep the world busy.
 */
export class CallRunner {
	/** The newest calls (older ones leave, as the wire log's entries do). */
	readonly #records = new BoundedList<CallRecord>(CALL_WINDOW);
	#runs = new Map<string, CallRun>();
	#seq = 0;
	/** Step mode for the calls that start from now on (see `runAll` to leave it). */
	stepping = false;

	constructor(
		private readonly clock: SimClock,
		private readonly settings: CallSettings,
		private readonly execute: (input: ExecuteInput) => Promise<ExecuteOutput>,
		private readonly changed: (done?: CallRecord) => void
	) {}

	find(id: string): CallRecord | undefined {
		return this.#records.findLast((r) => r.id === id);
	}

	get records(): readonly CallRecord[] {
		return this.#records.items;
	}

	/** The calls not yet ended, oldest first. */
	inFlight(): CallRecord[] {
		return inFlightRecords(this.#runs.keys(), (id) => this.find(id));
	}

	/** True while some call is moving (not waiting for a person: an approval or a step). */
	get busy(): boolean {
		for (const run of this.#runs.values())
			if (run.state !== 'awaitingApproval' && !run.context.held) return true;
		return false;
	}

	start(name: string, args: Record<string, unknown>, registry: readonly RegisteredTool[]): string {
		const id = `c${++this.#seq}`;
		const tool = registry.find((t) => t.name === name);
		this.#records.push(newCallRecord(id, name, args, tool, 'pre_tool_use', this.clock.now));
		const run = new CallRun(
			{
				id,
				name,
				arguments: args,
				// The build is never changed in place (a new session builds a new one): no copy.
				registry,
				hooks: this.settings.hooks,
				permissions: this.settings.permissions,
				now: this.#now,
				stepping: this.stepping
			},
			this.execute,
			this.#observe
		);
		this.#runs.set(id, run);
		run.start();
		return id;
	}

	/** The user's answer to a permission question. */
	answer(id: string, approve: boolean): void {
		const run = this.#runs.get(id);
		if (!run || run.state !== 'awaitingApproval') throw refusal('not_waiting_approval', { id });
		run.send({ type: approve ? 'APPROVE' : 'REFUSE' });
	}

	/** Step mode: a held call moves on one stage, or (`toEnd`) runs to its end without holding. */
	step(id: string, toEnd = false): void {
		const run = this.#runs.get(id);
		if (!run || !run.context.held) throw refusal('not_waiting_step', { id });
		run.send({ type: toEnd ? 'RUN' : 'STEP' });
	}

	/**
	 * Leaving step mode: every call in flight runs on without holding. Not only the held ones: a
	 * call executing or awaiting approval would otherwise hold at its next stage.
	 */
	runAll(): void {
		// A copy: a call that finishes at once leaves the map while we go through it.
		for (const run of [...this.#runs.values()]) run.send({ type: 'RUN' });
	}

	stopAll(): void {
		for (const run of this.#runs.values()) run.stop();
		this.#runs.clear();
	}

	/** One clock reader and one observer for every call (a run knows its own id). */
	readonly #now = () => this.clock.now;
	readonly #observe = (observed: CallRun): void => {
		const id = observed.context.id;
		if (observed.done) return this.#finish(id);
		const stage = observed.state as CallStage;
		this.#update(id, {
			state: STATE_OF[stage],
			held: observed.context.held,
			stages: observed.context.stages
		});
	};

	#finish(id: string): void {
		const run = this.#runs.get(id);
		if (!run) return;
		this.#runs.delete(id);
		const outcome = run.output!;
		const done = this.#update(id, {
			sent: wentOut(outcome.stages) ? outcome.sent : null,
			state: 'completed',
			held: false,
			isError: outcome.isError,
			output: outcome.output,
			error: outcome.error,
			stages: outcome.stages,
			artifact:
				outcome.artifact && outcome.fullOutput !== null
					? { ...outcome.artifact, text: outcome.fullOutput }
					: null,
			endedAt: this.clock.now
		});
		this.changed(done);
	}

	#update(id: string, patch: Partial<CallRecord>): CallRecord {
		const updated = this.#records.replaceLast(
			(r) => r.id === id,
			(r) => ({ ...r, ...patch })
		);
		if (patch.state !== 'completed') this.changed();
		return updated!;
	}
}
