import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../world/wire';
import {
	ABANDONED,
	ANSWER_MAX_BYTES,
	CLOSED_BY_CLIENT,
	type ObservingFetch,
	observingFetch,
	TOO_LARGE,
	isBadSessionId
} from './http-observer';

/** A server's answer: an event stream of these chunks that ends cleanly, or breaks off. */
const answering = (given: string[], end: 'close' | 'break') => async () => {
	const chunks = [...given];
	return new Response(
		new ReadableStream<Uint8Array>({
			// Pulled one chunk at a time: an error raised with chunks still queued drops them.
			pull(controller) {
				const chunk = chunks.shift();
				if (chunk !== undefined) controller.enqueue(new TextEncoder().encode(chunk));
				else if (end === 'close') controller.close();
				else controller.error(new TypeError('network error'));
			}
		}),
		{ status: 200, headers: { 'content-type': 'text/event-stream' } }
	);
};

/** Reads an answer to its end, as the SDK does, then what the observer said a task later. */
async function cutsAfter(
	chunks: string[],
	end: 'close' | 'break' = 'close'
): Promise<Array<ReadonlyArray<string | number>>> {
	const cuts: Array<ReadonlyArray<string | number>> = [];
	const observed = observingFetch(answering(chunks, end) as typeof fetch, 5_000, {
		exchanged: () => {},
		cut: (ids) => cuts.push(ids)
	});
	const response = await observed('http://127.0.0.1:1/mcp', {
		method: 'POST',
		body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } })
	});
	await response.text().catch(() => undefined);
	await new Promise((resolve) => setTimeout(resolve, 10));
	return cuts;
}

describe('an answer stream that ends cleanly', () => {
	const log = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message"}\n\n';

	it('is reported, for the world to close the connection if its request is still waiting', async () => {
		expect(await cutsAfter([log])).toEqual([[7]]);
	});

	it('is not reported when it carried an event id: the SDK resumes it (SSE polling)', async () => {
		expect(await cutsAfter(['id: ev-1\ndata: \n\n', log])).toEqual([]);
		// The field split across chunks, and after a CRLF line end.
		expect(await cutsAfter([log.replace(/\n/g, '\r\n'), 'i', 'd: ev-2\r\n\r\n'])).toEqual([]);
	});

	it('"id:" inside a data line is not an event id', async () => {
		expect(
			await cutsAfter([
				'data: {"text":"x\\nid: not a field"}\n\n',
				'data: {"text":"a ',
				'id: b"}\n\n'
			])
		).toEqual([[7]]);
	});
});

describe('an answer stream that breaks off (a dropped socket, a proxy cutting it)', () => {
	const log = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message"}\n\n';

	it('is reported when it carried no event id: nothing can resume it', async () => {
		expect(await cutsAfter([log], 'break')).toEqual([[7]]);
	});

	it('is not reported when it carried an event id: the SDK resumes it with Last-Event-ID', async () => {
		// A live audit: the page failed the call with 'Connection closed' and closed the
		// connection, where the SDK alone resumed the stream and got the tool's result.
		expect(await cutsAfter(['id: ev-1\ndata: \n\n', log], 'break')).toEqual([]);
	});
});

describe('a session id with control characters', () => {
	async function logged(id: string) {
		const seen: HttpExchange[] = [];
		const observed = observingFetch(
			(async () =>
				new Response('{}', {
					headers: { 'content-type': 'application/json', 'mcp-session-id': id }
				})) as typeof fetch,
			5_000,
			{ exchanged: (e) => seen.push(e), cut: () => {} }
		);
		await observed('http://127.0.0.1:1/mcp', { method: 'POST', body: '{}' });
		return seen[0];
	}

	it('is flagged when it holds a control character, not for a space or a non-ASCII letter', async () => {
		expect(await logged('abc\x01def')).toMatchObject({
			sessionId: true,
			badSessionId: true
		});
		expect(await logged('abc\x7fdef')).toMatchObject({ badSessionId: true });
		// Servers read these (Node's parser, checked), though the spec asks for visible ASCII.
		for (const id of ['abc def', 'abcé', 'abc\tdef', 'a-1_b.c'])
			expect(await logged(id)).not.toHaveProperty('badSessionId');
		expect(isBadSessionId(null)).toBe(false);
	});
});

