import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { switchLanguage } from './helpers/language';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { submitLiveConnect } from './helpers/live-connect';

// A server that names its session with a control character, which the MCP spec forbids (visible
// ASCII only), as a hostile-server audit found. Chromium sends the id back as given; the
// server's own HTTP parser (node:http here, as there) refuses that request with a 400 that has
// no CORS headers, so the page sees only "Failed to fetch" and a probe finds the server there:
// it looked like CORS. The card must blame the session id. node:http will not write such a
// header either, so initialize's answer is written to the socket by hand.

const SESSION = 'abc\x01def';
let server: Server;
let base = '';
/** Requests the server's parser let through: `METHOD rpc`. */
const seen: string[] = [];

const CORS = {
	'access-control-allow-origin': '*',
	'access-control-allow-headers': '*',
	'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
	'access-control-expose-headers': 'mcp-session-id'
};

test.beforeAll(async () => {
	server = createServer((req, res) => {
		if (req.method === 'OPTIONS') {
			res.writeHead(204, CORS).end();
			return;
		}
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			const message = body ? (JSON.parse(body) as { id?: number; method?: string }) : {};
			seen.push(`${req.method} ${message.method ?? ''}`);
			if (message.method !== 'initialize') {
				res.writeHead(202, CORS).end();
				return;
			}
			const answer = JSON.stringify({
				jsonrpc: '2.0',
				id: message.id,
				result: {
					protocolVersion: '2025-06-18',
					capabilities: { tools: {} },
					serverInfo: { name: 'odd-session', version: '1.0.0' }
				}
			});
			const headers = {
				...CORS,
				'content-type': 'application/json',
				'content-length': String(Buffer.byteLength(answer)),
				'mcp-session-id': SESSION,
				connection: 'close'
			};
			const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
			req.socket.end(`HTTP/1.1 200 OK\r\n${head.join('')}\r\n${answer}`);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a session id with a control character is the server’s bug, not CORS (en, then zh-CN)', async ({
	page
}) => {
	await page.goto('live?speed=instant&lang=en');
	await settled(page);
	await submitLiveConnect(page, 'odd', `${base}/mcp`);
	const problem = page.getByTestId('live-problem-odd');
	await expect(problem).toContainText(t('en', 'live_problem_session_id_bad'));
	// Initialize reached the server; its parser refused the request that sent the id back.
	expect(seen).toEqual(['POST initialize']);
	await switchLanguage(page, 'zh-CN');
	await expect(problem).toContainText(t('zh-CN', 'live_problem_session_id_bad'));
});
