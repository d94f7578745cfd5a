// Node only, for tests: a real MCP server over HTTP (the SDK's McpServer and Streamable HTTP
// server transport on node:http, stateful sessions) on an ephemeral port, with the failures a
// live-mode learner meets: a required token, a forgotten session, an HTML page, a slow tool,
// a server that dies mid-call, a server that ends its session mid-call.
import { randomUUID } from 'node:crypto';
import {
	createServer,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type ServerResponse
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export interface TestServerOptions {
	/** Every request must carry `Authorization: Bearer <token>`; others get a 401 challenge. */
	token?: string;
	/** Answer every request with an HTML page, as a web site does (not an MCP endpoint). */
	html?: boolean;
	/** Never answer: every request is read and left waiting (a server that hangs). */
	silent?: boolean;
}

export interface TestServer {
	/** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
	url: string;
	/** The `resource_metadata` URL a 401 names. */
	resourceMetadata: string;
	/** The Authorization header of every request, in order ('' when absent). */
	authorizations: string[];
	/** Every request, in order: HTTP method, the JSON-RPC method its body carried, its headers. */
	requests: TestRequest[];
	/** The server loses every session (as after a restart): their ids now get 404. */
	forgetSessions(): void;
	close(): Promise<void>;
}

export interface TestRequest {
	method: string;
	/** '' when no JSON-RPC method was read (GET, DELETE, a response, a refused request). */
	rpc: string;
	/** As node:http gives them: names lowercased. */
	headers: IncomingHttpHeaders;
	/** Whether its connection has closed (an answer ended, or the client went away). */
	closed: boolean;
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
	res.writeHead(status, { 'content-type': 'application/json', ...headers });
	res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text ? JSON.parse(text) : undefined;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
	const sessions = new Map<string, StreamableHTTPServerTransport>();
	const authorizations: string[] = [];
	const requests: TestRequest[] = [];
	/** Slow calls wait on these; closing the server lets them go. */
	const slow: Array<() => void> = [];
	/** The answer being written to the latest POST (the `crash` tool cuts its socket). */
	let answering: ServerResponse | null = null;
	let base = '';

	/** `quit` ends this server's session, as the lab server does after its crash tool. */
	function mcpServer(quit: () => void): McpServer {
		const server = new McpServer(
			{ name: 'live-test', version: '1.0.0' },
			{ capabilities: { logging: {} } }
		);
		server.registerTool(
			'greet',
			{ description: 'Greets someone.', inputSchema: { name: z.string() } },
			async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] })
		);
		server.registerTool(
			'whoami',
			{ description: 'Says which Authorization header it received.' },
			async (extra) => ({
				content: [
					{ type: 'text', text: `You sent: ${String(extra.requestInfo?.headers.authorization)}` }
				]
			})
		);
		server.registerTool(
			'echo_headers',
			{ description: 'Repeats the X-Tenant and X-Api-Key headers it received.' },
			async (extra) => {
				const headers = extra.requestInfo?.headers ?? {};
				return {
					content: [
						{
							type: 'text',
							text: `X-Tenant=${String(headers['x-tenant'])} X-Api-Key=${String(headers['x-api-key'])}`
						}
					]
				};
			}
		);
		server.registerTool(
			'chatter',
			{
				description: 'Sends `count` log messages as fast as it can, then answers.',
				inputSchema: { count: z.number().int().min(0).max(100_000) }
			},
			async ({ count }, extra) => {
				for (let i = 0; i < count; i++)
					await extra.sendNotification({
						method: 'notifications/message',
						params: { level: 'info', data: `line ${i}` }
					});
				return { content: [{ type: 'text', text: `sent ${count}` }] };
			}
		);
		server.registerTool('slow', { description: 'Answers only when the server stops.' }, () => {
			return new Promise((resolve) =>
				slow.push(() => resolve({ content: [{ type: 'text', text: 'late' }] }))
			);
		});
		server.registerTool('vanish', { description: 'The server dies before answering.' }, () => {
			answering?.socket?.destroy();
			return new Promise(() => {});
		});
		server.registerTool('crash', { description: 'The server dies mid-answer.' }, async (extra) => {
			// A log message opens the answer's event stream; then the connection ends mid-body
			// (`end` writes what is queued first, so the client has the stream's start).
			const open = answering;
			await extra.sendNotification({
				method: 'notifications/message',
				params: { level: 'info', data: 'working' }
			});
			while (open && !open.headersSent) await new Promise((resolve) => setImmediate(resolve));
			open?.socket?.end();
			return new Promise(() => {});
		});
		server.registerTool(
			'quit',
			{ description: 'The server ends its session mid-call: the answer never comes.' },
			async (extra) => {
				// A log message opens the answer's event stream; closing the session then ends that
				// stream cleanly, unanswered (no broken connection), and the old id gets 404.
				await extra.sendNotification({
					method: 'notifications/message',
					params: { level: 'info', data: 'quitting' }
				});
				setImmediate(quit);
				return new Promise(() => {});
			}
		);
		return server;
	}

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		authorizations.push(req.headers.authorization ?? '');
		const seen: TestRequest = {
			method: req.method ?? '',
			rpc: '',
			headers: req.headers,
			closed: false
		};
		requests.push(seen);
		res.on('close', () => (seen.closed = true));
		const body = req.method === 'POST' ? await readBody(req) : undefined;
		const rpc = (body as { method?: unknown } | undefined)?.method;
		if (typeof rpc === 'string') seen.rpc = rpc;
		if (options.silent) return;
		if (options.html) {
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			res.end('<!doctype html><title>Docs</title><p>Welcome to our site.</p>');
			return;
		}
		if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
			// It quotes what it got, as careless servers do: the lab must mask it.
			const received = req.headers.authorization;
			json(
				res,
				401,
				{ error: 'invalid_token', ...(received ? { received } : {}) },
				{
					'www-authenticate': `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`
				}
			);
			return;
		}
		const id = req.headers['mcp-session-id'];
		let transport = typeof id === 'string' ? sessions.get(id) : undefined;
		if (typeof id === 'string' && !transport) {
			json(res, 404, {
				jsonrpc: '2.0',
				error: { code: -32001, message: 'Session not found' },
				id: null
			});
			return;
		}
		if (!transport) {
			if (!isInitializeRequest(body)) {
				json(res, 400, {
					jsonrpc: '2.0',
					error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
					id: null
				});
				return;
			}
			const created = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (sessionId) => void sessions.set(sessionId, created)
			});
			created.onclose = () => {
				if (created.sessionId) sessions.delete(created.sessionId);
			};
			await mcpServer(() => void created.close()).connect(created);
			transport = created;
		}
		if (req.method === 'POST') answering = res;
		await transport.handleRequest(req, res, body);
	}

	const http = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent) json(res, 500, { error: 'test server failed' });
			else res.destroy();
		});
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
	return {
		url: `${base}/mcp`,
		resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
		authorizations,
		requests,
		forgetSessions: () => sessions.clear(),
		async close() {
			for (const release of slow.splice(0)) release();
			for (const transport of sessions.values()) await transport.close().catch(() => {});
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		}
	};
}

/** A URL where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
	const http = createServer();
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const { port } = http.address() as AddressInfo;
	await new Promise<void>((resolve) => http.close(() => resolve()));
	return `http://127.0.0.1:${port}/mcp`;
}
