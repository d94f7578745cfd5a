import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { listenMcp } from './listen-mcp';

/** listenMcp for a unit test: the server is stopped after the test. Resolves to its URL. */
export async function serveMcp(
	handle: (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>
): Promise<string> {
	const server = await listenMcp(handle);
	running.push(server);
	return server.url;
}

const running: Array<{ stop: () => Promise<void> }> = [];
afterEach(async () => {
	for (const server of running.splice(0)) await server.stop();
});
