import { request, type IncomingMessage } from 'node:http';
import { isIPv4, type Socket } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { machineOf } from './guard';
import {
	LAB_ORIGIN,
	LAN_MACHINE,
	MCP_HEADERS,
	adminFaults,
	connectClient,
	initializeBody,
	listToolsBody,
	raw,
	startTestServer
} from './test-support';

const textOf = (result: unknown) =>
	(result as { content: { type: string; text: string }[] }).content.map((c) => c.text).join('');

async function statusOf(promise: Promise<unknown>): Promise<number | string> {
	try {
		await promise;
		return 'resolved';
	} catch (error) {
		return error instanceof StreamableHTTPError ? (error.code ?? 'no code') : String(error);
	}
}

describe('MCP over Streamable HTTP', () => {
	it("lists and calls the tools of lab 01's servers, built from the lab's scenario", async () => {
		const { base } = await startTestServer();
		const api = await connectClient(`${base}internal-api/mcp`);
		const tools = await api.client.listTools();
		expect(tools.tools.map((t) => t.name)).toEqual(['search_orders', 'create_ticket']);
		const result = await api.client.callTool({
			name: 'search_orders',
			arguments: { query: 'late delivery' }
		});
		expect(textOf(result)).toBe('3 orders match "late delivery"');

		// filesystem has no sim block: the built-in one for the well-known package is served.
		const fs = await connectClient(`${base}filesystem/mcp`);
		expect(fs.client.getServerVersion()).toEqual({
			name: 'secure-filesystem-server',
			version: '0.2.0'
		});
		const read = await fs.client.callTool({
			name: 'read_file',
			arguments: { path: '/data/notes.txt' }
		});
		expect(textOf(read)).toBe('hello from /data/notes.txt');
	});

	it('keeps state per session; after the kill fault the old session id gets 404', async () => {
		const server = await startTestServer();
		const { client, transport } = await connectClient(`${server.base}internal-api/mcp`);
		const id = transport.sessionId;
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		await client.listTools();
		await client.listTools();
		expect(server.app.sessions.size).toBe(1);

		const killed = await adminFaults(server.base, { killSessions: true });
		expect(killed.status).toBe(200);
		expect(JSON.parse(killed.body).did).toEqual([
			'Killed 1 session: a request with an old session id now gets 404 Session not found.'
		]);
		expect(server.log).toContain(`Session ${id!.slice(0, 8)}… on internal-api killed.`);
		expect(await statusOf(client.listTools())).toBe(404);

		const stale = await raw(`${server.base}internal-api/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, 'mcp-session-id': id!, 'mcp-protocol-version': '2025-11-25' },
			body: listToolsBody
		});
		expect(stale.status).toBe(404);
		expect(JSON.parse(stale.body)).toEqual({
			jsonrpc: '2.0',
			error: { code: -32001, message: 'Session not found' },
			id: null
		});
	});

	it("refuses a session id on another server's URL with 404", async () => {
		const { base } = await startTestServer();
		const { transport } = await connectClient(`${base}internal-api/mcp`);
		const other = await raw(`${base}filesystem/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, 'mcp-session-id': transport.sessionId! },
			body: listToolsBody
		});
		expect(other.status).toBe(404);
	});

	it('answers a request without a session id, other than initialize, with 400', async () => {
		const { base } = await startTestServer();
		const res = await raw(`${base}internal-api/mcp`, {
			method: 'POST',
			headers: MCP_HEADERS,
			body: listToolsBody
		});
		expect(res.status).toBe(400);
		expect(JSON.parse(res.body).error.message).toBe(
			'Bad Request: Mcp-Session-Id header is required'
		);
	});

	it('ends the session when a crash tool is called: the next request gets 404', async () => {
		const server = await startTestServer({
			servers: [{ name: 'crashy', sim: { tools: [{ name: 'boom', crash: true }] } }]
		});
		const { client, transport } = await connectClient(`${server.base}crashy/mcp`);
		const id = transport.sessionId!;
		void client.callTool({ name: 'boom' }).catch(() => undefined);
		await expect.poll(() => server.app.sessions.size).toBe(0);
		expect(server.log).toContain(
			`Session ${id.slice(0, 8)}… on crashy ended: its server crashed (a crash tool).`
		);
		expect(await statusOf(client.listTools())).toBe(404);
	});

	it('answers an unknown server with 404 naming the servers there are', async () => {
		const { base } = await startTestServer();
		const res = await raw(`${base}nope/mcp`, { method: 'POST', headers: MCP_HEADERS, body: '{}' });
		expect(res.status).toBe(404);
		expect(JSON.parse(res.body).error.message).toBe(
			'Not Found: no server named "nope". MCP endpoints are /<server>/mcp for: filesystem, internal-api, realtime'
		);
	});
});

