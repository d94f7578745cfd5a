// @vitest-environment node
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedScenario } from '$lib/core/scenario/seed-template';
import { loadExplanations } from '$lib/i18n/explanations';
import { pickHarness } from './harness-pick';
import { LabSession } from './lab-session.svelte';

// The world editor's harness choice: the embed's setProfile, said in one sentence, refused with
// its sentence and the world kept, and an unapplied draft kept.

// A failure's words load on demand; under Vitest's transform the first load takes seconds.
beforeAll(() => loadExplanations(), 60_000);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

async function sandbox(): Promise<LabSession> {
	const session = new LabSession('sandbox', null, 0, seedScenario());
	sessions.push(session);
	await session.start();
	return session;
}

const said = (running: string, failed: Array<{ name: string }>) =>
	`Harness: ${running}. Failed: ${failed.map((f) => f.name).join(', ') || 'none'}.`;
const registry = (session: LabSession) => session.world.registry?.entries.map((e) => e.name) ?? [];

describe('choosing the harness by hand', () => {
	it('runs the same servers under the chosen profile, start-up again, and says so once', async () => {
		const session = await sandbox();
		expect(registry(session)).toContain('mcp__filesystem__read_file');
		const before = session.scenario;

		const picked = await pickHarness(session, 'miniharness', said);
		expect(picked).toEqual({ ok: true });
		expect(session.world.profile).toBe('miniharness');
		expect(session.scenario).toEqual({ ...before, profile: 'miniharness' });
		expect(session.world.sessionStarted).toBe(true);
		expect(session.world.pending).toBe(0);
		// The world's own log starts again: a share link or time travel carries the new profile.
		expect(session.world.world.scenario.profile).toBe('miniharness');
		expect(session.world.world.actions.map((a) => a.action)).toEqual([{ do: 'startSession' }]);
		await vi.waitFor(() =>
			expect(session.announcer.message).toBe('Harness: miniharness. Failed: realtime.')
		);

		expect(await pickHarness(session, 'openharness', said)).toEqual({ ok: true });
		expect(registry(session)).toContain('mcp__filesystem__read_file');
	});

	it('refuses a profile this build does not run with setProfile’s sentence, and keeps the world', async () => {
		const session = await sandbox();
		const world = session.world.world;
		const refused = await pickHarness(session, 'claude', said);
		const sentence =
			"Unknown profile 'claude'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual).";
		expect(refused).toEqual({ ok: false, error: sentence });
		expect(session.world.world).toBe(world);
		expect(session.world.profile).toBe('openharness');
		// Shown and said as the embed's refusal is (the harness panel's error box).
		expect(session.world.error).toBe(sentence);
		await vi.waitFor(() =>
			expect(session.announcer.message).toBe(`The last command failed: ${sentence}`)
		);
	});

	it('says a start-up that failed once, though the switch was hushed while it failed', async () => {
		const session = await sandbox();
		session.setProfile = () => session.world.run(() => Promise.reject(new Error('boom')));
		const failed = await pickHarness(session, 'trust', said);
		expect(failed).toEqual({ ok: false, error: 'boom' });
		expect(session.world.error).toBe('boom');
		await vi.waitFor(() => expect(session.announcer.message).toBe('The last command failed: boom'));
	});

	it('keeps text with unapplied edits; text as applied follows the new world', async () => {
		const session = await sandbox();
		const running = JSON.stringify(session.scenario, null, 2);
		session.editorDraft = { text: '{"mcp_servers": {}}', against: running };
		await pickHarness(session, 'toolsource', said);
		expect(session.editorDraft).toEqual({ text: '{"mcp_servers": {}}', against: running });
		expect(session.unappliedEdits).toBe(true);

		const applied = JSON.stringify(session.scenario, null, 2);
		session.editorDraft = { text: applied, against: applied, applied };
		await pickHarness(session, 'openharness', said);
		expect(session.editorDraft).toBeNull();
	});
});