describe("an error answer's body", () => {
	/** What the observer logged for one POST answered so, and what the SDK then read. */
	async function exchange(answer: () => Response, token?: string, read = true) {
		const seen: Array<Record<string, unknown>> = [];
		const observed = observingFetch((async () => answer()) as typeof fetch, 5_000, {
			exchanged: (e) => seen.push({ ...e }),
			cut: () => {}
		});
		const response = await observed('http://127.0.0.1:1/mcp', {
			method: 'POST',
			headers: token ? { Authorization: `Bearer ${token}` } : {},
			body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call' })
		});
		return { logged: seen[0], read: read ? await response.text() : '' };
	}
	const gone = '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}';

	it('is logged with the exchange, and the SDK still reads all of it', async () => {
		const { logged, read } = await exchange(
			() => new Response(gone, { status: 404, headers: { 'content-type': 'application/json' } })
		);
		expect(logged).toMatchObject({ status: 404, contentType: 'application/json', body: gone });
		expect(read).toBe(gone);
	});

	it('hides the bearer token a server echoes, and keeps only its start', async () => {
		const echo = `{"error":"invalid_token","received":"Bearer s3cret-t0ken"}${' '.repeat(10)}${'x'.repeat(5_000)}`;
		const { logged, read } = await exchange(
			() => new Response(echo, { status: 401 }),
			's3cret-t0ken'
		);
		expect(logged.body).toMatch(/^\{"error":"invalid_token","received":"Bearer ••••"\} +x+…$/);
		expect(String(logged.body).length).toBeLessThan(420);
		expect(JSON.stringify(logged)).not.toContain('s3cret');
		expect(read).toBe(echo);
	});

	it('is not read for an answer that succeeded, nor kept when empty', async () => {
		expect(
			(await exchange(() => new Response('{"ok":1}', { status: 200 }))).logged
		).not.toHaveProperty('body');
		expect((await exchange(() => new Response('  ', { status: 500 }))).logged).not.toHaveProperty(
			'body'
		);
	});

	it('that never ends is read for a moment, and the exchange is still logged', async () => {
		const endless = () =>
			new Response(
				new ReadableStream({
					start(c) {
						c.enqueue(new TextEncoder().encode('upstream is '));
					}
				}),
				{ status: 502 }
			);
		const { logged } = await exchange(endless, undefined, false);
		expect(logged).toMatchObject({ status: 502, body: 'upstream is' });
	});
});

/** A server's answer that never ends: a chunk every few ms until the request is aborted. */
function endless(type: string, chunk: string, seen: { signal?: AbortSignal; pulls: number }) {
	return (async (_input: RequestInfo | URL, init?: RequestInit) => {
		seen.signal = init?.signal ?? undefined;
		const bytes = new TextEncoder().encode(chunk);
		const body = new ReadableStream<Uint8Array>({
			async pull(controller) {
				if (seen.signal?.aborted) return controller.error(seen.signal.reason);
				seen.pulls++;
				await new Promise((resolve) => setTimeout(resolve, 1));
				controller.enqueue(bytes);
			}
		});
		return new Response(body, { status: 200, headers: { 'content-type': type } });
	}) as typeof fetch;
}

const post = (ids: number[]) => ({
	method: 'POST',
	body: JSON.stringify(
		ids.length === 1
			? { jsonrpc: '2.0', id: ids[0], method: 'tools/call' }
			: ids.map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call' }))
	)
});

describe('an exchange that got no answer, in the protocol log', () => {
	/** A server that never answers: the fetch waits until its signal aborts. */
	const silent = (async (_input: RequestInfo | URL, init?: RequestInit) =>
		new Promise((_, reject) =>
			init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true })
		)) as typeof fetch;

	async function logged(timeoutMs: number, act: (o: ObservingFetch, sdk: AbortController) => void) {
		const seen: HttpExchange[] = [];
		const observed = observingFetch(silent, timeoutMs, {
			exchanged: (e) => seen.push(e),
			cut: () => {}
		});
		const sdk = new AbortController();
		const request = observed('http://127.0.0.1:1/mcp', { ...post([9]), signal: sdk.signal });
		act(observed, sdk);
		await request.catch(() => {});
		return seen[0].error;
	}

	it('says why in plain words, not the runtime’s “signal is aborted without reason”', async () => {
		// The SDK closed its transport (Disconnect, a reconnect, a connect that timed out).
		expect(await logged(5_000, (_, sdk) => sdk.abort())).toBe(CLOSED_BY_CLIENT);
		// The client gave up on this request (abandon).
		expect(await logged(5_000, (o) => o.abandon(9))).toBe(ABANDONED);
		// No headers within the live timeout.
		expect(await logged(30, () => {})).toBe('No answer within 0.03 s.');
	});
});

