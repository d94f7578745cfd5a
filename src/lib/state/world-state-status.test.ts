import { afterEach, describe, expect, it } from 'vitest';
import { type ScenarioInput } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { isolationScenario } from '$lib/core/world/test-world';
import { WorldState } from './world-state.svelte';

// The status panel's text (`statusText`) against the server cards (`servers[].state`).

let state: WorldState | undefined;
afterEach(() => {
	state?.dispose();
	state = undefined;
});

function page(input: ScenarioInput): WorldState {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	state = new WorldState(parsed.scenario);
	state.speed = 'instant';
	return state;
}

/** Each server's `- <name>: <state>` line, as its card words it. */
const cardLines = (s: WorldState) =>
	s.servers.map((v) => `- ${v.name}: ${v.state}${v.detail ? ` - ${v.detail}` : ''}`);

const miniharness: ScenarioInput = {
	profile: 'miniharness',
	mcp_servers: {
		backup: {
			type: 'http',
			url: 'https://backup.example.com/mcp',
			sim: { tools: [{ name: 'search' }] }
		},
		realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp' }
	}
};

describe('the status text of a MiniHarness world', () => {
	it("says a server failed where its card does, with the profile's detail", async () => {
		const s = page(miniharness);
		await s.run((w) => w.startSession());
		expect(s.servers.map((v) => [v.name, v.state])).toEqual([
			['backup', 'initialized'],
			['realtime', 'failed']
		]);
		expect(s.statusText).toBe(
			[
				'MCP servers:',
				'- backup: initialized',
				'  tools: search',
				'- realtime: failed - Unknown MCP transport type: ws'
			].join('\n')
		);
		for (const line of cardLines(s)) expect(s.statusText).toContain(line);
	});

	it('says every client is closed after Close session, as the cards do', async () => {
		const s = page(miniharness);
		await s.run((w) => w.startSession());
		await s.run((w) => w.closeSession());
		// Start session again: a closed client stays closed, and says so.
		await s.run((w) => w.startSession());
		expect(s.servers.map((v) => [v.name, v.state, v.detail])).toEqual([
			['backup', 'closed', 'MCP client is closed'],
			['realtime', 'closed', 'MCP client is closed']
		]);
		expect(s.statusText).toBe(
			[
				'MCP servers:',
				'- backup: closed - MCP client is closed',
				'- realtime: closed - MCP client is closed'
			].join('\n')
		);
	});
});

describe('the status text of an OpenHarness world', () => {
	it("is exactly OpenHarness's /mcp output", async () => {
		const s = page(isolationScenario);
		expect(s.statusText).toBe(
			[
				'MCP servers:',
				'- filesystem: pending',
				'- internal-api: pending',
				'- realtime: pending'
			].join('\n')
		);
		await s.run((w) => w.startSession());
		expect(s.statusText).toBe(
			[
				'MCP servers:',
				'- filesystem: connected',
				'  tools: read_file, write_file, list_directory',
				'- internal-api: connected',
				'  tools: search_orders, create_ticket',
				'- realtime: failed - Unsupported MCP transport in current build: ws'
			].join('\n')
		);
		for (const line of cardLines(s)) expect(s.statusText).toContain(line);
	});
});