describe('bearer token and the 401 fault', () => {
	const challenge = (base: string) =>
		`Bearer realm="mcp-lab", resource_metadata="${base}.well-known/oauth-protected-resource"`;

	it('answers 401 with WWW-Authenticate without the token, and serves the metadata', async () => {
		const { base } = await startTestServer({ token: 's3cret' });
		expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
		const res = await raw(`${base}filesystem/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, origin: LAB_ORIGIN },
			body: initializeBody
		});
		expect(res.status).toBe(401);
		expect(res.headers['www-authenticate']).toBe(challenge(base));
		expect(res.headers['access-control-allow-origin']).toBe(LAB_ORIGIN);
		expect(JSON.parse(res.body).error.message).toBe(
			'Unauthorized: this lab server needs "Authorization: Bearer <token>" with the token it printed at start.'
		);
		expect(await statusOf(connectClient(`${base}filesystem/mcp`))).toBe(401);

		const metadata = await raw(`${base}.well-known/oauth-protected-resource`);
		expect(metadata.status).toBe(200);
		expect(metadata.headers['content-type']).toBe('application/json');
		expect(JSON.parse(metadata.body)).toEqual({
			resource: base.slice(0, -1),
			resource_name: 'MCP Lab server',
			bearer_methods_supported: ['header']
		});
	});

	it('names its metadata at the address the request came by, on the network too', async () => {
		const { base } = await startTestServer({
			token: 's3cret',
			host: '0.0.0.0',
			machine: LAN_MACHINE
		});
		const lan = `http://192.0.2.2:${new URL(base).port}/`;
		const res = await raw(`${base}filesystem/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, host: new URL(lan).host },
			body: initializeBody
		});
		expect(res.status).toBe(401);
		expect(res.headers['www-authenticate']).toBe(challenge(lan));
		const metadata = await raw(`${base}.well-known/oauth-protected-resource`, {
			headers: { host: new URL(lan).host }
		});
		expect(JSON.parse(metadata.body).resource).toBe(lan.slice(0, -1));
	});

	it('refuses a wrong token and serves the right one', async () => {
		const { base } = await startTestServer({ token: 's3cret' });
		const wrong = await raw(`${base}filesystem/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, authorization: 'Bearer nope' },
			body: initializeBody
		});
		expect(wrong.status).toBe(401);
		expect(JSON.parse(wrong.body).error.message).toBe(
			'Unauthorized: the bearer token is not the one this lab server printed at start.'
		);
		const { client } = await connectClient(`${base}filesystem/mcp`, {
			Authorization: 'Bearer s3cret'
		});
		expect((await client.listTools()).tools).toHaveLength(3);
	});

	it('answers 401 to everything while the 401 fault is on, even with the right token', async () => {
		const { base } = await startTestServer({ token: 's3cret' });
		const { client } = await connectClient(`${base}filesystem/mcp`, {
			Authorization: 'Bearer s3cret'
		});
		const on = await adminFaults(base, { unauthorized: true });
		expect(JSON.parse(on.body)).toEqual({
			ok: true,
			did: ['401 fault on: every MCP request now gets 401 Unauthorized.'],
			faults: { slowMs: 0, unauthorized: true }
		});
		expect(await statusOf(client.listTools())).toBe(401);
		await adminFaults(base, { unauthorized: false });
		expect((await client.listTools()).tools).toHaveLength(3);
	});
});

