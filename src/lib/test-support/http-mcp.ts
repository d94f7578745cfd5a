import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/**
 * A real HTTP server on a free 127.0.0.1 port for a test's live MCP server, closed (its open
 * connections too) after the test. `handle` gets each request with its JSON body read.
 */
export async function serveMcp(
	handle: (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>
): Promise<string> {
	const http = createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		await handle(
			req,
			res,
			chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined
		);
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	servers.push(http);
	return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
	for (const http of servers.splice(0)) {
		http.closeAllConnections();
		await new Promise((resolve) => http.close(resolve));
	}
});
