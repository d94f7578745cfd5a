import type { RegisteredTool } from '../../registry/registry';
import { BoundedList } from '../../world/bounded-list';
import {
	CALL_WINDOW,
	callEnded,
	inFlightRecords,
	newCallRecord,
	type CallRecord
} from '../../world/calls';
import { refusal } from '../../world/command-errors';
import type { ProfileCalls, ProfileHost } from '../../world/profile-extension';
import { withClockTimeout } from '../../world/timeout';
import { errorDetail } from '../openharness/strings';
import { isRecord } from './run-args';
import { boundResult } from './tools';

/**
 * What the model is given for a tool result, as pydantic-ai's MCP client returns it (mcp.py,
 * `call_tool`): the structured content when it is there (not empty: Python's truth) and every
 * part is text, a lone `{"result": …}` unwrapped (the MCP SDK's wrapping of a plain value);
 * otherwise the parts, one alone as itself, several as a list. What is not a string reaches the
 * model as compact JSON. A part that is not text is given as its JSON here: pydantic-ai passes
 * images and resources as binary content of their own, which a text lab cannot show.
 */
export function resultText(result: Record<string, unknown>): string {
	const parts = Array.isArray(result.content) ? (result.content as unknown[]) : [];
	const structured = result.structuredContent;
	if (isRecord(structured) && Object.keys(structured).length > 0 && parts.every(isTextPart)) {
		const keys = Object.keys(structured);
		return forModel(keys.length === 1 && keys[0] === 'result' ? structured.result : structured);
	}
	const mapped = parts.map((p) => (isTextPart(p) ? String(p.text ?? '') : p));
	return forModel(mapped.length === 1 ? mapped[0] : mapped);
}

/**
 * A tool error: pydantic-ai raises ModelRetry with the text parts joined by newlines, or
 * "MCP tool call failed" when there are none; the model is asked to try again with it.
 */
export function errorText(result: Record<string, unknown>): string {
	const parts = Array.isArray(result.content) ? (result.content as unknown[]) : [];
	const text = parts.filter(isTextPart).map((p) => String(p.text ?? ''));
	return text.join('\n') || 'MCP tool call failed';
}

const isTextPart = (part: unknown): part is { type: 'text'; text?: unknown } =>
	isRecord(part) && part.type === 'text';
const forModel = (value: unknown) =>
	typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');

/** The lab's sentence when the request itself failed (the source gives none). */
export const callFailedText = (server: string, tool: string, detail: string) =>
	`MCP tool '${tool}' on server '${server}' failed: ${detail}`;

/**
 * The contextual profile's calls: straight to `tools/call` on the run's connection (pydantic-ai
 * runs no approval stage of its own), the result cut at the result boundary. A call is
 * `executing` until it ends `completed` (a tool error too: the model is told) or `failed`.
 */
export class ContextualCalls implements ProfileCalls {
	readonly #records = new BoundedList<CallRecord>(CALL_WINDOW);
	readonly #active = new Map<string, AbortController>();
	#seq = 0;

	constructor(
		private readonly host: ProfileHost,
		private readonly limit: number
	) {}

	get records(): readonly CallRecord[] {
		return this.#records.items;
	}

	get busy(): boolean {
		return this.#active.size > 0;
	}

	find(id: string): CallRecord | undefined {
		return this.#records.findLast((r) => r.id === id);
	}

	inFlight(): CallRecord[] {
		return inFlightRecords(this.#active.keys(), (id) => this.find(id));
	}

	answer(id: string): void {
		throw refusal('not_waiting_approval', { id });
	}

	stopAll(): void {
		for (const controller of this.#active.values()) controller.abort();
		this.#active.clear();
	}

	/** A name the run does not have: the model is told at once, nothing is sent. */
	refuse(name: string, args: Record<string, unknown>, text: string): string {
		const id = `c${++this.#seq}`;
		this.#records.push(newCallRecord(id, name, args, undefined, 'executing', this.host.clock.now));
		this.#end(id, { state: 'completed', isError: true, output: text, error: text });
		return id;
	}

	start(name: string, args: Record<string, unknown>, tool: RegisteredTool): string {
		const id = `c${++this.#seq}`;
		this.#records.push({
			...newCallRecord(id, name, args, tool, 'executing', this.host.clock.now),
			sent: args
		});
		const controller = new AbortController();
		this.#active.set(id, controller);
		void this.#run(id, tool, args, controller);
		this.host.changed();
		return id;
	}

	async #run(
		id: string,
		tool: RegisteredTool,
		args: Record<string, unknown>,
		controller: AbortController
	): Promise<void> {
		try {
			const link = this.host.connected(tool.server);
			if (!link) throw new Error('Not connected');
			const result = await this.host.executingOn(tool.server, () =>
				withClockTimeout(this.host.clock, this.host.timeoutMs, (options) =>
					link.client.callTool({ name: tool.tool, arguments: args }, undefined, {
						...options,
						signal: AbortSignal.any([options.signal, controller.signal])
					})
				)
			);
			if (controller.signal.aborted) return;
			const isError = result.isError === true;
			const bounded = boundResult(isError ? errorText(result) : resultText(result), this.limit);
			this.#end(id, {
				state: 'completed',
				isError,
				output: bounded.text,
				error: isError ? bounded.text : ''
			});
		} catch (error) {
			if (controller.signal.aborted) return;
			const text = callFailedText(tool.server, tool.tool, errorDetail(error));
			this.#end(id, { state: 'failed', isError: true, output: text, error: text });
		}
	}

	#end(id: string, patch: Partial<CallRecord>): void {
		this.#active.delete(id);
		const done = this.#records.replaceLast(
			(r) => r.id === id,
			(r) => ({ ...r, ...patch, endedAt: this.host.clock.now })
		);
		if (done) this.host.emit(callEnded(done));
	}
}