describe('CORS and DNS-rebinding protection', () => {
	const preflight = (url: string, origin: string, extra: Record<string, string> = {}) =>
		raw(url, {
			method: 'OPTIONS',
			headers: {
				origin,
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'content-type, mcp-session-id',
				...extra
			}
		});

	it('answers a preflight from an allowed origin, before any token check', async () => {
		const { base } = await startTestServer({ token: 's3cret' });
		const res = await preflight(`${base}filesystem/mcp`, LAB_ORIGIN, {
			'access-control-request-private-network': 'true'
		});
		expect(res.status).toBe(204);
		expect(res.headers).toMatchObject({
			'access-control-allow-origin': LAB_ORIGIN,
			vary: 'Origin, Access-Control-Request-Headers',
			'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
			'access-control-allow-headers': 'content-type, mcp-session-id',
			'access-control-allow-private-network': 'true'
		});
	});

	it('allows the custom headers a preflight asks for (X-Api-Key), and only a list of header names', async () => {
		const { base } = await startTestServer();
		const asking = (headers: string) =>
			preflight(`${base}filesystem/mcp`, LAB_ORIGIN, {
				'access-control-request-headers': headers
			}).then((res) => res.headers['access-control-allow-headers']);
		expect(await asking('content-type,mcp-protocol-version,X-Api-Key')).toBe(
			'content-type, mcp-protocol-version, x-api-key'
		);
		const mcpOnly =
			'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id';
		expect(await asking('x-api-key, <script>')).toBe(mcpOnly);
		expect(await asking('x-api-key,,content-type')).toBe(mcpOnly);
		expect(await asking(`x-${'a'.repeat(1000)}`)).toBe(mcpOnly);
		const none = await raw(`${base}filesystem/mcp`, {
			method: 'OPTIONS',
			headers: { origin: LAB_ORIGIN, 'access-control-request-method': 'POST' }
		});
		expect(none.headers['access-control-allow-headers']).toBe(mcpOnly);
	});

	it('refuses a preflight from another origin with 403 and no CORS headers', async () => {
		const { base, log } = await startTestServer();
		const res = await preflight(`${base}filesystem/mcp`, 'https://evil.example');
		// The page sees only "Failed to fetch": the terminal says what to do, once per origin.
		await preflight(`${base}filesystem/mcp`, 'https://evil.example');
		await preflight(`${base}internal-api/mcp`, 'https://evil.example');
		await preflight(`${base}filesystem/mcp`, 'null');
		expect(log).toEqual([
			'Refused a page at https://evil.example: its origin is not allowed here. To let it connect, restart the lab server with --origin https://evil.example',
			`Refused a request with Origin "null": only an http(s) page's origin can be allowed (--origin <url>).`
		]);
		expect(res.status).toBe(403);
		expect(res.headers['access-control-allow-origin']).toBeUndefined();
		expect(JSON.parse(res.body)).toEqual({
			jsonrpc: '2.0',
			error: {
				code: -32000,
				message:
					'Forbidden: Origin header "https://evil.example" is not allowed by this lab server (DNS-rebinding protection).'
			},
			id: null
		});
	});

	it('refuses a request whose Host is not this server with 403', async () => {
		const { base } = await startTestServer();
		const res = await raw(`${base}filesystem/mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, host: 'attacker.example:80' },
			body: initializeBody
		});
		expect(res.status).toBe(403);
		expect(JSON.parse(res.body).error.message).toBe(
			'Forbidden: Host header "attacker.example:80" is not allowed by this lab server (DNS-rebinding protection).'
		);
		const port = new URL(base).port;
		const localhost = await raw(`${base}not-mcp`, { headers: { host: `localhost:${port}` } });
		expect(localhost.status).toBe(200);
	});

	it("allows this machine's LAN addresses and name as Host when bound to every interface", async () => {
		const { base } = await startTestServer({ host: '0.0.0.0', machine: LAN_MACHINE });
		const port = new URL(base).port;
		const as = (host: string) => raw(`${base}not-mcp`, { headers: { host: `${host}:${port}` } });
		for (const host of ['192.0.2.2', '[fd00::2]', 'lab-box', '127.0.0.1'])
			expect((await as(host)).status).toBe(200);
		// What it serves names the address the learner used, not 127.0.0.1 (their own machine).
		const index = JSON.parse((await raw(base, { headers: { host: `192.0.2.2:${port}` } })).body);
		expect(index.servers[0].url).toBe(`http://192.0.2.2:${port}/filesystem/mcp`);
		expect(index.notMcp).toBe(`http://192.0.2.2:${port}/not-mcp`);
		const evil = await as('evil.example');
		expect(evil.status).toBe(403);
		expect(JSON.parse(evil.body).error.message).toBe(
			`Forbidden: Host header "evil.example:${port}" is not allowed by this lab server (DNS-rebinding protection).`
		);
	});

	it('exposes mcp-session-id on /<server>/mcp, hides it on /no-expose/, sends no CORS on /no-cors/', async () => {
		const { base } = await startTestServer();
		const init = (path: string) =>
			raw(`${base}${path}`, {
				method: 'POST',
				headers: { ...MCP_HEADERS, origin: LAB_ORIGIN },
				body: initializeBody
			});
		const full = await init('filesystem/mcp');
		expect(full.status).toBe(200);
		expect(full.headers['mcp-session-id']).toBeTruthy();
		expect(full.headers['access-control-allow-origin']).toBe(LAB_ORIGIN);
		expect(full.headers['access-control-expose-headers']).toBe(
			'mcp-session-id, mcp-protocol-version, www-authenticate'
		);

		const hidden = await init('no-expose/filesystem/mcp');
		expect(hidden.status).toBe(200);
		expect(hidden.headers['access-control-allow-origin']).toBe(LAB_ORIGIN);
		expect(hidden.headers['access-control-expose-headers']).toBe(
			'mcp-protocol-version, www-authenticate'
		);

		const bare = await init('no-cors/filesystem/mcp');
		expect(bare.status).toBe(200);
		expect(bare.headers['mcp-session-id']).toBeTruthy();
		expect(bare.headers['access-control-allow-origin']).toBeUndefined();
		const bareFlight = await preflight(`${base}no-cors/filesystem/mcp`, LAB_ORIGIN);
		expect(bareFlight.headers['access-control-allow-origin']).toBeUndefined();
	});

	it('serves /not-mcp as an HTML page with status 200', async () => {
		const { base } = await startTestServer();
		const res = await raw(`${base}not-mcp`, {
			method: 'POST',
			headers: { ...MCP_HEADERS, origin: LAB_ORIGIN },
			body: initializeBody
		});
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(res.headers['access-control-allow-origin']).toBe(LAB_ORIGIN);
		expect(res.body).toContain('<h1>This is a web page, not an MCP endpoint</h1>');
	});

	it('lists the servers at / with their URLs', async () => {
		const { base } = await startTestServer();
		const index = JSON.parse((await raw(base)).body);
		expect(index.servers[1]).toEqual({
			name: 'internal-api',
			url: `${base}internal-api/mcp`,
			noCors: `${base}no-cors/internal-api/mcp`,
			noExpose: `${base}no-expose/internal-api/mcp`
		});
		expect(index.tokenRequired).toBe(false);
	});
});

describe('faults', () => {
	it('waits the scenario latency, plus the slow fault while it is on', async () => {
		const server = await startTestServer();
		const { client } = await connectClient(`${server.base}internal-api/mcp`);
		server.delays.length = 0;
		await client.callTool({ name: 'search_orders', arguments: { query: 'x' } });
		expect(server.delays).toEqual([40]);

		const slow = await adminFaults(server.base, { slowMs: 500 });
		expect(JSON.parse(slow.body).did).toEqual([
			'Slow responses on: every answer takes 500 ms longer.'
		]);
		server.delays.length = 0;
		await client.callTool({ name: 'search_orders', arguments: { query: 'x' } });
		expect(server.delays).toEqual([540]);

		await adminFaults(server.base, { slowMs: 0 });
		server.delays.length = 0;
		await client.listTools();
		expect(server.delays).toEqual([40]);
		expect(server.log).toContain('Slow responses off.');
	});

	it('refuses the admin endpoint without the secret, or with a wrong one', async () => {
		const { base, app } = await startTestServer();
		for (const secret of [null, 'wrong']) {
			const res = await adminFaults(base, { unauthorized: true }, secret);
			expect(res.status).toBe(403);
			expect(JSON.parse(res.body).error).toBe(
				'The faults endpoint needs the x-mcp-lab-admin header with the admin secret printed at start, from this machine.'
			);
		}
		expect(app.faults.unauthorized).toBe(false);
		const bad = await adminFaults(base, { slowMs: -1 });
		expect(bad.status).toBe(400);
		expect(JSON.parse(bad.body).error).toMatch(
			/^Expected \{killSessions\?: true, slowMs\?: number, unauthorized\?: boolean\}; slowMs: /
		);
	});

	it('accepts faults without the secret when started with --admin-open', async () => {
		const { base, app } = await startTestServer({ adminOpen: true });
		// Not as text/plain, which any page may send across origins without a preflight.
		const simple = await raw(`${base}_lab/faults`, {
			method: 'POST',
			headers: { 'content-type': 'text/plain' },
			body: JSON.stringify({ unauthorized: true })
		});
		expect(simple.status).toBe(415);
		expect(JSON.parse(simple.body).error).toBe(
			'Send the faults as JSON (Content-Type: application/json).'
		);
		expect(app.faults.unauthorized).toBe(false);
		const res = await adminFaults(base, { unauthorized: true }, null);
		expect(res.status).toBe(200);
		expect(app.faults.unauthorized).toBe(true);
	});

	// Needs a real non-loopback address: a request to it comes from it, as on a workshop laptop.
	const lan = machineOf(networkInterfaces(), hostname()).lan.find((a) => isIPv4(a));
	it.skipIf(!lan)(
		"answers the admin endpoints from this machine's own LAN address, not from others",
		async () => {
			const { base, app } = await startTestServer({ host: lan });
			expect(base).toBe(`http://${lan}:${new URL(base).port}/`);
			expect((await raw(`${base}_lab/status`)).status).toBe(200);
			const slow = await adminFaults(base, { slowMs: 5 });
			expect(slow.status).toBe(200);
			expect(app.faults.slowMs).toBe(5);

			// The same peer is another machine to a server whose machine has no such address.
			const other = await startTestServer({
				host: lan,
				machine: { addresses: ['127.0.0.1', '::1'], lan: [], name: 'elsewhere' }
			});
			const status = await raw(`${other.base}_lab/status`);
			expect(status.status).toBe(403);
			expect(JSON.parse(status.body).error).toBe('The status endpoint answers this machine only.');
			expect((await adminFaults(other.base, { slowMs: 5 })).status).toBe(403);
		}
	);

	it('drops a request whose client left during the slow wait: no session is opened', async () => {
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		const server = await startTestServer({ delay: () => held });
		await adminFaults(server.base, { slowMs: 40_000 });
		let socket: Socket | undefined;
		server.http.once('request', (r: IncomingMessage) => (socket = r.socket));
		const req = request(`${server.base}internal-api/mcp`, {
			method: 'POST',
			headers: MCP_HEADERS,
			agent: false
		});
		req.on('error', () => undefined);
		req.end(initializeBody);
		await expect.poll(() => server.delays.length).toBe(1);
		// The browser's 30 s timeout: it closes the connection while the server waits.
		req.destroy();
		await expect.poll(() => socket?.destroyed).toBe(true);
		release();
		await expect
			.poll(() => server.log.at(-1))
			.toBe(
				`Dropped a request to internal-api: its client went away during the ${server.delays[0]} ms wait.`
			);
		expect(server.delays[0]).toBeGreaterThanOrEqual(40_000);
		expect(server.app.sessions.size).toBe(0);
		expect(server.log.filter((l) => l.includes('opened'))).toEqual([]);
	});

	it('lists sessions with truncated ids, faults and URLs at /_lab/status', async () => {
		const { base } = await startTestServer();
		const { transport } = await connectClient(`${base}realtime/mcp`);
		const status = JSON.parse((await raw(`${base}_lab/status`)).body);
		expect(status.sessions).toEqual([
			{ id: `${transport.sessionId!.slice(0, 8)}…`, server: 'realtime' }
		]);
		expect(status.faults).toEqual({ slowMs: 0, unauthorized: false });
		expect(status.servers.map((s: { url: string }) => s.url)).toEqual([
			`${base}filesystem/mcp`,
			`${base}internal-api/mcp`,
			`${base}realtime/mcp`
		]);
	});
});
