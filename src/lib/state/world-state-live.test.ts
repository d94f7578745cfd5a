import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ScenarioInput } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { closedPortUrl, startTestServer, type TestServer } from '$lib/server/test-live-server';
import { LabSession } from './lab-session.svelte';
import { WorldState } from './world-state.svelte';

// The page's live-mode commands against a real MCP server over HTTP.

const TOKEN = 'tok-3f9a1c-secret';

let state: WorldState | undefined;
let server: TestServer | undefined;
afterEach(async () => {
	state?.dispose();
	await server?.close();
	state = server = undefined;
});

function started(input: ScenarioInput): WorldState {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	state = new WorldState(parsed.scenario);
	state.speed = 'instant';
	return state;
}

const lab = {
	mcp_servers: {
		'internal-api': {
			type: 'http',
			url: 'https://mcp.internal.example.com/mcp',
			sim: { tools: [{ name: 'search_orders' }] }
		}
	}
} satisfies ScenarioInput;

const everything = (s: WorldState) =>
	JSON.stringify([s.world.scenario, s.wire, s.events, s.servers, s.calls]);

describe('addLiveServer', () => {
	it('adds a live server beside the simulated ones and starts the session', async () => {
		server = await startTestServer();
		const s = started(lab);
		await s.run((w) => w.startSession());
		let replaced: unknown = null;
		s.onReplaced = (scenario) => (replaced = scenario);

		await s.addLiveServer({ name: 'live', url: server.url, headers: { 'X-Team': 'blue' } });

		expect(s.servers.map((v) => [v.name, v.status, v.live?.url ?? null])).toEqual([
			['internal-api', 'connected', null],
			['live', 'connected', server.url]
		]);
		expect(s.world.scenario.mcp_servers.live).toEqual({
			type: 'http',
			url: server.url,
			headers: { 'X-Team': 'blue' },
			live: true
		});
		expect(replaced).toBe(s.world.scenario);
		expect(s.registry?.entries.map((e) => e.name)).toContain('mcp__live__greet');
	});

	it('refuses a taken name or a bad URL with a sentence, and keeps the world', async () => {
		const s = started(lab);
		const before = s.world;
		await expect(s.addLiveServer({ name: 'internal-api', url: 'http://x/mcp' })).rejects.toThrow(
			'This world already has a server with that name: choose another.'
		);
		await expect(s.addLiveServer({ name: 'x', url: 'file:///etc/passwd' })).rejects.toThrow(
			'A live server is reached over http:// or https://.'
		);
		expect(s.error).toBe('A live server is reached over http:// or https://.');
		expect(s.world).toBe(before);
	});
});

describe('removeLiveServer', () => {
	it('takes a failed live server out: its name is free, its token forgotten, no connect retries it', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started(lab);
		await s.run((w) => w.startSession());
		await s.addLiveServer({ name: 'live', url: server.url }, 'wrong-token');
		expect(s.servers.map((v) => [v.name, v.status])).toEqual([
			['internal-api', 'connected'],
			['live', 'failed']
		]);
		expect(s.liveTokens).toEqual(['live']);
		let replaced: unknown = null;
		s.onReplaced = (scenario) => (replaced = scenario);
		const asked = server.requests.length;

		await s.removeLiveServer('live');

		expect(s.servers.map((v) => [v.name, v.status])).toEqual([['internal-api', 'connected']]);
		expect(Object.keys(s.world.scenario.mcp_servers)).toEqual(['internal-api']);
		expect(replaced).toBe(s.world.scenario);
		expect(s.liveTokens).toEqual([]);
		expect(s.sessionStarted).toBe(true);
		expect(s.registry?.entries.map((e) => e.name).filter((n) => n.startsWith('mcp__'))).toEqual([
			'mcp__internal-api__search_orders'
		]);
		// The new session's connect_all does not reach the removed server.
		expect(server.requests.length).toBe(asked);

		// The name can be used again, and the old token is not: this connect carries none.
		await s.addLiveServer({ name: 'live', url: server.url });
		expect(s.servers[1]).toMatchObject({ name: 'live', status: 'failed' });
		expect(server.authorizations.at(-1)).toBe('');
		await s.removeLiveServer('live');
		await s.addLiveServer({ name: 'live', url: server.url }, TOKEN);
		expect(s.servers[1]).toMatchObject({ name: 'live', status: 'connected' });
	});

	it('logs a kill of a live server as one (a disconnect), a simulated one without the mark', async () => {
		server = await startTestServer();
		const s = started(lab);
		await s.addLiveServer({ name: 'live', url: server.url });
		await s.run((w) => w.kill('live'));
		await s.run((w) => w.kill('internal-api'));
		expect(s.events.filter((e) => e.kind === 'command' && e.command === 'kill')).toEqual([
			expect.objectContaining({ server: 'live', live: true }),
			expect.not.objectContaining({ live: true })
		]);
	});

	it('ends a connected live server’s session with DELETE, and starts no session that was closed', async () => {
		server = await startTestServer();
		const s = started(lab);
		await s.addLiveServer({ name: 'live', url: server.url });
		await s.run((w) => w.closeSession());
		const deletes = () => server!.requests.filter((r) => r.method === 'DELETE').length;
		const before = deletes();
		await s.addLiveServer({ name: 'other', url: server.url });
		expect(s.servers.map((v) => v.status)).toEqual(['connected', 'connected', 'connected']);

		await s.run((w) => w.closeSession());
		await s.removeLiveServer('live');
		expect(s.servers.map((v) => v.name)).toEqual(['internal-api', 'other']);
		expect(s.sessionStarted).toBe(false);

		await s.run((w) => w.startSession());
		const asked = server.requests.length;
		await s.removeLiveServer('other');
		await expect.poll(deletes).toBeGreaterThan(before);
		expect(server.requests.slice(asked).map((r) => r.method)).toContain('DELETE');
		expect(s.servers.map((v) => [v.name, v.status])).toEqual([['internal-api', 'connected']]);
	});

	it('refuses a simulated server with a sentence, and keeps the world', async () => {
		const s = started(lab);
		const before = s.world;
		await expect(s.removeLiveServer('internal-api')).rejects.toThrow(
			"This world has no live server named 'internal-api'."
		);
		expect(s.error).toBe("This world has no live server named 'internal-api'.");
		expect(s.world).toBe(before);
	});
});

