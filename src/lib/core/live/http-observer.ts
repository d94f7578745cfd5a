import { mediaTypeEssence } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { errorDetail } from '../profiles/openharness/strings';
import { boundText } from '../text/bound';
import { macrotask } from '../world/timeout';
import type { HttpExchange } from '../world/wire';

export interface ObserverHooks {
	/** Every HTTP exchange, answered or not, as soon as its headers (or its failure) are known. */
	exchanged(exchange: HttpExchange): void;
	/** The event stream answering these request ids broke off, or ended unresumable (see `watched`). */
	cut(ids: ReadonlyArray<string | number>): void;
}

type Fetch = typeof fetch;
type Id = string | number;

/** What a POST body carried: its JSON-RPC method and the ids of the requests in it. */
function carried(body: unknown): { rpc: string; ids: Id[] } {
	if (typeof body !== 'string') return { rpc: '', ids: [] };
	try {
		const parsed: unknown = JSON.parse(body);
		const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
		const first = messages[0] ?? {};
		const rpc = typeof first.method === 'string' ? first.method : 'response';
		const ids = messages
			.filter(
				(m) =>
					typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')
			)
			.map((m) => m.id as Id);
		return { rpc, ids };
	} catch {
		return { rpc: '', ids: [] };
	}
}

/**
 * A wall-clock limit on the wait for an answer's headers only: a long event stream (a slow
 * tool's answer, the server's GET stream) must not be cut by it. Live I/O is real network time
 * by nature; the simulated clock cannot bound it, so this uses the platform's timeout signal.
 */
function headerLimit(ms: number, outer: AbortSignal | null | undefined) {
	const controller = new AbortController();
	const timer = AbortSignal.timeout(ms);
	const expire = () => controller.abort(timer.reason);
	timer.addEventListener('abort', expire, { once: true });
	return {
		signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
		answered: () => timer.removeEventListener('abort', expire)
	};
}

/**
 * The same answer, its body watched for breaking off (a server that died mid-answer) or for
 * ending before it answered: a server that ends its session mid-call (the lab server's crash
 * tool) closes the stream cleanly, and the SDK would then wait for its own timeout. A stream
 * that carried an event id is resumable: the SDK reconnects for the rest (SSE polling), so its
 * clean end is no cut. `cut` is told after the SDK has read everything the stream carried (a
 * task later: the pipes between are promise jobs), and cuts only if a request is still waiting.
 */
function watched(response: Response, cut: () => void): Response {
	const reader = response.body!.getReader();
	const decoder = new TextDecoder();
	let resumable = false;
	/** The current line's first characters while fewer than 3 (`id:` may span chunks), else null. */
	let lineHead: string | null = '';
	const note = (chunk: Uint8Array) => {
		if (resumable) return;
		const text = decoder.decode(chunk, { stream: true });
		for (const [i, piece] of text.split(/\r\n|\r|\n/).entries()) {
			const head = i > 0 ? piece : lineHead === null ? null : lineHead + piece;
			if (head?.startsWith('id:')) resumable = true;
			lineHead = head !== null && head.length < 3 ? head : null;
		}
	};
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const { done, value } = await reader.read();
				if (done) {
					controller.close();
					if (!resumable) void macrotask().then(cut);
				} else {
					note(value);
					controller.enqueue(value);
				}
			} catch (error) {
				cut();
				controller.error(error);
			}
		},
		cancel: (reason) => reader.cancel(reason)
	});
	return new Response(body, {
		status: response.status,
		statusText: response.statusText,
		headers: response.headers
	});
}

/** How much of an error answer's body is kept, and how long its arrival is waited for. */
const BODY_MAX = 400;
const BODY_WAIT_MS = 2_000;

/**
 * The start of an error answer's body, read from a copy before the SDK is handed the answer (so
 * the exchange is logged before what the SDK makes of it). A server that echoes the request's
 * bearer token gets it hidden; one that never ends its body is read for a moment only (the
 * platform's timeout signal, as for headers: real network time).
 */
async function errorBody(response: Response, init: RequestInit | undefined) {
	if (response.status < 400 || !response.body) return undefined;
	const reader = response.clone().body!.getReader();
	const decoder = new TextDecoder();
	const timer = AbortSignal.timeout(BODY_WAIT_MS);
	const stopped = new Promise<null>((resolve) =>
		timer.addEventListener('abort', () => resolve(null), { once: true })
	);
	let text = '';
	try {
		while (text.length <= BODY_MAX) {
			const next = await Promise.race([reader.read(), stopped]);
			if (!next || next.done) break;
			text += decoder.decode(next.value, { stream: true });
		}
	} catch {
		// A body that broke off: what arrived is what there is.
	} finally {
		void reader.cancel().catch(() => undefined);
	}
	const auth = new Headers(init?.headers).get('authorization') ?? '';
	const token = /^Bearer\s+(\S+)/i.exec(auth)?.[1];
	const shown = (token ? text.split(token).join('••••') : text).trim();
	if (!shown) return undefined;
	const bounded = boundText(shown, BODY_MAX);
	return bounded.omitted ? `${bounded.text}…` : bounded.text;
}

/**
 * The `fetch` a live connection's transport uses: it reports each exchange as the page saw it
 * (status, content type, whether `mcp-session-id` was readable, the auth challenge, an error's
 * body), bounds the
 * wait for headers, and notices an answer stream that breaks off.
 */
export function observingFetch(base: Fetch, timeoutMs: number, hooks: ObserverHooks): Fetch {
	return async (input, init) => {
		const method = (init?.method ?? 'GET').toUpperCase();
		const { rpc, ids } = carried(init?.body);
		const limit = headerLimit(timeoutMs, init?.signal);
		let response: Response;
		try {
			response = await base(input, { ...init, signal: limit.signal });
		} catch (error) {
			hooks.exchanged({
				method,
				rpc,
				status: 0,
				contentType: '',
				sessionId: false,
				error: errorDetail(error)
			});
			throw error;
		} finally {
			limit.answered();
		}
		const contentType = mediaTypeEssence(response.headers.get('content-type')) ?? '';
		const challenge = response.headers.get('www-authenticate');
		const body = await errorBody(response, init);
		hooks.exchanged({
			method,
			rpc,
			status: response.status,
			contentType,
			sessionId: response.headers.has('mcp-session-id'),
			...(challenge && (response.status === 401 || response.status === 403)
				? { wwwAuthenticate: boundText(challenge, 500).text }
				: {}),
			...(body ? { body } : {})
		});
		if (ids.length && response.ok && response.body && contentType === 'text/event-stream')
			return watched(response, () => hooks.cut(ids));
		return response;
	};
}
