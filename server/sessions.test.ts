import { describe, expect, it } from 'vitest';
import {
	MCP_HEADERS,
	connectClient,
	initializeBody,
	listToolsBody,
	raw,
	startTestServer
} from './test-support';

// Sessions a client left behind (a closed tab, a reload, a Disconnect: no DELETE) end on their own.

const MINUTE = 60_000;

/** A clock the test moves by hand. */
function manualClock() {
	let now = 1_000_000;
	return { now: () => now, advance: (ms: number) => void (now += ms) };
}

async function initialize(base: string): Promise<string> {
	const res = await raw(`${base}internal-api/mcp`, {
		method: 'POST',
		headers: MCP_HEADERS,
		body: initializeBody
	});
	return String(res.headers['mcp-session-id']);
}

const listTools = (base: string, id: string) =>
	raw(`${base}internal-api/mcp`, {
		method: 'POST',
		headers: { ...MCP_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
		body: listToolsBody
	});

describe('idle sessions', () => {
	it('end after 10 minutes without a request; the old id then gets 404', async () => {
		const clock = manualClock();
		const server = await startTestServer({ now: clock.now });
		const id = await initialize(server.base);
		clock.advance(9 * MINUTE);
		expect(await server.app.sessions.expireIdle()).toBe(0);
		// A request starts the ten minutes again.
		expect((await listTools(server.base, id)).status).toBe(200);
		clock.advance(9 * MINUTE);
		expect(await server.app.sessions.expireIdle()).toBe(0);
		clock.advance(MINUTE);
		expect(await server.app.sessions.expireIdle()).toBe(1);
		expect(server.app.sessions.size).toBe(0);
		expect(server.log).toContain(
			`Session ${id.slice(0, 8)}… on internal-api expired: idle for 10 minutes.`
		);
		expect((await listTools(server.base, id)).status).toBe(404);
	});

	it('never end while the client holds its stream open; do once it drops the connection', async () => {
		const clock = manualClock();
		const server = await startTestServer({ now: clock.now });
		const { transport } = await connectClient(`${server.base}internal-api/mcp`);
		// The SDK client opens its GET stream once initialized: wait until the server holds it.
		await expect.poll(() => server.app.sessions.openRequests(transport.sessionId!)).toBe(1);
		clock.advance(60 * MINUTE);
		expect(await server.app.sessions.expireIdle()).toBe(0);
		expect(server.app.sessions.size).toBe(1);

		// What the page's Disconnect does: drop the connection, send no DELETE.
		await transport.close();
		await expect
			.poll(async () => (clock.advance(10 * MINUTE), server.app.sessions.expireIdle()))
			.toBe(1);
		expect(server.app.sessions.size).toBe(0);
	});

	it('are looked for on a timer, with the limit the server was given', async () => {
		const server = await startTestServer({ sessionIdleMs: 50 });
		const id = await initialize(server.base);
		expect(server.app.sessions.size).toBe(1);
		await expect.poll(() => server.app.sessions.size).toBe(0);
		expect(server.log).toContain(
			`Session ${id.slice(0, 8)}… on internal-api expired: idle for 0.05 s.`
		);
	});
});
