// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { emptyScenario, LabSession } from './lab-session.svelte';

// A page checks a world it is given (an embed's setScenario, the editor's Apply, a lab's
// setScenario step) with code it loads on demand: the scenario schemas stay out of its start-up.

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

function sandbox(): LabSession {
	const session = new LabSession('sandbox', null);
	sessions.push(session);
	return session;
}

const notes = { mcp_servers: { notes: { type: 'stdio', command: 'notes-mcp' } } };

describe('a world given to a running page', () => {
	it('the empty world an embed sandbox opens on is what the scenario format makes of no servers', () => {
		const parsed = parseScenario({ mcp_servers: {} });
		expect(parsed.ok && parsed.scenario).toEqual(emptyScenario());
		expect(sandbox().scenario).toEqual(emptyScenario());
	});

	it('reads as busy from the call until the new world has started, not settled on the old one', async () => {
		const session = sandbox();
		await session.start();
		const applied = session.setScenario(notes);
		// Before the checker has loaded: the page must not read as settled (data-settled, the
		// harness controls' "busy") while it still shows the old world.
		expect(session.world.pending).toBeGreaterThan(0);
		expect(session.world.servers.map((s) => s.name)).toEqual([]);
		expect(await applied).toEqual({ ok: true });
		expect(session.world.pending).toBe(0);
		expect(session.world.servers.map((s) => [s.name, s.status])).toEqual([['notes', 'connected']]);
	});

	it('refuses an invalid world at its path and keeps the old one', async () => {
		const session = sandbox();
		await session.setScenario(notes);
		const refused = await session.setScenario({ mcp_servers: { notes: { type: 'stdio' } } });
		expect(refused).toEqual({
			ok: false,
			error: expect.stringMatching(/^Invalid scenario at mcp_servers\.notes\.command: /)
		});
		expect(session.world.pending).toBe(0);
		expect(session.scenario.mcp_servers).toHaveProperty('notes.command', 'notes-mcp');
	});

	it('switches the profile as setProfile does: busy from the call, the same servers, a new start-up', async () => {
		const session = sandbox();
		await session.setScenario(notes);
		const switched = session.setProfile('miniharness');
		// The profile check loads on demand: meanwhile the old world must not read as settled.
		expect(session.world.pending).toBeGreaterThan(0);
		expect(await switched).toEqual({ ok: true });
		expect(session.world.pending).toBe(0);
		expect(session.scenario).toMatchObject({
			profile: 'miniharness',
			mcp_servers: notes.mcp_servers
		});
		expect(session.world.profile).toBe('miniharness');
		expect(session.world.sessionStarted).toBe(true);

		const world = session.world.world;
		expect(await session.setProfile('')).toEqual({
			ok: false,
			error: expect.stringMatching(/^Unknown profile ''\. Profile ids: openharness, /)
		});
		expect(session.world.world).toBe(world);
	});
});
