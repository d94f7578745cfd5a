import { mediaTypeEssence } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { errorDetail } from '../profiles/openharness/strings';
import { boundText, clipped } from '../text/bound';
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
 * The most of an answer the page reads: a JSON body in all, an event stream per event (a stream
 * may run for the whole session). The SDK holds what it reads in memory to parse it, so a
 * server that never ended its body took the tab to gigabytes (a hostile-server audit).
 */
export const ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/** What the page says when an answer passes ANSWER_MAX_BYTES (the call fails with it). */
export const TOO_LARGE = `The server's answer passed ${ANSWER_MAX_BYTES / 1024 / 1024} MiB: the page stopped reading it.`;

/** What a request's HTTP exchange is aborted with once the client gave up on its answer. */
export const ABANDONED = 'The client stopped waiting for this answer (its timeout or a cancel).';

/** The log's words for an exchange the client's own closing aborted (the SDK gives no reason). */
export const CLOSED_BY_CLIENT =
	'The client closed the connection before an answer came (Disconnect, a reconnect, or a connect that timed out).';

/**
 * Why an exchange got no answer, for the protocol log: the runtime's words say "signal is aborted
 * without reason" for the SDK's close and "signal timed out" for the header limit (a
 * hostile-server audit), so those two are said plainly; anything else keeps the runtime's words.
 */
function failureWords(error: unknown, sdk: AbortSignal | null | undefined, ms: number): string {
	const name = (error as { name?: unknown })?.name;
	if (name === 'TimeoutError') return `No answer within ${ms / 1000} s.`;
	if (name === 'AbortError' && sdk?.aborted && sdk.reason?.name === 'AbortError')
		return CLOSED_BY_CLIENT;
	return errorDetail(error);
}

interface BodyWatch {
	/** An event stream: its size is counted per event, and `id:` lines are looked for. */
	events: boolean;
	/** The body ended cleanly; `resumable`: it carried an event id (the SDK resumes it). */
	ended(resumable: boolean): void;
	/**
	 * The body broke off: the network, an abort, or more than ANSWER_MAX_BYTES. `resumable`: it
	 * carried an event id and broke on its own (the SDK then resumes it with Last-Event-ID);
	 * never for too large an answer, which a resumed stream would only send again.
	 */
	broke(resumable: boolean): void;
}

/**
 * The same answer, its body read through a watch: bounded (ANSWER_MAX_BYTES), and told when it
 * ends or breaks off. `ended` comes after the SDK has read everything the body carried (a task
 * later: the pipes between are promise jobs).
 */
