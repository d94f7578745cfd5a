import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * A real MCP server whose tools/list answers in two pages (`first_page`, then `second_page`
 * after its `nextCursor`), for the page at `origin` (CORS): the lab server's simulated servers
 * never page their lists. Stateless, answering in JSON.
 */
export async function startPagingServer(origin: string) {
	const http = createServer(async (req, res) => {
		res.setHeader('Access-Control-Allow-Origin', origin);
		res.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, mcp-protocol-version');
		if (req.method === 'OPTIONS') {
			res.writeHead(204, {
				'Access-Control-Allow-Methods': 'GET, POST, DELETE',
				'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*'
			});
			return void res.end();
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
		const server = new Server({ name: 'pager', version: '1.0.0' }, { capabilities: { tools: {} } });
		server.setRequestHandler(ListToolsRequestSchema, async ({ params }) =>
			params?.cursor
				? { tools: [{ name: 'second_page', inputSchema: { type: 'object' } }] }
				: { tools: [{ name: 'first_page', inputSchema: { type: 'object' } }], nextCursor: 'p2' }
		);
		server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
		const transport = new StreamableHTTPServerTransport({
			sessionIdGenerator: undefined,
			enableJsonResponse: true
		});
		res.on('close', () => void server.close());
		await server.connect(transport);
		await transport.handleRequest(req, res, body);
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
		stop: () =>
			new Promise<void>((resolve) => {
				http.closeAllConnections();
				http.close(() => resolve());
			})
	};
}
