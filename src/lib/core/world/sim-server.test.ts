import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
	EmptyResultSchema,
	ToolListChangedNotificationSchema,
	type JSONRPCMessage
} from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseScenario } from '../scenario/parse';
import type { SimBlock } from '../scenario/schema';
import { hostScenario } from './host-test-world';
import { createSimServer, serverCapabilities } from './sim-server';
import { loadSimFeatures } from './sim-features';

// These servers are built directly, not by a world, so they load every feature first.
beforeAll(() =>
	loadSimFeatures([
		{ resources: [], prompts: [], tools: [{ name: 't', steps: [{ do: 'listRoots' }] }] } as never
	])
);

/** The `assistant` sim block of the host scenario, parsed (defaults applied). */
function assistantSim(): SimBlock {
	const parsed = parseScenario(hostScenario());
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario.mcp_servers.assistant.sim!;
}

function simOf(sim: Record<string, unknown>): SimBlock {
	const parsed = parseScenario({ mcp_servers: { s: { command: 'x', sim } } });
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario.mcp_servers.s.sim!;
}

/** A real SDK client on a real sim server, with every message the server sent kept. */
async function connect(sim: SimBlock) {
	const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
	await createSimServer('s', sim).connect(serverEnd);
	const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
	let version = '';
	const seen: JSONRPCMessage[] = [];
	const originalStart = clientEnd.start.bind(clientEnd);
	clientEnd.start = async () => {
		const handler = clientEnd.onmessage;
		clientEnd.onmessage = (m, extra) => {
			seen.push(m);
			handler?.(m, extra);
		};
		await originalStart();
	};
	// The SDK client hands the negotiated version to its transport, if the transport takes it.
	(clientEnd as { setProtocolVersion?: (v: string) => void }).setProtocolVersion = (v) => {
		version = v;
	};
	await client.connect(clientEnd);
	return { client, seen, version: () => version };
}

describe('sim server: capabilities', () => {
	it('declares what it did before issue 7 for a tools-only block: tools, nothing else', () => {
		expect(serverCapabilities(simOf({ tools: [{ name: 't' }] }))).toEqual({ tools: {} });
		expect(serverCapabilities(simOf({ resources: [] }))).toEqual({ tools: {}, resources: {} });
	});

	it('derives resources, prompts, logging and tools.listChanged from what the block uses', () => {
		expect(serverCapabilities(assistantSim())).toEqual({
			tools: { listChanged: true },
			resources: {},
			prompts: {},
			logging: {}
		});
	});

	it('lets a scenario switch a capability off: resources/list is then Method not found', async () => {
		const { client } = await connect(
			simOf({ resources: [{ uri: 'file:///a', name: 'a' }], capabilities: { resources: false } })
		);
		expect(client.getServerCapabilities()).toEqual({ tools: {} });
		await expect(client.listResources()).rejects.toMatchObject({
			message: 'MCP error -32601: Method not found'
		});
	});

	it('declares resources.subscribe and answers resources/subscribe', async () => {
		const { client } = await connect(
			simOf({ resources: [], capabilities: { resources: { subscribe: true } } })
		);
		expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true });
		await expect(client.subscribeResource({ uri: 'file:///a' })).resolves.toEqual({});
	});
});

describe('sim server: resources', () => {
	it('reads text and binary resources as the spec shapes them', async () => {
		const { client } = await connect(assistantSim());
		expect((await client.readResource({ uri: 'file:///notes.txt' })).contents).toEqual([
			{ uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello' }
		]);
		expect((await client.readResource({ uri: 'file:///logo.png' })).contents).toEqual([
			{ uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }
		]);
	});

	it('lists templates and reads through them: a listed URI, then the pattern text', async () => {
		const { client } = await connect(assistantSim());
		expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
			{ uriTemplate: 'tickets://{id}', name: 'ticket', mimeType: 'application/json' }
		]);
		expect((await client.readResource({ uri: 'tickets://T-1' })).contents).toEqual([
			{ uri: 'tickets://T-1', mimeType: 'application/json', text: '{"id":"T-1","title":"Printer"}' }
		]);
		expect((await client.readResource({ uri: 'tickets://T-9' })).contents).toEqual([
			{ uri: 'tickets://T-9', mimeType: 'application/json', text: 'Ticket T-9: no details.' }
		]);
	});

	it('answers an unknown URI with InvalidParams, naming it', async () => {
		const { client } = await connect(assistantSim());
		// The SDK server sends its McpError's message, prefix included; the client adds its own.
		await expect(client.readResource({ uri: 'file:///nope' })).rejects.toMatchObject({
			code: -32602,
			message: 'MCP error -32602: MCP error -32602: Resource file:///nope not found'
		});
	});
});