function watched(response: Response, watch: BodyWatch): Response {
	const reader = response.body!.getReader();
	const decoder = new TextDecoder();
	let resumable = false;
	let tooLarge = false;
	/** The current line's first characters while fewer than 3 (`id:` may span chunks), else null. */
	let lineHead: string | null = '';
	/** Bytes of the body (JSON), or characters since the last event's end (a stream). */
	let size = 0;
	/** The end of the stream read so far, where an event boundary may begin. */
	let tail = '';
	const note = (text: string) => {
		const joined = tail + text;
		const boundary = Math.max(joined.lastIndexOf('\n\n'), joined.lastIndexOf('\r\r'));
		size = boundary >= 0 ? joined.length - boundary - 2 : size + text.length;
		tail = joined.slice(-1);
		if (resumable) return;
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
					void macrotask().then(() => watch.ended(resumable));
					return;
				}
				if (watch.events) note(decoder.decode(value, { stream: true }));
				else size += value.byteLength;
				if (size > ANSWER_MAX_BYTES) {
					void reader.cancel(TOO_LARGE).catch(() => undefined);
					tooLarge = true;
					throw new Error(TOO_LARGE);
				}
				controller.enqueue(value);
			} catch (error) {
				watch.broke(resumable && !tooLarge);
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

/**
 * A session id with control characters (tab aside), which the MCP spec forbids (visible ASCII
 * only). Chromium sends it back as given, but HTTP servers refuse such a header: Node's parser
 * answers 400 without CORS headers, so the page sees only "Failed to fetch" (checked). A space
 * or a non-ASCII letter passes both, so it is not flagged: it cannot explain a failure.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
export const isBadSessionId = (id: string | null): boolean => id !== null && CONTROL.test(id);

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
	return clipped(shown, BODY_MAX);
}

/** The observing fetch, and how to abort the exchange of a request the client gave up on. */
export type ObservingFetch = Fetch & {
	/**
	 * The client stopped waiting for this request (its timeout, a cancel: it sent
	 * `notifications/cancelled`): its exchange is aborted once every request it carried is, so
	 * the page stops reading an answer that may never end. The SDK's own timeout only stops
	 * waiting; the body or stream went on being read until the connection closed.
	 */
	abandon(id: Id): void;
};

/**
 * The `fetch` a live connection's transport uses: it reports each exchange as the page saw it
 * (status, content type, whether `mcp-session-id` was readable, the auth challenge, an error's
 * body), bounds the wait for headers and the size of what is read, notices an answer stream
 * that breaks off, and aborts an exchange whose requests were given up (`abandon`).
 */
export function observingFetch(
	base: Fetch,
	timeoutMs: number,
	hooks: ObserverHooks
): ObservingFetch {
	/** Each request waiting in an exchange: the exchange's abort, and its requests still wanted. */
	const open = new Map<Id, { abort: AbortController; wanted: Set<Id> }>();
	const observed: Fetch = async (input, init) => {
		const method = (init?.method ?? 'GET').toUpperCase();
		const { rpc, ids } = carried(init?.body);
		const limit = headerLimit(timeoutMs, init?.signal);
		const own = { abort: new AbortController(), wanted: new Set(ids) };
		for (const id of ids) open.set(id, own);
		const forget = () => {
			for (const id of ids) if (open.get(id) === own) open.delete(id);
		};
		let response: Response;
		try {
			response = await base(input, {
				...init,
				signal: ids.length ? AbortSignal.any([limit.signal, own.abort.signal]) : limit.signal
			});
		} catch (error) {
			forget();
			hooks.exchanged({
				method,
				rpc,
				status: 0,
				contentType: '',
				sessionId: false,
				error: failureWords(error, init?.signal, timeoutMs)
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
			// A browser shows a redirect it was told not to follow as an opaque answer, status 0.
			...(response.type === 'opaqueredirect' ? { error: 'redirect not followed' } : {}),
			contentType,
			sessionId: response.headers.has('mcp-session-id'),
			...(isBadSessionId(response.headers.get('mcp-session-id')) ? { badSessionId: true } : {}),
			...(challenge && (response.status === 401 || response.status === 403)
				? { wwwAuthenticate: boundText(challenge, 500).text }
				: {}),
			...(body ? { body } : {})
		});
		if (!response.body) {
			forget();
			return response;
		}
		// A stream answering requests that ends or breaks off unresumable may leave them
		// unanswered: the world closes the connection if one still waits (LiveWire.cut). One
		// with an event id is the SDK's to resume, as it does after a dropped socket.
		const answers = ids.length > 0 && response.ok && contentType === 'text/event-stream';
		return watched(response, {
			events: contentType === 'text/event-stream',
			ended: (resumable) => {
				forget();
				if (answers && !resumable) hooks.cut(ids);
			},
			broke: (resumable) => {
				forget();
				if (answers && !resumable) hooks.cut(ids);
			}
		});
	};
	return Object.assign(observed, {
		abandon(id: Id) {
			const exchange = open.get(id);
			if (!exchange) return;
			open.delete(id);
			exchange.wanted.delete(id);
			if (exchange.wanted.size === 0)
				exchange.abort.abort(new DOMException(ABANDONED, 'AbortError'));
		}
	});
}
