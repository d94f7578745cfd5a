/**
 * The pipeline panel's reading of one call: OpenHarness's eight stages in order, what each
 * decided, and the call's own tools/call exchange on the wire. Pure, so the panel stays markup;
 * every value here is protocol or server text (never a sentence), which the panel labels.
 */
import type { CallRecord, WireEntry } from '$lib/core';
import type { CallStage, StageRecord } from '$lib/core/machines/call.machine';
import type { CallState } from '$lib/core/world/calls';
import { boundJson, clipped, clippedJson } from '$lib/core/text/bound';
import { LIST_MCP_RESOURCES } from '$lib/core/profiles/openharness/strings';

/** The stages in the order OpenHarness runs them, with the name the call's state uses. */
export const PIPELINE: readonly { stage: CallStage; state: CallState }[] = [
	{ stage: 'preToolUse', state: 'pre_tool_use' },
	{ stage: 'lookup', state: 'lookup' },
	{ stage: 'validation', state: 'validation' },
	{ stage: 'permission', state: 'permission' },
	{ stage: 'awaitingApproval', state: 'awaiting_approval' },
	{ stage: 'executing', state: 'executing' },
	{ stage: 'normalising', state: 'normalising' },
	{ stage: 'postToolUse', state: 'post_tool_use' }
];

/**
 * `ran`: the stage decided (it has a record). `now`: the in-flight call is at this stage (in step
 * mode a held stage is `now` with its record: it has decided and waits for the next step).
 * `pending`: the call has not reached it yet. `skipped`: the call went past or ended without it.
 */
export type StageStatus = 'ran' | 'now' | 'pending' | 'skipped';

/** Why a stage was skipped: the call ended earlier, or permission allowed without asking. */
export type SkipReason = 'ended' | 'not-asked';

/** What a fact is about; the panel gives each its label. */
export type FactLabel =
	| 'tool-name'
	| 'hook-input'
	| 'hooks-ran'
	| 'hooks-none'
	| 'reason'
	| 'server'
	| 'plugin'
	| 'raw-tool'
	| 'raw-listed'
	| 'error'
	| 'sent'
	| 'dropped'
	| 'coerced'
	| 'nulls'
	| 'rule'
	| 'path'
	| 'command'
	| 'prompt'
	| 'arguments'
	| 'result'
	| 'waiting-server'
	| 'chars'
	| 'artifact'
	| 'no-artifact'
	| 'tool-output'
	| 'is-error';

export interface Fact {
	label: FactLabel;
	/** Already cut to `SUMMARY_MAX` (with `…`); may be empty for a label that says it all. */
	text: string;
	/** Code or JSON (monospace, kept on its lines). */
	mono: boolean;
}

export interface StageView {
	stage: CallStage;
	state: CallState;
	status: StageStatus;
	skip: SkipReason | null;
	outcome: string | null;
	/** Simulated ms the stage began, when recorded. */
	startedAt: number | null;
	/** An outcome that turned the call into an error result. */
	failed: boolean;
	facts: Fact[];
	/** The record, for the full (bounded) detail; null when the stage has none. */
	record: StageRecord | null;
}

export const SUMMARY_MAX = 300;
export const DETAIL_MAX = 8000;

const FAILURES = new Set([
	'blocked',
	'unknown',
	'invalid',
	'deny',
	'refused',
	'not-connected',
	'call-failed',
	'read-failed'
]);

const cut = (text: string, max = SUMMARY_MAX) => clipped(text, max);

/** One value as compact JSON on a line, bounded (server content can be huge). */
export function compactJson(value: unknown, max = SUMMARY_MAX): string {
	return clippedJson(value, max);
}

const fact = (label: FactLabel, text = '', mono = true): Fact => ({ label, text, mono });
const list = (items: readonly string[]) => cut(items.join(', '));

/** The hooks that ran, by matcher (a hook has no name of its own). */
function hookFacts(ran: readonly { matcher: string }[]): Fact[] {
	return ran.length
		? [fact('hooks-ran', list(ran.map((h) => JSON.stringify(h.matcher))))]
		: [fact('hooks-none')];
}

