import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LiveClient } from './live-client';

/** A server end that answers initialize with this protocol version, and nothing else. */
async function answering(version: string) {
	const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
	serverEnd.onmessage = (message: JSONRPCMessage) => {
		if (!('method' in message) || message.method !== 'initialize' || !('id' in message)) return;
		void serverEnd.send({
			jsonrpc: '2.0',
			id: message.id,
			result: {
				protocolVersion: version,
				capabilities: {},
				serverInfo: { name: 'x', version: '1' }
			}
		});
	};
	await serverEnd.start();
	return clientEnd;
}

function client() {
	const failures: unknown[] = [];
	const made = new LiveClient(
		{ capabilities: {} },
		{
			timeoutMs: 1_000,
			failed: async (error) => {
				failures.push(error);
				return error;
			},
			answered: () => {}
		}
	);
	return { made, failures };
}

describe('LiveClient.connect', () => {
	it('reports a refusal the SDK makes after initialize was answered (an unsupported version)', async () => {
		const { made, failures } = client();
		await expect(made.connect(await answering('1999-01-01'))).rejects.toThrow(
			"Server's protocol version is not supported: 1999-01-01"
		);
		expect(failures).toHaveLength(1);
	});

	it('reports a failed initialize request once, not again as the connect’s', async () => {
		const { made, failures } = client();
		const [clientEnd] = InMemoryTransport.createLinkedPair();
		// Nothing answers: the request times out.
		await expect(made.connect(clientEnd)).rejects.toThrow('Request timed out');
		expect(failures).toHaveLength(1);
	});
});