describe('setLiveUrl', () => {
	it('moves a live server nothing answered to a port where one does: a new session, its tools in the registry', async () => {
		server = await startTestServer();
		const s = started({
			mcp_servers: {
				...lab.mcp_servers,
				notes: {
					type: 'http',
					url: await closedPortUrl(),
					live: true,
					headers: { 'X-Team': 'blue' }
				}
			}
		});
		await s.run((w) => w.startSession());
		expect(s.servers.map((v) => [v.name, v.status])).toEqual([
			['internal-api', 'connected'],
			['notes', 'failed']
		]);
		let replaced: unknown = null;
		s.onReplaced = (scenario) => (replaced = scenario);

		await s.setLiveUrl('notes', ` ${server.url} `);

		expect(s.world.scenario.mcp_servers.notes).toEqual({
			type: 'http',
			url: server.url,
			headers: { 'X-Team': 'blue' },
			live: true
		});
		expect(replaced).toBe(s.world.scenario);
		expect(s.servers.map((v) => [v.name, v.status, v.live?.url ?? null])).toEqual([
			['internal-api', 'connected', null],
			['notes', 'connected', server.url]
		]);
		expect(s.registry?.entries.map((e) => e.name)).toContain('mcp__notes__greet');
		expect(server.requests.every((r) => r.headers['x-team'] === 'blue')).toBe(true);
	});

	it('sends a token only where it was given: moved, the server connects without it', async () => {
		server = await startTestServer({ token: TOKEN });
		const other = await startTestServer({ token: TOKEN });
		try {
			const s = started({ mcp_servers: {} });
			await s.addLiveServer({ name: 'live', url: server.url }, TOKEN);
			expect(s.servers[0]).toMatchObject({ status: 'connected' });
			expect(s.liveTokens).toEqual(['live']);

			await s.setLiveUrl('live', other.url);

			expect(s.liveTokens).toEqual([]);
			expect(other.authorizations.length).toBeGreaterThan(0);
			expect(other.authorizations.every((a) => a === '')).toBe(true);
			expect(s.servers[0]).toMatchObject({
				status: 'failed',
				live: { url: other.url, problem: { kind: 'unauthorized' } }
			});
		} finally {
			await other.close();
		}
	});

	it('refuses a bad URL or a simulated server with a sentence and keeps the world; the same URL, or a closed session, starts nothing', async () => {
		server = await startTestServer();
		const s = started(lab);
		await s.addLiveServer({ name: 'live', url: server.url });
		const before = s.world;
		await expect(s.setLiveUrl('live', 'ftp://127.0.0.1/mcp')).rejects.toThrow(
			'A live server is reached over http:// or https://.'
		);
		await expect(s.setLiveUrl('live', 'http://me:pw@127.0.0.1:1/mcp')).rejects.toThrow(
			/cannot carry a user name or password/
		);
		await expect(s.setLiveUrl('internal-api', server.url)).rejects.toThrow(
			"This world has no live server named 'internal-api'."
		);
		expect(s.error).toBe("This world has no live server named 'internal-api'.");
		expect(s.world).toBe(before);

		await s.setLiveUrl('live', `${server.url} `);
		expect(s.world).toBe(before);

		await s.run((w) => w.closeSession());
		const asked = server.requests.length;
		await s.setLiveUrl('live', `${server.url}?v=2`);
		expect(s.world).not.toBe(before);
		expect(s.sessionStarted).toBe(false);
		expect(s.servers[1].live?.url).toBe(`${server.url}?v=2`);
		expect(server.requests.length).toBe(asked);
	});
});