/** The input and output of one recorded stage, in a few lines. */
export function stageFacts(record: StageRecord): Fact[] {
	switch (record.stage) {
		case 'preToolUse': {
			const d = record.detail;
			return [
				fact('tool-name', cut(d.payload.tool_name)),
				fact('hook-input', compactJson(d.payload.tool_input)),
				...hookFacts(d.ran),
				...(d.reason !== null ? [fact('reason', cut(d.reason), false)] : [])
			];
		}
		case 'lookup': {
			const d = record.detail;
			if (d.error !== null) return [fact('error', cut(d.error))];
			// A harness built-in has no server of its own.
			return [
				...(d.server ? [fact('server', cut(d.server))] : []),
				fact('raw-tool', cut(d.tool ?? ''))
			];
		}
		case 'validation': {
			const d = record.detail;
			if (!d.ok) return [fact('error', cut(d.error, 1000))];
			const facts = [fact('sent', compactJson(d.sent))];
			if (d.dropped.length) facts.push(fact('dropped', list(d.dropped)));
			if (d.coerced.length)
				facts.push(
					fact('coerced', list(d.coerced.map((c) => `${c.name}: ${c.fromRepr} → ${c.toRepr}`)))
				);
			if (d.nullsNotSent.length) facts.push(fact('nulls', list(d.nullsNotSent)));
			return facts;
		}
		case 'permission': {
			const d = record.detail;
			const rule = d.decision === 'deny' && d.pattern ? `${d.rule} (${d.pattern})` : d.rule;
			const facts = [fact('rule', cut(rule))];
			if (d.filePath !== null) facts.push(fact('path', cut(d.filePath)));
			if (d.command !== null) facts.push(fact('command', cut(d.command)));
			if (d.rawListed)
				facts.push(fact('raw-listed', `${d.rawListed.list}: ${cut(d.rawListed.tool)}`));
			facts.push(
				d.decision === 'ask'
					? fact('prompt', cut(d.prompt, 1000), false)
					: fact('reason', cut(d.reason), false)
			);
			return facts;
		}
		case 'awaitingApproval':
			return record.detail.error !== null ? [fact('error', cut(record.detail.error, 1000))] : [];
		case 'executing': {
			const d = record.detail;
			// A plugin's tool has no server, and no name but the one the model called.
			const facts = [
				...(d.input.server ? [fact('server', cut(d.input.server))] : []),
				d.input.plugin !== undefined
					? fact('plugin', cut(d.input.plugin))
					: fact('raw-tool', cut(d.input.tool)),
				fact('arguments', compactJson(d.input.arguments))
			];
			if (d.result !== null) facts.push(fact('result', compactJson(d.result)));
			if (d.error !== null) facts.push(fact('error', cut(d.error)));
			return facts;
		}
		case 'normalising': {
			const d = record.detail;
			return [
				fact('chars', String(d.chars)),
				d.artifact ? fact('artifact', cut(d.artifact.id)) : fact('no-artifact')
			];
		}
		case 'postToolUse': {
			const d = record.detail;
			return [
				...hookFacts(d.ran),
				fact('tool-output', compactJson(d.payload.tool_output)),
				fact('is-error', String(d.payload.tool_is_error))
			];
		}
	}
}

/** What an in-flight call is doing at its current stage (before that stage has a record). */
function nowFacts(call: CallRecord, stage: CallStage): Fact[] {
	if (stage === 'awaitingApproval') {
		const permission = call.stages.findLast((s) => s.stage === 'permission');
		return permission?.stage === 'permission' && permission.detail.decision === 'ask'
			? [fact('prompt', cut(permission.detail.prompt, 1000), false)]
			: [];
	}
	if (stage === 'executing') {
		const args = sentBy(call);
		// A plugin's tool runs in the harness: no server, nothing to wait for on a wire.
		if (call.plugin !== undefined)
			return [
				fact('plugin', cut(call.plugin)),
				...(args ? [fact('arguments', compactJson(args))] : [])
			];
		const server = call.builtin ? String(args?.server ?? '') : call.server;
		return [
			...(server ? [fact('server', cut(server))] : []),
			fact('raw-tool', cut(call.tool)),
			...(args ? [fact('arguments', compactJson(args))] : []),
			fact('waiting-server')
		];
	}
	return [];
}

