import { describe, expect, it } from 'vitest';
import { fullHost, hostScenario, messages, wireFor } from './host-test-world';
import { makeWorld } from './test-world';

async function started() {
	const world = makeWorld(hostScenario(fullHost));
	await world.startSession();
	return world;
}

describe('learner protocol requests: resources and prompts through the wire', () => {
	it('lists and reads resources, text and binary, keeping each answer', async () => {
		const world = await started();
		const listed = await world.listResources('assistant');
		expect(listed).toMatchObject({ id: 'p1', method: 'resources/list', state: 'ok' });
		expect((listed.result as { resources: unknown[] }).resources).toHaveLength(2);
		const blob = await world.readResource('assistant', 'file:///logo.png');
		expect(blob.result).toEqual({
			contents: [{ uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }]
		});
		expect(wireFor(world.wire.entries, 'resources/read').request?.message).toMatchObject({
			params: { uri: 'file:///logo.png' }
		});
		expect(world.protocolResults.map((r) => r.id)).toEqual(['p1', 'p2']);
		expect(world.events.filter((e) => e.kind === 'protocol')).toMatchObject([
			{ id: 'p1', ok: true },
			{ id: 'p2', ok: true }
		]);
	});

	it('lists templates and reads a templated URI', async () => {
		const world = await started();
		const templates = await world.listResourceTemplates('assistant');
		expect(templates.result).toEqual({
			resourceTemplates: [
				{ uriTemplate: 'tickets://{id}', name: 'ticket', mimeType: 'application/json' }
			]
		});
		const read = await world.readResource('assistant', 'tickets://T-7');
		expect(read.result).toEqual({
			contents: [
				{ uri: 'tickets://T-7', mimeType: 'application/json', text: 'Ticket T-7: no details.' }
			]
		});
	});

	it('gets a prompt with arguments; a missing required one is the server’s error', async () => {
		const world = await started();
		expect((await world.listPrompts('assistant')).state).toBe('ok');
		const got = await world.getPrompt('assistant', 'triage', { ticket: 'T-1', tone: 'dry' });
		expect(got.result).toMatchObject({
			messages: [{ role: 'user', content: { text: 'Triage T-1 in a dry tone. Keep {braces}.' } }]
		});
		const missing = await world.getPrompt('assistant', 'triage', {});
		// An SDK server sends its McpError's message, prefix included; the client adds its own.
		expect(missing).toMatchObject({
			state: 'error',
			error:
				'MCP error -32602: MCP error -32602: Missing required argument for prompt triage: ticket'
		});
		expect(world.events.at(-1)).toMatchObject({ kind: 'protocol', ok: false });
	});

	it('undeclared capability: the server answers Method not found (the client is not strict)', async () => {
		const world = makeWorld({
			mcp_servers: { plain: { command: 'x', sim: { tools: [{ name: 't' }] } } }
		});
		await world.startSession();
		expect(await world.listPrompts('plain')).toMatchObject({
			state: 'error',
			error: 'MCP error -32601: Method not found'
		});
		expect(wireFor(world.wire.entries, 'prompts/list').answer?.message).toMatchObject({
			error: { code: -32601 }
		});
	});

	it('nothing is sent before the session connects, or after the process died', async () => {
		const world = makeWorld(hostScenario(fullHost));
		expect(await world.listResources('assistant')).toMatchObject({
			state: 'error',
			error: 'Not connected'
		});
		await world.startSession();
		await world.kill('assistant');
		expect(await world.readResource('assistant', 'file:///notes.txt')).toMatchObject({
			state: 'error',
			error: 'Not connected'
		});
		await expect(world.listResources('nope')).rejects.toThrow("Unknown server 'nope'");
	});

	it('logs each request as an action, so replay sends it again', async () => {
		const world = await started();
		await world.readResource('assistant', 'file:///notes.txt');
		await world.getPrompt('assistant', 'triage', { ticket: 'T-1' });
		expect(world.actions.slice(1).map((a) => a.action)).toEqual([
			{ do: 'readResource', server: 'assistant', uri: 'file:///notes.txt' },
			{ do: 'getPrompt', server: 'assistant', name: 'triage', arguments: { ticket: 'T-1' } }
		]);
	});
});

describe('version negotiation in the world', () => {
	const withVersions = (protocolVersions: string[]) =>
		makeWorld({
			mcp_servers: { old: { command: 'x', sim: { protocolVersions, tools: [{ name: 't' }] } } }
		});

	it('a server that speaks only 2024-11-05 connects on that version', async () => {
		const world = withVersions(['2024-11-05']);
		await world.startSession();
		const old = world.servers()[0];
		expect(old.status).toBe('connected');
		expect(old.connection.init?.protocolVersion).toBe('2024-11-05');
		expect(wireFor(world.wire.entries, 'initialize').request?.message).toMatchObject({
			params: { protocolVersion: '2025-11-25' }
		});
	});

	it('a version the client does not support fails the connection with the Python SDK’s message, as OpenHarness stores it', async () => {
		const world = withVersions(['2099-01-01']);
		await world.startSession();
		expect(world.servers()[0]).toMatchObject({
			status: 'failed',
			detail: 'Unsupported protocol version from the server: 2099-01-01'
		});
		// The client gave up after the answer: no notifications/initialized, no tools/list.
		const sent = messages(world.wire.entries)
			.filter((e) => e.dir === 'to-server' && 'method' in e.message)
			.map((e) => ('method' in e.message ? e.message.method : ''));
		expect(sent).toEqual(['initialize']);
	});
});

describe('tools/list_changed and OpenHarness', () => {
	it('the server announces its new list; OpenHarness does not re-list (its registry is built once)', async () => {
		const world = await started();
		const before = world.registry.map((e) => e.name);
		await world.callTool('mcp__assistant__unlock');
		expect(wireFor(world.wire.entries, 'notifications/tools/list_changed').request?.dir).toBe(
			'to-host'
		);
		const lists = messages(world.wire.entries).filter(
			(e) => 'method' in e.message && e.message.method === 'tools/list'
		);
		expect(lists).toHaveLength(1);
		expect(world.registry.map((e) => e.name)).toEqual(before);
		// The model still sees the removed tool; calling the new one is unknown to the harness.
		expect(world.registry.map((e) => e.name)).toContain('mcp__assistant__unlock');
		expect(world.registryHistory).toHaveLength(1);
	});
});
