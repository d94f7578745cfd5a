import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach } from 'vitest';
import type { Machine } from './guard';
import { startLabServer, type RunningLabServer } from './listen';
import { loadScenario, type ServedServer } from './scenario-source';
import { DEFAULT_ORIGINS } from './args';

export const ADMIN_SECRET = 'test-admin-secret';
export const LAB_ORIGIN = 'http://localhost:5173';

const running: RunningLabServer[] = [];
const clients: Client[] = [];

afterEach(async () => {
	await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
	await Promise.all(running.splice(0).map((r) => r.close()));
});

export async function lab01(): Promise<ServedServer[]> {
	const loaded = await loadScenario({ lab: '01-connection-isolation' });
	if (!loaded.ok) throw new Error(loaded.error);
	return loaded.loaded.servers;
}

/**
 * Lab 01's servers on a real HTTP listener on a free port, closed after the test. `delays`
 * records every wait the server asked for instead of waiting (or, given `delay`, before it).
 */
export async function startTestServer(
	options: {
		token?: string;
		adminOpen?: boolean;
		servers?: ServedServer[];
		sessionIdleMs?: number;
		now?: () => number;
		host?: string;
		machine?: Machine;
		delay?: (ms: number) => Promise<void>;
	} = {}
) {
	const delays: number[] = [];
	const log: string[] = [];
	const server = await startLabServer({
		label: 'lab 01-connection-isolation',
		servers: options.servers ?? (await lab01()),
		host: options.host ?? '127.0.0.1',
		port: 0,
		origins: [...DEFAULT_ORIGINS],
		token: options.token ?? null,
		adminSecret: ADMIN_SECRET,
		adminOpen: options.adminOpen ?? false,
		delay: async (ms) => {
			delays.push(ms);
			await options.delay?.(ms);
		},
		log: (line) => void log.push(line),
		sessionIdleMs: options.sessionIdleMs,
		now: options.now,
		machine: options.machine
	});
	running.push(server);
	return { ...server, base: server.app.base, delays, log };
}

/** An SDK client connected over Streamable HTTP (closed after the test). */
export async function connectClient(url: string, headers: Record<string, string> = {}) {
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		requestInit: { headers }
	});
	const client = new Client({ name: 'lab-server-test', version: '1.0.0' });
	clients.push(client);
	await client.connect(transport);
	return { client, transport };
}

export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** One HTTP request with exactly these headers (fetch would not let a test set Host). */
export function raw(
	url: string,
	init: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => (body += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
		});
		req.on('error', reject);
		req.end(init.body);
	});
}

/** A machine on a LAN, as `os.networkInterfaces()` and `os.hostname()` would describe it. */
export const LAN_MACHINE: Machine = {
	addresses: ['192.0.2.2', '198.51.100.7', 'fd00::2', '127.0.0.1', '::1', 'fe80::fc:ff:fe00:1'],
	lan: ['192.0.2.2', '198.51.100.7', 'fd00::2'],
	name: 'lab-box'
};

export const MCP_HEADERS = {
	'content-type': 'application/json',
	accept: 'application/json, text/event-stream'
};

export const initializeBody = JSON.stringify({
	jsonrpc: '2.0',
	id: 1,
	method: 'initialize',
	params: {
		protocolVersion: '2025-06-18',
		capabilities: {},
		clientInfo: { name: 'raw', version: '1' }
	}
});

export const listToolsBody = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

export function adminFaults(base: string, body: unknown, secret: string | null = ADMIN_SECRET) {
	return raw(`${base}_lab/faults`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			...(secret === null ? {} : { 'x-mcp-lab-admin': secret })
		},
		body: JSON.stringify(body)
	});
}