describe('a page session with a live server added', () => {
	it('follows the new scenario (editor, time travel) and announces through its live region', async () => {
		server = await startTestServer();
		const session = new LabSession('sandbox', null);
		state = session.world;
		state.speed = 'instant';
		await session.start();
		await state.addLiveServer({ name: 'live', url: server.url });
		expect(Object.keys(session.scenario.mcp_servers)).toEqual(['live']);
		expect(session.scenario).toBe(state.world.scenario);
		state.announce('Token set');
		await vi.waitFor(() => expect(session.announcer.message).toBe('Token set'));
	});
});

describe('setLiveToken', () => {
	it('keeps the token in memory, reconnects with it, and never writes it down', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started({ mcp_servers: {} });
		await s.addLiveServer({ name: 'live', url: server.url });
		expect(s.servers[0]).toMatchObject({
			status: 'failed',
			live: { problem: { kind: 'unauthorized', status: 401 } }
		});

		await s.setLiveToken('live', ` ${TOKEN} `);

		expect(s.servers[0]).toMatchObject({ status: 'connected', live: { problem: null } });
		expect(s.liveTokens).toEqual(['live']);
		expect(server.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
		// reconnect_all keeps the registry built when the server failed: a new session exposes it.
		expect(s.registry?.entries.map((e) => e.name)).not.toContain('mcp__live__whoami');
		await s.run((w) => w.closeSession());
		await s.run((w) => w.startSession());
		const call = await s.run((w) => w.callTool('mcp__live__whoami', {}));
		// The server echoes the header; the world masks it before anyone reads it.
		expect(call.output).toBe('You sent: Bearer ••••');
		expect(everything(s)).not.toContain(TOKEN);

		await s.setLiveToken('live', null);
		expect(s.liveTokens).toEqual([]);
		expect(s.servers[0]).toMatchObject({ live: { problem: { kind: 'unauthorized' } } });
	});

	it('drops a “Bearer ” copied with the token: the header is sent once, and the server lets it in', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started({ mcp_servers: {} });
		await s.addLiveServer({ name: 'live', url: server.url }, `Bearer ${TOKEN}`);
		expect(s.servers[0]).toMatchObject({ status: 'connected' });
		await s.setLiveToken('live', `  bearer   ${TOKEN} `);
		expect(s.servers[0]).toMatchObject({ status: 'connected', live: { problem: null } });
		expect(new Set(server.authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
	});

	it('in MiniHarness, starts a new session in a fresh world: reconnecting would close every client for good', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started({ profile: 'miniharness', mcp_servers: {} });
		await s.addLiveServer({ name: 'live', url: server.url });
		expect(s.servers[0]).toMatchObject({ live: { problem: { kind: 'unauthorized' } } });
		const before = s.world;

		await s.setLiveToken('live', TOKEN);

		expect(s.world).not.toBe(before);
		expect(s.servers[0]).toMatchObject({ status: 'connected', live: { problem: null } });
		expect(server.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
		// The new session's routing table has the server's tools.
		expect(s.registry?.entries.map((e) => e.name)).toContain('whoami');
		expect(everything(s)).not.toContain(TOKEN);
	});

	it('passes a token given with the server on its very first connect', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started({ mcp_servers: {} });
		await s.addLiveServer({ name: 'live', url: server.url }, TOKEN);
		expect(s.servers[0].status).toBe('connected');
		expect(server.authorizations[0]).toBe(`Bearer ${TOKEN}`);
		expect(everything(s)).not.toContain(TOKEN);
	});

	it('sends a token only to the URL it was given for, and forgets it when a world moves the name', async () => {
		server = await startTestServer({ token: TOKEN });
		const other = await startTestServer();
		try {
			const s = started({ mcp_servers: {} });
			await s.addLiveServer({ name: 'live', url: server.url }, TOKEN);
			expect(s.liveTokens).toEqual(['live']);
			// What a pasted scenario, the world editor or an embedding page's setScenario does.
			const moved = parseScenario({
				mcp_servers: { live: { type: 'http', url: other.url, live: true } }
			});
			if (!moved.ok) throw new Error('bad scenario');
			s.replace(moved.scenario);
			await s.run((w) => w.startSession());
			expect(other.authorizations).toEqual(other.authorizations.map(() => ''));
			expect(other.authorizations.length).toBeGreaterThan(0);
			expect(s.liveTokens).toEqual([]);
			// Back at the first URL, the token is gone too: it is typed again, not inherited.
			const back = parseScenario({
				mcp_servers: { live: { type: 'http', url: server.url, live: true } }
			});
			if (!back.ok) throw new Error('bad scenario');
			s.replace(back.scenario);
			await s.run((w) => w.startSession());
			expect(server.authorizations.at(-1)).toBe('');
		} finally {
			await other.close();
		}
	});

	it('keeps a token while the world keeps its server at that URL', async () => {
		server = await startTestServer({ token: TOKEN });
		const s = started(lab);
		await s.addLiveServer({ name: 'live', url: server.url }, TOKEN);
		// Another world with the same live server (the editor changed a simulated one).
		s.replace(s.world.scenario);
		await s.run((w) => w.startSession());
		expect(s.liveTokens).toEqual(['live']);
		expect(server.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
	});
});