/** The eight stages of one call, each with whether and how it ran. */
export function stageViews(call: CallRecord): StageView[] {
	const done = call.state === 'completed';
	const nowIndex = PIPELINE.findIndex((p) => p.state === call.state);
	const permission = call.stages.find((s) => s.stage === 'permission');
	return PIPELINE.map(({ stage, state }, index) => {
		const record = call.stages.find((s) => s.stage === stage) ?? null;
		const base = { stage, state, record, skip: null, outcome: null, startedAt: null };
		if (record)
			return {
				...base,
				status: call.held && index === nowIndex ? 'now' : 'ran',
				outcome: record.outcome,
				startedAt: record.startedAt ?? null,
				failed: FAILURES.has(record.outcome),
				facts: stageFacts(record)
			};
		if (!done && index === nowIndex)
			return { ...base, status: 'now', failed: false, facts: nowFacts(call, stage) };
		// Approval is asked only when permission said `ask`; otherwise the call goes straight on.
		const notAsked = stage === 'awaitingApproval' && permission?.outcome === 'allow';
		if (!done && index > nowIndex && !notAsked)
			return { ...base, status: 'pending', failed: false, facts: [] };
		return {
			...base,
			status: 'skipped',
			skip: notAsked ? 'not-asked' : 'ended',
			failed: false,
			facts: []
		};
	});
}

/** The full detail of a recorded stage, as bounded JSON. */
export function stageDetail(record: StageRecord, max = DETAIL_MAX) {
	return boundJson(record.detail, max);
}

// ---- the call's tools/call on the wire ----------------------------------------------------------

export type MessageEntry = Extract<WireEntry, { kind: 'message' }>;

