import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
	CallToolRequestSchema,
	ListResourcesRequestSchema,
	ListToolsRequestSchema
} from '@modelcontextprotocol/sdk/types.js';

/** A list request the paging server answered: its method and the cursor it came with. */
export type Asked = { method: string; cursor?: string };

/**
 * Answers one HTTP request as a stateless MCP server (JSON answers) whose tools/list and
 * resources/list come in two pages: `first_page` / `note://1`, then, after the `nextCursor`,
 * `second_page` / `note://2`. Simulated servers never page their lists; a real one may.
 */
export async function answerPaging(
	req: IncomingMessage,
	res: ServerResponse,
	body: unknown,
	asked: Asked[] = []
): Promise<void> {
	const server = new Server(
		{ name: 'pager', version: '1.0.0' },
		{ capabilities: { tools: {}, resources: {} } }
	);
	const noted = (method: string, cursor: string | undefined) =>
		asked.push({ method, ...(cursor ? { cursor } : {}) });
	server.setRequestHandler(ListToolsRequestSchema, async ({ params }) => {
		noted('tools/list', params?.cursor);
		return params?.cursor
			? { tools: [{ name: 'second_page', inputSchema: { type: 'object' } }] }
			: { tools: [{ name: 'first_page', inputSchema: { type: 'object' } }], nextCursor: 'p2' };
	});
	server.setRequestHandler(ListResourcesRequestSchema, async ({ params }) => {
		noted('resources/list', params?.cursor);
		return params?.cursor
			? { resources: [{ uri: 'note://2', name: 'second' }] }
			: { resources: [{ uri: 'note://1', name: 'first' }], nextCursor: 'r2' };
	});
	server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
	const transport = new StreamableHTTPServerTransport({
		sessionIdGenerator: undefined,
		enableJsonResponse: true
	});
	res.on('close', () => void server.close());
	await server.connect(transport);
	await transport.handleRequest(req, res, body);
}
