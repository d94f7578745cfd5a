import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcp } from '$lib/test-support/http-mcp';
import { makeWorld } from '../world/test-world';

// A live server whose answer stream loses its socket mid-call (a proxy's idle cut, a dropped
// connection), on a real Streamable HTTP server: with an event store the stream carries event
// ids, so the SDK client resumes it with Last-Event-ID and the call gets its result. A live
// audit found the page failing such a call with 'Connection closed' and closing the connection.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	while (closers.length) await closers.pop()!();
});

async function droppingServer(resumable: boolean) {
	const sessions = new Map<
		string,
		{ transport: StreamableHTTPServerTransport; last?: ServerResponse }
	>();
	return serveMcp(async (req, res, body) => {
		const id = req.headers['mcp-session-id'];
		let entry = typeof id === 'string' ? sessions.get(id) : undefined;
		if (!entry) {
			const transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				...(resumable ? { eventStore: new InMemoryEventStore(), retryInterval: 50 } : {}),
				onsessioninitialized: (sid) => void sessions.set(sid, entry!)
			});
			entry = { transport };
			const server = new McpServer({ name: 'dropper', version: '1.0.0' });
			server.registerTool(
				'slow_report',
				{ description: 'answers after its socket drops' },
				async (extra) => {
					await new Promise((resolve) => setTimeout(resolve, 100));
					sessions.get(extra.sessionId!)?.last?.socket?.destroy();
					await new Promise((resolve) => setTimeout(resolve, 300));
					return { content: [{ type: 'text', text: 'report ready' }] };
				}
			);
			await server.connect(transport);
		}
		if (req.method === 'POST') entry.last = res;
		await entry.transport.handleRequest(req, res, body);
	});
}

async function callThroughDrop(resumable: boolean) {
	const url = await droppingServer(resumable);
	const world = makeWorld(
		{ profile: 'openharness', mcp_servers: { reports: { type: 'http', url, live: true } } },
		{ liveTimeoutMs: 5_000 }
	);
	closers.push(async () => world.dispose());
	await world.startSession();
	const call = await world.callTool('mcp__reports__slow_report', {});
	return { world, call };
}

describe('a live answer stream that loses its socket mid-call', () => {
	it('is resumed when it carried event ids: the call gets its result, the connection stays', async () => {
		const { world, call } = await callThroughDrop(true);
		expect(call).toMatchObject({ isError: false, output: 'report ready' });
		expect(world.servers().find((s) => s.name === 'reports')?.status).toBe('connected');
	});

	it('fails the call when nothing can resume it', async () => {
		const { call } = await callThroughDrop(false);
		expect(call).toMatchObject({
			isError: true,
			output: "MCP server 'reports' call failed: Connection closed"
		});
	});
});
