import { describe, expect, it } from 'vitest';
import { World, type ServerView } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { actionAllowed, firstOf, serverTarget, sortedByName, staleConnected } from './server-card';

function views(): ServerView[] {
	const parsed = parseScenario({
		mcp_servers: {
			zeta: { type: 'http', url: 'https://zeta.example/mcp' },
			Beta: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/data'] },
			alpha: { type: 'ws', url: 'wss://alpha.example' }
		}
	});
	if (!parsed.ok) throw new Error('bad scenario');
	const world = new World(parsed.scenario);
	const servers = world.servers();
	world.dispose();
	return servers;
}

describe('server card logic', () => {
	it('sorts by name as OpenHarness does (code points: upper case first)', () => {
		expect(sortedByName(views()).map((s) => s.name)).toEqual(['Beta', 'alpha', 'zeta']);
	});

	it('shows the stdio command line or the URL', () => {
		const byName = Object.fromEntries(views().map((s) => [s.name, s]));
		expect(serverTarget(byName.Beta)).toBe('npx -y @modelcontextprotocol/server-filesystem /data');
		expect(serverTarget(byName.zeta)).toBe('https://zeta.example/mcp');
		expect(serverTarget(byName.alpha)).toBe('wss://alpha.example');
	});

	it('offers only the process controls that change something', () => {
		expect(actionAllowed('kill', 'running')).toBe(true);
		expect(actionAllowed('kill', 'hung')).toBe(true);
		expect(actionAllowed('kill', 'killed')).toBe(false);
		expect(actionAllowed('hang', 'running')).toBe(true);
		expect(actionAllowed('hang', 'hung')).toBe(false);
		expect(actionAllowed('hang', 'killed')).toBe(false);
		expect(actionAllowed('restart', 'running')).toBe(false);
		expect(actionAllowed('restart', 'killed')).toBe(true);
		expect(actionAllowed('restart', 'hung')).toBe(true);
	});

	it('flags a connected status whose process is no longer running', () => {
		const [server] = views();
		expect(staleConnected({ ...server, status: 'connected', process: 'killed' })).toBe(true);
		expect(staleConnected({ ...server, status: 'connected', process: 'hung' })).toBe(true);
		expect(staleConnected({ ...server, status: 'connected', process: 'running' })).toBe(false);
		expect(staleConnected({ ...server, status: 'failed', process: 'killed' })).toBe(false);
	});

	it('still flags it once the process is restarted, until a reconnect opens a new session', async () => {
		const parsed = parseScenario({
			mcp_servers: {
				notes: { command: 'notes-mcp', sim: { tools: [{ name: 'list_notes' }] } },
				calendar: { command: 'calendar-mcp' }
			}
		});
		if (!parsed.ok) throw new Error('bad scenario');
		const world = new World(parsed.scenario);
		const notes = () => world.servers().find((s) => s.name === 'notes')!;
		const calendar = () => world.servers().find((s) => s.name === 'calendar')!;
		await world.startSession();
		expect(staleConnected(notes())).toBe(false);
		for (const fault of ['kill', 'hang'] as const) {
			await world[fault]('notes');
			await world.restart('notes');
			// The process runs again, yet the harness still talks to the old one's closed pipe.
			expect(notes()).toMatchObject({ process: 'running', status: 'connected' });
			expect(staleConnected(notes())).toBe(true);
			const call = await world.callTool('mcp__notes__list_notes');
			expect(call.output).toBe("MCP server 'notes' call failed: ");
			expect(staleConnected(calendar())).toBe(false);
			await world.reconnectAll();
			expect(staleConnected(notes())).toBe(false);
			expect((await world.callTool('mcp__notes__list_notes')).output).not.toContain('failed');
		}
		world.dispose();
	});

	it('lists the first 20 and counts the rest', () => {
		const items = Array.from({ length: 23 }, (_, i) => `t${i}`);
		expect(firstOf(items)).toEqual({ shown: items.slice(0, 20), more: 3 });
		expect(firstOf(['a'])).toEqual({ shown: ['a'], more: 0 });
	});
});
