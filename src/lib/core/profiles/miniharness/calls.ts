import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { errorDetail } from '../../profiles/openharness/strings';
import { BoundedList } from '../../world/bounded-list';
import {
	CALL_WINDOW,
	callEnded,
	inFlightRecords,
	newCallRecord,
	type CallRecord,
	type CallState
} from '../../world/calls';
import { refusal } from '../../world/command-errors';
import { miniharnessRefusal } from './refusals';
import type { ProfileCalls, ProfileHost } from '../../world/profile-extension';
import type { Link } from '../../world/sim-io';
import { withClockTimeout } from '../../world/timeout';
import { argsHash, decide } from './executor';
import type { MiniSession } from './session';
import {
	callOperation,
	clientClosed,
	notInitialized,
	runningOrUnknown,
	timedOut,
	toolFailed,
	unknownTool,
	userRejected
} from './strings';

/** tools/list read leniently (a simulated tool may have no inputSchema). */
const toolsPage = z.looseObject({
	tools: z.array(
		z.looseObject({
			name: z.string(),
			description: z.string().optional(),
			inputSchema: z.record(z.string(), z.unknown()).optional()
		})
	)
});

type Ended = Pick<CallRecord, 'state' | 'output' | 'isError'>;

/** What a MiniHarness call records beyond the shared fields (shown in the panel). */
export interface CallDetail {
	/** The checkpoint's call id: the call's own, or the one a `retry` re-runs. */
	checkpoint: string;
	name: string;
	/** Answered from a completed checkpoint: nothing went out. */
	replayed: boolean;
	argsHash: string;
	/** The executor's decision (null: the call ended before it). */
	approval: 'auto' | 'approved_before' | 'asked' | 'denied' | null;
}

const ended = (state: CallState, output: string, isError = true): Ended => ({
	state,
	output,
	isError
});

/**
 * MiniHarness's calls: the client's lifecycle first, then (for a retry) the checkpoint, the
 * routing table, the secure executor, the schema cache, and tools/call with a per-request
 * timeout. Calls run concurrently; one waiting for the user does not keep the world busy.
 */
export class MiniHarnessCalls implements ProfileCalls {
	readonly #records = new BoundedList<CallRecord>(CALL_WINDOW);
	readonly #answers = new Map<string, ((approve: boolean) => void) | null>();
	readonly details = new Map<string, CallDetail>();
	#seq = 0;
	#stopped = false;

	constructor(
		private readonly session: MiniSession,
		private readonly host: ProfileHost
	) {}

	get records(): readonly CallRecord[] {
		return this.#records.items;
	}

	find(id: string): CallRecord | undefined {
		return this.#records.findLast((r) => r.id === id);
	}

