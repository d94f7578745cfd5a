import { afterEach, describe, expect, it } from 'vitest';
import { fullHost, hostScenario } from '$lib/core/world/host-test-world';
import { makeWorld } from '$lib/core/world/test-world';
import type { World } from '$lib/core';
import { capabilityNames } from './capabilities';
import { clampIndex, openingIndex, serverMessages } from './wire-steps';

let world: World | undefined;
afterEach(() => world?.dispose());

async function started(input = hostScenario(fullHost)) {
	world = makeWorld(input);
	await world.startSession();
	return world;
}

describe('message by message: the shape and meaning of each message', () => {
	it('reads the handshake and the first lists as a learner is told them', async () => {
		const w = await started();
		const list = serverMessages(w.wire.entries, 'assistant');
		expect(list.slice(0, 5).map((s) => [s.entry.dir, s.shape, s.id, s.method, s.answers])).toEqual([
			['to-server', 'request', '0', 'initialize', ''],
			['to-host', 'response', '0', '', 'initialize'],
			['to-server', 'notification', '', 'notifications/initialized', ''],
			['to-server', 'request', '1', 'tools/list', ''],
			['to-host', 'response', '1', '', 'tools/list']
		]);
		expect(list[0].meaning).toEqual({
			what: 'initialize',
			version: '2025-11-25',
			capabilities: ['sampling', 'elicitation (form, url)', 'roots (listChanged)'],
			client: 'mcp-lab-openharness 1.0.0'
		});
		expect(list[1].meaning).toEqual({
			what: 'initialize-result',
			version: '2025-11-25',
			capabilities: ['tools (listChanged)', 'resources', 'prompts', 'logging'],
			server: expect.stringContaining('assistant'),
			instructions: ''
		});
		expect(list[2].meaning).toEqual({ what: 'initialized' });
		expect(list[3].meaning).toEqual({ what: 'tools-list' });
		expect(list[4].meaning).toEqual({ what: 'tools-list-result', tools: 6 });
	});

	it('tools/call and its result; an error response names the request it answers', async () => {
		const w = await started();
		await w.callTool('mcp__assistant__where_am_i');
		await w.listPrompts('assistant');
		await w.getPrompt('assistant', 'triage', {});
		const list = serverMessages(w.wire.entries, 'assistant');
		const call = list.find((s) => s.method === 'tools/call')!;
		expect(call.meaning).toEqual({ what: 'tools-call', tool: 'where_am_i' });
		// The server's own request to the host, inside the call, and the host's answer.
		const roots = list.find((s) => s.method === 'roots/list')!;
		expect([roots.entry.dir, roots.shape, roots.meaning]).toEqual([
			'to-host',
			'request',
			{ what: 'request', method: 'roots/list' }
		]);
		const answers = list.filter((s) => s.meaning.what === 'result').map((s) => s.meaning);
		expect(answers).toContainEqual({ what: 'result', answers: 'roots/list' });
		expect(list.find((s) => s.meaning.what === 'tools-call-result')?.meaning).toEqual({
			what: 'tools-call-result',
			isError: false
		});
		expect(list.at(-1)).toMatchObject({
			shape: 'error',
			meaning: {
				what: 'error',
				code: -32602,
				message: 'MCP error -32602: Missing required argument for prompt triage: ticket',
				answers: 'prompts/get'
			}
		});
	});

	it('a notification from the server is one too; only the chosen server is read', async () => {
		const w = await started();
		await w.callTool('mcp__assistant__unlock');
		const list = serverMessages(w.wire.entries, 'assistant');
		expect(list.find((s) => s.method === 'notifications/tools/list_changed')).toMatchObject({
			shape: 'notification',
			id: '',
			meaning: { what: 'notification', method: 'notifications/tools/list_changed' }
		});
		expect(serverMessages(w.wire.entries, 'nobody')).toEqual([]);
	});
});

describe('connections', () => {
	it('numbers each connection, so a reconnect’s handshake is not read as the old one’s', async () => {
		const w = await started();
		await w.callTool('mcp__assistant__where_am_i');
		const first = serverMessages(w.wire.entries, 'assistant');
		expect(new Set(first.map((s) => s.connection))).toEqual(new Set([1]));
		expect(openingIndex(first)).toBe(0);
		await w.kill('assistant');
		await w.restart('assistant');
		await w.reconnectAll();
		const list = serverMessages(w.wire.entries, 'assistant');
		const second = list.findIndex((s) => s.connection === 2);
		// The old connection's messages, then the new one's, which starts with initialize and id 0.
		expect(second).toBe(first.length);
		expect(list[second]).toMatchObject({ method: 'initialize', id: '0' });
		expect(list[second + 1]).toMatchObject({ answers: 'initialize', id: '0' });
		expect(list.at(-1)!.connection).toBe(2);
		// A server not stepped through yet opens on what just happened: the newest handshake.
		expect(openingIndex(list)).toBe(second);
		expect(openingIndex([])).toBe(0);
	});
});

describe('capability names and stepping', () => {
	it('names capabilities with their flags, and none for an empty object', () => {
		expect(capabilityNames({})).toEqual([]);
		expect(
			capabilityNames({ tools: {}, resources: { subscribe: true, listChanged: false } })
		).toEqual(['tools', 'resources (subscribe)']);
		expect(capabilityNames('nonsense')).toEqual([]);
	});

	it('keeps the index inside the list', () => {
		expect(clampIndex(-1, 5)).toBe(0);
		expect(clampIndex(7, 5)).toBe(4);
		expect(clampIndex(3, 0)).toBe(0);
	});
});
