import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on a free 127.0.0.1 port for a test's live MCP server: `handle` gets each
 * request with its JSON body read. `stop` closes it and its open connections. For unit and e2e
 * tests alike (nothing here belongs to either runner).
 */
export async function listenMcp(
	handle: (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>
): Promise<{ url: string; stop: () => Promise<void> }> {
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
	return {
		url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
		stop: () =>
			new Promise<void>((resolve) => {
				http.closeAllConnections();
				http.close(() => resolve());
			})
	};
}
