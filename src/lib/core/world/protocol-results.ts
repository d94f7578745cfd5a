import {
	EmptyResultSchema,
	GetPromptResultSchema,
	ListPromptsResultSchema,
	ListResourceTemplatesResultSchema,
	ListResourcesResultSchema,
	ReadResourceResultSchema
} from '@modelcontextprotocol/sdk/types.js';
import { sdkErrorText } from '../profiles/openharness/strings';
import { boundJson } from '../text/bound';
import { BoundedList } from './bounded-list';
import type { SimClock } from './clock';

/** The requests a learner sends from the panels, each with the SDK schema its answer must meet. */
export const PROTOCOL_METHODS = {
	'resources/list': ListResourcesResultSchema,
	'resources/templates/list': ListResourceTemplatesResultSchema,
	'resources/read': ReadResourceResultSchema,
	'prompts/list': ListPromptsResultSchema,
	'prompts/get': GetPromptResultSchema,
	'logging/setLevel': EmptyResultSchema
} as const;

export type ProtocolMethod = keyof typeof PROTOCOL_METHODS;

export interface ProtocolResult {
	id: string;
	server: string;
	method: ProtocolMethod;
	params: Record<string, unknown>;
	state: 'pending' | 'ok' | 'error';
	at: number;
	answeredAt: number | null;
	/**
	 * The answer as the SDK parsed it, kept only when its JSON fits `RESULT_MAX` (a panel reads
	 * it: resource contents, prompt messages); otherwise null and `json` shows its start.
	 */
	result: unknown;
	/** The answer as JSON, bounded; `omitted` characters were left out. */
	json: string;
	omitted: number;
	/** The error's message as the SDK raised it, e.g. `MCP error -32601: Method not found`. */
	error: string;
}

export const PROTOCOL_WINDOW = 100;
export const RESULT_MAX = 64_000;

/** The newest answers to the learner's own protocol requests (pending ones included). */
export class ProtocolResults {
	readonly #list = new BoundedList<ProtocolResult>(PROTOCOL_WINDOW);
	#seq = 0;

	get items(): readonly ProtocolResult[] {
		return this.#list.items;
	}

	find(id: string): ProtocolResult | undefined {
		return this.#list.findLast((r) => r.id === id);
	}

	open(
		server: string,
		method: ProtocolMethod,
		params: Record<string, unknown>,
		at: number
	): string {
		const id = `p${++this.#seq}`;
		this.#list.push({
			id,
			server,
			method,
			params,
			state: 'pending',
			at,
			answeredAt: null,
			result: null,
			json: '',
			omitted: 0,
			error: ''
		});
		return id;
	}

	settle(
		id: string,
		at: number,
		outcome: { ok: true; result: unknown } | { ok: false; error: string }
	): ProtocolResult | undefined {
		return this.#list.replaceLast(
			(r) => r.id === id,
			(r) => {
				if (!outcome.ok) return { ...r, state: 'error', answeredAt: at, error: outcome.error };
				const shown = boundJson(outcome.result, RESULT_MAX, 2);
				return {
					...r,
					state: 'ok',
					answeredAt: at,
					result: shown.omitted ? null : outcome.result,
					json: shown.text,
					omitted: shown.omitted
				};
			}
		);
	}
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * Sends the learner's requests and keeps their answers. `send` returns null when the harness
 * holds no connection to the server (nothing is written then). While any request is on the
 * wire the world is busy, so its settling moves the clock until the answer or the timeout.
 */
export class ProtocolRunner {
	readonly results = new ProtocolResults();
	#inFlight = 0;

	constructor(
		private readonly clock: SimClock,
		private readonly send: (
			server: string,
			method: ProtocolMethod,
			params: Record<string, unknown>
		) => Promise<unknown> | null,
		private readonly settled: (result: ProtocolResult) => void
	) {}

	get busy(): boolean {
		return this.#inFlight > 0;
	}

	start(server: string, method: ProtocolMethod, params: Record<string, unknown>): string {
		const id = this.results.open(server, method, params, this.clock.now);
		const sent = this.send(server, method, params);
		if (!sent) {
			this.#settle(id, { ok: false, error: 'Not connected' });
			return id;
		}
		this.#inFlight++;
		void sent
			.then(
				(result) => this.#settle(id, { ok: true, result }),
				(error) => this.#settle(id, { ok: false, error: sdkErrorText(error) })
			)
			.finally(() => this.#inFlight--);
		return id;
	}

	#settle(id: string, outcome: Outcome): void {
		const done = this.results.settle(id, this.clock.now, outcome);
		if (done) this.settled(done);
	}
}
