import {
	ElicitResultSchema,
	type CreateMessageRequest,
	type CreateMessageResult,
	type ElicitRequest,
	type ElicitResult,
	type Root
} from '@modelcontextprotocol/sdk/types.js';
import { rawValidator } from '../validation/lazy-validator';
import { boundJson, boundText } from '../text/bound';
import { BoundedList } from './bounded-list';
import type { SimClock } from './clock';
import { misfitIssues, misfitParams } from './form-misfit';
import { hostRefusal } from './host-refusals';
import type { WorldCommandError } from './events';

export type HostRequestKind = 'sampling' | 'elicitation' | 'roots';

export type HostRequestState =
	| 'pending'
	| 'approved'
	| 'rejected'
	| 'accepted'
	| 'declined'
	| 'cancelled'
	/** Answered by the host itself (roots). */
	| 'answered'
	/** The server gave up first (its tools/call was cancelled, or the connection closed). */
	| 'withdrawn';

/** A sampling request as the host shows it for approval (bounded: server text is hostile). */
export interface SamplingAsk {
	messages: Array<{ role: string; text: string }>;
	systemPrompt: string;
	maxTokens: number;
}

export interface ElicitationAsk {
	mode: 'form' | 'url';
	message: string;
	/** Form mode: the schema the form is built from; null in URL mode or when too large to keep. */
	requestedSchema: Record<string, unknown> | null;
	/** URL mode: where the person is sent, and the server's id for that interaction. */
	url: string;
	elicitationId: string;
}

interface Base {
	id: string;
	server: string;
	state: HostRequestState;
	/** What went back to the server, bounded: the reply text, the content, the roots, the error. */
	reply: string;
	/** Why the last answer was refused (content not matching the form), else ''. */
	problem: string;
	/** The same, as a key and values for the page to say in its language (command-errors.ts). */
	problemWhy?: { key: string; params?: Readonly<Record<string, string>> };
	at: number;
	answeredAt: number | null;
}

export type HostRequest = Base &
	(
		| {
				kind: 'sampling';
				ask: SamplingAsk;
				/** Approved with a reply the person changed, not the host model's own (once answered). */
				edited?: boolean;
		  }
		| { kind: 'elicitation'; ask: ElicitationAsk }
		| { kind: 'roots'; ask: null }
	);

export type SamplingAnswer = { action: 'approve'; text?: string } | { action: 'reject' };
export type ElicitationAnswer = {
	action: 'accept' | 'decline' | 'cancel';
	content?: Record<string, unknown>;
};

export const HOST_REQUEST_WINDOW = 200;
const TEXT = 4000;
const SCHEMA = 20_000;
const MAX_MESSAGES = 20;
/** An edited model reply longer than this is refused rather than cut without saying so. */
export const MAX_REPLY = 20_000;
export const SCRIPTED_MODEL = 'mcp-lab-scripted-model';
/** The spec's example error for a person's refusal of sampling. */
export const SAMPLING_REJECTED = 'User rejected sampling request';

interface Waiter {
	server: string;
	resolve(value: unknown): void;
	reject(error: unknown): void;
}

const text = (value: string) => boundText(value, TEXT).text;

/**
 * Requests a server sent the host, as a person sees them: sampling and elicitation wait for an
 * answer (the SDK client's handler stays unresolved until then); roots are answered at once.
 * Pending requests do not keep the world busy: like an approval, they wait for a person.
 */
export class HostRequests {
	readonly #list = new BoundedList<HostRequest>(HOST_REQUEST_WINDOW);
	readonly #waiting = new Map<string, Waiter>();
	#seq = 0;

	constructor(
		private readonly clock: SimClock,
		private readonly modelReply: string,
		/** `moved`: the request is new or its state changed (false: only its `problem` did). */
		private readonly changed: (request: HostRequest, moved: boolean) => void
	) {}

	get items(): readonly HostRequest[] {
		return this.#list.items;
	}