	inFlight(): CallRecord[] {
		return inFlightRecords(this.#answers.keys(), (id) => this.find(id));
	}

	get busy(): boolean {
		for (const [id, answer] of this.#answers) if (!answer && this.find(id)) return true;
		return false;
	}

	start(name: string, args: Record<string, unknown>, retryOf?: string): string {
		const id = `c${++this.#seq}`;
		this.#records.push(newCallRecord(id, name, args, undefined, 'proposed', this.host.clock.now));
		this.details.set(id, {
			checkpoint: retryOf ?? id,
			name,
			replayed: false,
			argsHash: argsHash(args),
			approval: null
		});
		// Details follow the records' window: a call that left the list leaves the panel too.
		if (this.details.size > CALL_WINDOW) this.details.delete(this.details.keys().next().value!);
		this.#answers.set(id, null);
		void this.#run(id, name, args, retryOf).then((end) => this.#end(id, end));
		return id;
	}

	/** `retry`: the model proposes call `id` again, under the same checkpoint. */
	retry(id: string): string {
		const original = this.find(id);
		if (!original) throw miniharnessRefusal('no_retry', { id });
		const checkpoint = this.details.get(id)?.checkpoint ?? id;
		return this.start(original.name, original.arguments, checkpoint);
	}

	answer(id: string, approve: boolean): void {
		const answer = this.#answers.get(id);
		if (!answer) throw refusal('not_waiting_approval', { id });
		this.#answers.set(id, null);
		answer(approve);
	}

	stopAll(): void {
		this.#stopped = true;
		this.#answers.clear();
	}

	async #run(
		id: string,
		name: string,
		args: Record<string, unknown>,
		retryOf: string | undefined
	): Promise<Ended> {
		const session = this.session;
		session.sync();
		if (session.state === 'closed') return ended('failed', clientClosed);
		if (session.state !== 'initialized') return ended('failed', notInitialized);
		if (retryOf) {
			const kept = this.#checkpointed(id, retryOf);
			if (kept) return kept;
		}
		const route = session.route(name);
		if (!route) return ended('failed', unknownTool(name));
		this.#update(id, { server: route.server, tool: route.name });
		const hash = this.details.get(id)!.argsHash;
		const decision = decide(session.config, session.approvals, session.user, name, hash);
		if (decision.kind === 'deny') {
			this.#detail(id, { approval: 'denied' });
			return ended('permission_denied', decision.error);
		}
		if (decision.kind === 'ask') {
			this.#detail(id, { approval: 'asked' });
			if (!(await this.#ask(id))) return ended('permission_denied', userRejected(name));
			session.approvals.push({ user: session.user, tool: name, argsHash: hash, at: this.#now });
		} else this.#detail(id, { approval: decision.because });
		// The executor decided; now the client, which may have closed meanwhile.
		session.sync();
		const client = session.clients.get(route.server)!;
		if (client.state === 'closed' || !client.link) return ended('failed', clientClosed);
		// Checked again once the person answered: the same checkpoint may have run meanwhile (the
		// original and its retry both waited for approval; each approved ran tools/call).
		const kept = this.#checkpointed(id, retryOf ?? id);
		if (kept) return kept;
		this.#update(id, { state: 'executing' });
		const listed = await this.#freshSchema(client.link, route.server, name);
		if (listed) return listed;
		return this.#call(id, client.link, route.server, name, args, retryOf ?? id);
	}

	/**
	 * What the checkpoint says of call `key` in this session: a completed call's result, replayed
	 * without executing again, or "running or unknown" for one started and never finished; null
	 * when it may run.
	 */
	#checkpointed(id: string, key: string): Ended | null {
		const checkpoint = this.session.checkpoints.get(this.session.id, key);
		if (checkpoint?.state === 'completed') {
			this.#detail(id, { replayed: true });
			this.session.replayed.push(id);
			this.host.emit({
				kind: 'profile',
				profile: 'miniharness',
				event: 'replayed',
				params: { call: key }
			});
			return ended('completed', checkpoint.result, checkpoint.isError);
		}
		if (checkpoint?.state === 'started') return ended('unknown', runningOrUnknown(key));
		return null;
	}

	/** An expired `server#tool` entry is listed again (tools/list on the wire) before the call. */
	async #freshSchema(link: Link, server: string, name: string): Promise<Ended | null> {
		if (this.session.cache.fresh(server, name, this.#now)) return null;
		try {
			const page = await withClockTimeout(this.host.clock, this.session.timeoutMs, (options) =>
				link.client.request({ method: 'tools/list', params: {} }, toolsPage, options)
			);
			const tools = page.tools.map((t) => ({
				name: t.name,
				description: t.description ?? '',
				inputSchema: t.inputSchema ?? { type: 'object', properties: {} }
			}));
			this.session.cache.store(server, tools, this.#now);
			this.session.relisted.push({ server, tool: name, at: this.#now });
			this.host.emit({
				kind: 'profile',
				profile: 'miniharness',
				event: 'relisted',
				params: { server, tool: name }
			});
			return null;
		} catch (error) {
			return ended('failed', isTimeout(error) ? timedOut('tools/list') : errorDetail(error));
		}
	}

	async #call(
		id: string,
		link: Link,
		server: string,
		name: string,
		args: Record<string, unknown>,
		checkpoint: string
	): Promise<Ended> {
		const session = this.session;
		session.checkpoints.put({
			session: session.id,
			call: checkpoint,
			name,
			server,
			arguments: args,
			state: 'started',
			result: '',
			isError: false,
			at: this.#now
		});
		this.#update(id, { sent: args });
		this.host.changed();
		try {
			const result = await this.host.executingOn(server, () =>
				withClockTimeout(this.host.clock, session.timeoutMs, (options) =>
					link.client.callTool({ name, arguments: args }, undefined, options)
				)
			);
			const end = resultText(name, result as ToolResult);
			session.checkpoints.update(session.id, checkpoint, {
				state: end.isError ? 'failed' : 'completed',
				result: end.output,
				isError: end.isError,
				at: this.#now
			});
			return end;
		} catch (error) {
			// No answer came (timed out and cancelled, or the server died after reading it): the
			// checkpoint stays `started`. An answer that was an error, or nothing sent, failed.
			if (isTimeout(error)) return ended('failed', timedOut(callOperation(name)));
			const detail = errorDetail(error);
			if (!(error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) {
				session.checkpoints.update(session.id, checkpoint, { state: 'failed', result: detail });
				if (detail === 'Not connected') this.#update(id, { sent: null });
			}
			return ended('failed', detail);
		}
	}

	#ask(id: string): Promise<boolean> {
		this.#update(id, { state: 'awaiting_approval' });
		return new Promise((resolve) => this.#answers.set(id, resolve));
	}

	#end(id: string, end: Ended): void {
		if (this.#stopped || !this.#answers.has(id)) return;
		this.#answers.delete(id);
		const done = this.#update(id, {
			...end,
			error: end.isError ? end.output : '',
			endedAt: this.#now
		});
		this.host.emit(callEnded(done));
	}

	#update(id: string, patch: Partial<CallRecord>): CallRecord {
		const updated = this.#records.replaceLast(
			(r) => r.id === id,
			(r) => ({ ...r, ...patch })
		)!;
		if (!patch.endedAt) this.host.changed();
		return updated;
	}

	#detail(id: string, patch: Partial<CallDetail>): void {
		this.details.set(id, { ...this.details.get(id)!, ...patch });
	}

	get #now(): number {
		return this.host.clock.now;
	}
}

interface ToolResult {
	content?: Array<{ type: string; text?: string }>;
	structuredContent?: unknown;
	isError?: boolean;
}

/**
 * MiniHarness's `call_tool`: an `isError` result raises with its text (or `Tool 'X' failed`);
 * otherwise the text parts joined by newlines, else the structured content, else the parts.
 */
export function resultText(name: string, result: ToolResult): Ended {
	const parts = result.content ?? [];
	const texts = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '');
	const text = texts.length ? texts.join('\n') : null;
	if (result.isError) return ended('failed', text || toolFailed(name));
	if (text !== null) return ended('completed', text, false);
	if (result.structuredContent !== undefined)
		return ended('completed', JSON.stringify(result.structuredContent), false);
	return ended('completed', JSON.stringify(parts), false);
}

function isTimeout(error: unknown): boolean {
	return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}
