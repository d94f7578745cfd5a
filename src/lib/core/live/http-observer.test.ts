import { describe, expect, it } from 'vitest';
import { observingFetch } from './http-observer';

/** A server's answer: an event stream of these chunks that ends cleanly. */
const answering = (chunks: string[]) => async () =>
	new Response(
		new ReadableStream<Uint8Array>({
			start(controller) {
				for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
				controller.close();
			}
		}),
		{ status: 200, headers: { 'content-type': 'text/event-stream' } }
	);

/** Reads an answer to its end, as the SDK does, then what the observer said a task later. */
async function cutsAfter(chunks: string[]): Promise<Array<ReadonlyArray<string | number>>> {
	const cuts: Array<ReadonlyArray<string | number>> = [];
	const observed = observingFetch(answering(chunks) as typeof fetch, 5_000, {
		exchanged: () => {},
		cut: (ids) => cuts.push(ids)
	});
	const response = await observed('http://127.0.0.1:1/mcp', {
		method: 'POST',
		body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } })
	});
	await response.text();
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