	/** How many requests from this server wait for a person. */
	pendingFor(server: string): number {
		let n = 0;
		for (const waiter of this.#waiting.values()) if (waiter.server === server) n++;
		return n;
	}

	sampling(
		server: string,
		params: CreateMessageRequest['params'],
		signal: AbortSignal
	): Promise<CreateMessageResult> {
		const messages = params.messages.slice(0, MAX_MESSAGES).map((m) => {
			const parts = Array.isArray(m.content) ? m.content : [m.content];
			return {
				role: m.role,
				text: text(parts.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join(''))
			};
		});
		const ask = {
			messages,
			systemPrompt: text(params.systemPrompt ?? ''),
			maxTokens: params.maxTokens
		};
		return this.#open(server, { kind: 'sampling', ask }, signal) as Promise<CreateMessageResult>;
	}

	elicitation(
		server: string,
		params: ElicitRequest['params'],
		signal: AbortSignal
	): Promise<ElicitResult> {
		const url = params.mode === 'url';
		const schema = url ? null : (params.requestedSchema as Record<string, unknown>);
		const ask: ElicitationAsk = {
			mode: url ? 'url' : 'form',
			message: text(params.message),
			requestedSchema: schema && boundJson(schema, SCHEMA, 0).omitted === 0 ? schema : null,
			url: url ? text(params.url) : '',
			elicitationId: url ? text(params.elicitationId) : ''
		};
		return this.#open(server, { kind: 'elicitation', ask }, signal) as Promise<ElicitResult>;
	}

	/** roots/list: the host answers from its own list, no person involved. */
	roots(server: string, roots: readonly Root[]): { roots: Root[] } {
		const reply = boundJson(
			roots.map((r) => r.uri),
			TEXT,
			0
		).text;
		const request = this.#add(server, { kind: 'roots', ask: null }, 'answered', reply);
		this.changed(request, true);
		return { roots: [...roots] };
	}

	answerSampling(id: string, answer: SamplingAnswer): void {
		const { waiter } = this.#pending(id, 'sampling');
		if (answer.action === 'reject') {
			// The spec's example code for a refusal; a plain error keeps the message unprefixed.
			waiter.reject(Object.assign(new Error(SAMPLING_REJECTED), { code: -1 }));
			return this.#settle(id, 'rejected', SAMPLING_REJECTED);
		}
		const reply = answer.text ?? this.modelReply;
		if (reply.length > MAX_REPLY)
			throw hostRefusal('reply_too_long', { max: String(MAX_REPLY), length: String(reply.length) });
		waiter.resolve({
			model: SCRIPTED_MODEL,
			role: 'assistant',
			content: { type: 'text', text: reply },
			stopReason: 'endTurn'
		});
		this.#settle(id, 'approved', text(reply), { edited: reply !== this.modelReply });
	}

	answerElicitation(id: string, answer: ElicitationAnswer): void {
		const { request, waiter } = this.#pending(id, 'elicitation');
		if (answer.action !== 'accept') {
			waiter.resolve({ action: answer.action });
			return this.#settle(
				id,
				answer.action === 'decline' ? 'declined' : 'cancelled',
				answer.action
			);
		}
		const ask = request.ask as ElicitationAsk;
		if (ask.mode === 'url') {
			waiter.resolve({ action: 'accept' });
			return this.#settle(id, 'accepted', 'accept');
		}
		const content = answer.content ?? {};
		const problem = this.#formProblem(ask, content);
		if (problem) {
			const why = { key: problem.key!, ...(problem.params ? { params: problem.params } : {}) };
			this.#list.replaceLast(
				(r) => r.id === id,
				(r) => ({ ...r, problem: problem.message, problemWhy: why })
			);
			this.changed(
				this.#list.findLast((r) => r.id === id)!,
				false
			);
			throw problem;
		}
		waiter.resolve({ action: 'accept', content });
		this.#settle(id, 'accepted', boundJson(content, TEXT, 0).text);
	}

	/**
	 * Why `content` cannot go back: the protocol allows only flat strings, numbers, booleans and
	 * string lists, and it must satisfy the schema the server asked with.
	 */
	#formProblem(ask: ElicitationAsk, content: Record<string, unknown>): WorldCommandError | null {
		if (!ElicitResultSchema.safeParse({ action: 'accept', content }).success)
			return hostRefusal('answer_shape');
		if (!ask.requestedSchema) return null;
		// The world loads validation before a learner's answer reaches here (World#answerElicitation).
		const check = new (rawValidator())(ask.requestedSchema as never, '2020-12', false).validate(
			content
		);
		if (check.valid) return null;
		// What is wrong with which field, in plain words (`people must be at least 1.`).
		return hostRefusal(
			'answer_misfit',
			misfitParams(misfitIssues(ask.requestedSchema, content, check.errors))
		);
	}

	#open(
		server: string,
		what: Pick<HostRequest, 'kind' | 'ask'>,
		signal: AbortSignal
	): Promise<unknown> {
		const request = this.#add(server, what, 'pending', '');
		return new Promise((resolve, reject) => {
			this.#waiting.set(request.id, { server, resolve, reject });
			// The SDK aborts a handler when the server cancels its request or the pipe closes.
			signal.addEventListener(
				'abort',
				() => {
					if (!this.#waiting.has(request.id)) return;
					reject(new Error('withdrawn by the server'));
					this.#settle(request.id, 'withdrawn', '');
				},
				{ once: true }
			);
			this.changed(request, true);
		});
	}

	#add(
		server: string,
		what: Pick<HostRequest, 'kind' | 'ask'>,
		state: HostRequestState,
		reply: string
	): HostRequest {
		const request = {
			id: `h${++this.#seq}`,
			server,
			...what,
			state,
			reply,
			problem: '',
			at: this.clock.now,
			answeredAt: state === 'pending' ? null : this.clock.now
		} as HostRequest;
		this.#list.push(request);
		return request;
	}

	#pending(id: string, kind: HostRequestKind): { request: HostRequest; waiter: Waiter } {
		const request = this.#list.findLast((r) => r.id === id);
		const waiter = this.#waiting.get(id);
		if (!request || !waiter || request.kind !== kind)
			throw hostRefusal('host_request_not_kind', { id, kind });
		return { request, waiter };
	}

	#settle(
		id: string,
		state: HostRequestState,
		reply: string,
		more: { edited?: boolean } = {}
	): void {
		this.#waiting.delete(id);
		const done = this.#list.replaceLast(
			(r) => r.id === id,
			// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the answer clears the refusal
			({ problemWhy, ...r }) =>
				({ ...r, ...more, state, reply, problem: '', answeredAt: this.clock.now }) as HostRequest
		);
		if (done) this.changed(done, true);
	}
}