export type WireExchange =
	/**
	 * Nothing went out: the call ended before tools/call, or (`executed`) it reached the execute
	 * stage but the server was not connected, so the request was never written, or (`closed`) the
	 * session raised because its pipe had closed (the process died or was replaced since).
	 */
	| { kind: 'not-sent'; executed: boolean; closed?: true }
	/**
	 * `list_mcp_resources`: it reads what the servers recorded, so nothing is ever sent; nor for
	 * a plugin's tool (`plugin`), which the harness runs itself.
	 */
	| { kind: 'local'; plugin?: string }
	/** In flight and not executing yet. */
	| { kind: 'not-yet' }
	/** It went out, but the request is no longer in the log's window. */
	| { kind: 'missing' }
	/** The request, and its response when one has arrived. */
	| { kind: 'found'; request: MessageEntry; response: MessageEntry | null };

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON equality, ignoring key order (the wire holds what was serialised from `sent`). */
export function jsonEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) || Array.isArray(b)) {
		if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
		return a.every((item, i) => jsonEqual(item, b[i]));
	}
	if (!isObject(a) || !isObject(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

/**
 * The arguments the call sends: `sent` once it has ended; while it runs, what validation let
 * through (the record keeps `sent` null until the call is over).
 */
function sentBy(call: CallRecord): Record<string, unknown> | null {
	if (call.state === 'completed') return call.sent;
	const validation = call.stages.find((s) => s.stage === 'validation');
	return validation?.stage === 'validation' && validation.detail.ok ? validation.detail.sent : null;
}

const REACHED_EXECUTION: ReadonlySet<CallState> = new Set([
	'executing',
	'normalising',
	'post_tool_use'
]);

/**
 * The request a call's execute stage writes: where, which method, and how to know it (a plugin's
 * tool writes none: findExchange answers `local` before asking).
 */
function requestOf(call: CallRecord, args: Obj) {
	if (call.builtin)
		// read_mcp_resource: resources/read for the uri, on the server its arguments name.
		return {
			server: String(args.server ?? ''),
			method: 'resources/read',
			matches: (params: Obj) => params.uri === args.uri
		};
	return {
		server: call.server,
		method: 'tools/call',
		matches: (params: Obj) => params.name === call.tool && jsonEqual(params.arguments ?? {}, args)
	};
}

/**
 * Where a call's request may be: the indices of the to-server requests on its server naming its
 * raw tool with exactly the sent arguments (for `read_mcp_resource`, its `resources/read`),
 * written from the moment its execute stage began until it ended, oldest first. Null when the
 * call sent nothing (see findExchange).
 */
function candidates(call: CallRecord, wire: readonly WireEntry[]): number[] | null {
	const args = sentBy(call);
	if (args === null) return null;
	const target = requestOf(call, args);
	const executing = call.stages.find((s) => s.stage === 'executing');
	const from = executing?.startedAt ?? call.stages.at(-1)?.startedAt ?? call.startedAt;
	const found: number[] = [];
	for (let i = wire.length - 1; i >= 0; i--) {
		const e = wire[i];
		if (e.t < from) break;
		if (call.endedAt !== null && e.t > call.endedAt) continue;
		if (e.kind !== 'message' || e.dir !== 'to-server' || e.server !== target.server) continue;
		const message = e.message as Obj;
		if (message.method !== target.method || !isObject(message.params)) continue;
		if (target.matches(message.params)) found.push(i);
	}
	return found.reverse();
}

/** Whether a call has reached (or passed) the stage that sends its request. */
const sends = (call: CallRecord) =>
	call.plugin === undefined &&
	(call.state === 'completed' || REACHED_EXECUTION.has(call.state)) &&
	!(call.builtin && call.tool === LIST_MCP_RESOURCES);

/**
 * The call's request and its response. The harness writes the request as the execute stage
 * begins, so it is the earliest matching request from then until the call ended that an earlier
 * call (of `calls`, oldest first) has not taken: two calls with the same tool and arguments may
 * share a simulated moment (a live call does not move the lab's clock; nor does a lab whose
 * servers answer at once), and each must show its own exchange. The response is the next
 * to-host answer with the same id on that server, before the connection changes (ids restart
 * with each connection).
 */
export function findExchange(
	call: CallRecord,
	wire: readonly WireEntry[],
	calls: readonly CallRecord[] = []
): WireExchange {
	// Known from the start: a plugin's tool never writes anything, so "not sent yet" would mislead.
	if (call.plugin !== undefined) return { kind: 'local', plugin: call.plugin };
	if (call.state !== 'completed' && !REACHED_EXECUTION.has(call.state)) return { kind: 'not-yet' };
	if (call.builtin && call.tool === LIST_MCP_RESOURCES) return { kind: 'local' };
	const mine = candidates(call, wire);
	const executing = call.stages.find((s) => s.stage === 'executing');
	if (mine === null)
		return executing?.outcome === 'call-failed' || executing?.outcome === 'read-failed'
			? { kind: 'not-sent', executed: true, closed: true }
			: { kind: 'not-sent', executed: executing !== undefined };
	const claimed = new Set<number>();
	const position = calls.findIndex((c) => c.id === call.id);
	const first = mine[0];
	// Only an earlier call still running when this one's window opened can take from it.
	if (first !== undefined)
		for (const earlier of calls.slice(0, Math.max(0, position))) {
			// Only an identical request can be mistaken for this one's (and scanning the wire for
			// every earlier call would cost a long session each repaint).
			if (!sends(earlier) || (earlier.endedAt !== null && earlier.endedAt < wire[first].t))
				continue;
			if (earlier.server !== call.server || earlier.tool !== call.tool) continue;
			if (!jsonEqual(sentBy(earlier), sentBy(call))) continue;
			const taken = candidates(earlier, wire)?.find((i) => !claimed.has(i));
			if (taken !== undefined) claimed.add(taken);
		}
	const at = mine.find((i) => !claimed.has(i)) ?? -1;
	if (at < 0) return { kind: 'missing' };
	const request = wire[at] as MessageEntry;
	const id = (request.message as Obj).id;
	let response: MessageEntry | null = null;
	for (let i = at + 1; i < wire.length; i++) {
		const e = wire[i];
		if (e.server !== request.server) continue;
		if (e.kind === 'transport') {
			// Neither a hang nor a live connection's HTTP exchange ends the connection.
			if (e.event === 'hung' || e.event === 'http') continue;
			break;
		}
		const message = e.message as Obj;
		if (message.id !== id) continue;
		if (e.dir === 'to-host' && message.method === undefined) {
			response = e;
			break;
		}
		if (e.dir === 'to-server' && message.method !== undefined) break;
	}
	return { kind: 'found', request, response };
}

/** A wire message, pretty and bounded. */
export function entryJson(entry: MessageEntry, max = DETAIL_MAX) {
	return boundJson(entry.message, max);
}

/** The JSON-RPC id of a logged message. */
export function messageId(entry: MessageEntry): string {
	const id = (entry.message as Obj).id;
	return id === undefined ? '' : String(id);
}

/** The call the panel shows: the learner's pick while it exists, otherwise the newest. */
export function chosenCall(
	calls: readonly CallRecord[],
	choice: string | null
): CallRecord | undefined {
	return (choice !== null ? calls.findLast((c) => c.id === choice) : undefined) ?? calls.at(-1);
}

/** Ids of the calls in flight, by the stage they are in now (several run at once in one turn). */
export function inFlightByState(calls: readonly CallRecord[]): Map<CallState, string[]> {
	const at = new Map<CallState, string[]>();
	for (const call of calls) {
		if (call.state === 'completed' || call.toolsource) continue;
		at.set(call.state, [...(at.get(call.state) ?? []), call.id]);
	}
	return at;
}
