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