describe('an answer the client gave up on (abandon: its timeout or a cancel)', () => {
	it('is no longer read: its exchange is aborted, and the reading fails', async () => {
		const seen: { signal?: AbortSignal; pulls: number } = { pulls: 0 };
		const observed = observingFetch(endless('application/json', '[', seen), 5_000, {
			exchanged: () => {},
			cut: () => {}
		});
		const response = await observed('http://127.0.0.1:1/mcp', post([4]));
		const reading = response.text();
		await new Promise((resolve) => setTimeout(resolve, 20));
		observed.abandon(4);
		await expect(reading).rejects.toThrow(ABANDONED);
		expect(seen.signal?.aborted).toBe(true);
		const pulls = seen.pulls;
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(seen.pulls).toBe(pulls);
	});

	it('a batch is aborted once every request in it is given up; another id changes nothing', async () => {
		const seen: { signal?: AbortSignal; pulls: number } = { pulls: 0 };
		const observed = observingFetch(endless('text/event-stream', ': x\n\n', seen), 5_000, {
			exchanged: () => {},
			cut: () => {}
		});
		const response = await observed('http://127.0.0.1:1/mcp', post([1, 2]));
		const reading = response.text();
		observed.abandon(99);
		observed.abandon(1);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(seen.signal?.aborted).toBe(false);
		observed.abandon(2);
		await expect(reading).rejects.toThrow(ABANDONED);
	});
});

describe('an answer larger than the page reads', () => {
	const mib = 'x'.repeat(1024 * 1024);

	it(`a JSON body stops at ${ANSWER_MAX_BYTES / 1024 / 1024} MiB: the reading fails with the sentence`, async () => {
		const seen = { pulls: 0 };
		const observed = observingFetch(endless('application/json', mib, seen), 5_000, {
			exchanged: () => {},
			cut: () => {}
		});
		const response = await observed('http://127.0.0.1:1/mcp', post([5]));
		await expect(response.text()).rejects.toThrow(TOO_LARGE);
		expect(seen.pulls).toBeLessThanOrEqual(ANSWER_MAX_BYTES / mib.length + 2);
	});

	it('an event stream is counted per event: many events go through, one too large does not', async () => {
		const event = `data: ${'y'.repeat(1024 * 1024)}\n\n`;
		const cuts: Array<ReadonlyArray<string | number>> = [];
		const many = observingFetch(
			(async () =>
				new Response(
					new ReadableStream<Uint8Array>({
						start(controller) {
							// 24 events of 1 MiB: more than the bound in all, none near it alone.
							for (let i = 0; i < 24; i++) controller.enqueue(new TextEncoder().encode(event));
							controller.close();
						}
					}),
					{ status: 200, headers: { 'content-type': 'text/event-stream' } }
				)) as typeof fetch,
			5_000,
			{ exchanged: () => {}, cut: (ids) => cuts.push(ids) }
		);
		const text = await (await many('http://127.0.0.1:1/mcp', post([6]))).text();
		expect(text.length).toBe(24 * event.length);

		const seen = { pulls: 0 };
		const one = observingFetch(endless('text/event-stream', mib, seen), 5_000, {
			exchanged: () => {},
			cut: (ids) => cuts.push(ids)
		});
		await expect((await one('http://127.0.0.1:1/mcp', post([7]))).text()).rejects.toThrow(
			TOO_LARGE
		);
		// The request it answered is reported, for the world to close the connection.
		expect(cuts).toContainEqual([7]);

		// With an event id too: a resumed stream would only send the same event again.
		const resumable = observingFetch(
			endless('text/event-stream', `id: ev-1\ndata: ${mib}`, { pulls: 0 }),
			5_000,
			{ exchanged: () => {}, cut: (ids) => cuts.push(ids) }
		);
		await expect((await resumable('http://127.0.0.1:1/mcp', post([8]))).text()).rejects.toThrow(
			TOO_LARGE
		);
		expect(cuts).toContainEqual([8]);
	});
});