describe('sim server: prompts', () => {
	it('lists prompts with their arguments', async () => {
		const { client } = await connect(assistantSim());
		expect((await client.listPrompts()).prompts).toEqual([
			{
				name: 'triage',
				description: 'Triage one ticket',
				arguments: [
					{ name: 'ticket', required: true },
					{ name: 'tone', description: 'How to write' }
				]
			}
		]);
	});

	it('fills declared arguments, leaves other braces alone, empties a missing optional one', async () => {
		const { client } = await connect(assistantSim());
		const full = await client.getPrompt({
			name: 'triage',
			arguments: { ticket: 'T-1', tone: 'calm' }
		});
		expect(full.messages).toEqual([
			{ role: 'user', content: { type: 'text', text: 'Triage T-1 in a calm tone. Keep {braces}.' } }
		]);
		const bare = await client.getPrompt({ name: 'triage', arguments: { ticket: 'T-2' } });
		expect(bare.messages[0].content).toEqual({
			type: 'text',
			text: 'Triage T-2 in a  tone. Keep {braces}.'
		});
	});

	it('refuses a missing required argument and an unknown prompt with InvalidParams', async () => {
		const { client } = await connect(assistantSim());
		await expect(client.getPrompt({ name: 'triage', arguments: {} })).rejects.toMatchObject({
			message:
				'MCP error -32602: MCP error -32602: Missing required argument for prompt triage: ticket'
		});
		await expect(client.getPrompt({ name: 'nope' })).rejects.toMatchObject({
			message: 'MCP error -32602: MCP error -32602: Prompt nope not found'
		});
	});

	it('without prompts, prompts/list is Method not found', async () => {
		const { client } = await connect(simOf({ tools: [] }));
		await expect(client.listPrompts()).rejects.toMatchObject({
			message: 'MCP error -32601: Method not found'
		});
	});
});

describe('sim server: protocol versions', () => {
	it('answers the client version when it speaks it', async () => {
		const { version } = await connect(simOf({}));
		expect(version()).toBe('2025-11-25');
	});

	it('speaks only an older version: the client accepts it', async () => {
		const { version } = await connect(simOf({ protocolVersions: ['2024-11-05'] }));
		expect(version()).toBe('2024-11-05');
	});

	it('answers a version the client does not support: the SDK client refuses the connection', async () => {
		await expect(connect(simOf({ protocolVersions: ['2099-01-01'] }))).rejects.toThrow(
			"Server's protocol version is not supported: 2099-01-01"
		);
	});

	it('answers requests before initialization: the SDK server does not enforce the handshake', async () => {
		const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
		await createSimServer('s', simOf({ tools: [{ name: 't' }] })).connect(serverEnd);
		const answers: JSONRPCMessage[] = [];
		clientEnd.onmessage = (m) => void answers.push(m);
		await clientEnd.start();
		await clientEnd.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(answers).toEqual([{ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 't' }] } }]);
	});
});

describe('sim server: tool list changes', () => {
	it('changes its list and sends notifications/tools/list_changed (declared listChanged)', async () => {
		const { client, seen } = await connect(assistantSim());
		let told = 0;
		client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told++);
		await client.callTool({ name: 'unlock', arguments: {} });
		expect(told).toBe(1);
		expect(seen.some((m) => 'method' in m && m.method === 'notifications/tools/list_changed')).toBe(
			true
		);
		// Read leniently: these sim tools have no inputSchema, which the SDK's own schema requires.
		const lax = z.object({ tools: z.array(z.looseObject({ name: z.string() })) });
		const names = (await client.request({ method: 'tools/list' }, lax)).tools.map((t) => t.name);
		expect(names).toContain('admin_reset');
		expect(names).not.toContain('unlock');
	});

	it('does not announce the change when it declared tools without listChanged', async () => {
		const sim = simOf({
			capabilities: { tools: true },
			tools: [{ name: 'unlock', steps: [{ do: 'changeTools', add: [{ name: 'x' }] }] }]
		});
		const { client, seen } = await connect(sim);
		await client.callTool({ name: 'unlock', arguments: {} });
		expect(seen.some((m) => 'method' in m && m.method === 'notifications/tools/list_changed')).toBe(
			false
		);
		await expect(client.request({ method: 'ping' }, EmptyResultSchema)).resolves.toEqual({});
	});
});
