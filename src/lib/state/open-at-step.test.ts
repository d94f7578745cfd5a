// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { labSchema, type Lab } from '$lib/core/labs/lab-schema';
import { closedPortUrl } from '$lib/server/test-live-server';
import { LabSession } from './lab-session.svelte';

const lab01 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
);

// The page loads open-at-step.ts on demand; loaded here first, so its (and the messages') first
// transform under Vitest is not charged to a test's time limit.
beforeAll(() => import('./open-at-step'), 60_000);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

/** A page's start at `step=<n>`: the narration goes there first, then the world follows. */
async function openedAt(step: number, lab: Lab = lab01) {
	const done: number[] = [];
	const session = new LabSession(lab.id, lab, 0, undefined, { onStepDone: (s) => done.push(s) });
	sessions.push(session);
	const said: string[] = [];
	session.announcer.say = (text: string) => void said.push(text);
	session.lab?.goTo(step);
	const start = session.startFrom(null, step);
	// Busy from the start to the end: an embed is not ready, nor a page settled, in between.
	expect(session.world.pending).toBeGreaterThan(0);
	await start;
	expect(session.world.pending).toBe(0);
	return { session, done, said };
}

describe('opening a lab at step=<n>', () => {
	it('plays the solutions of the steps before n, at instant speed, and none counts as done', async () => {
		const { session, done, said } = await openedAt(3);
		expect(session.step).toBe(3);
		// The last step's sentence will not name steps 1 to 3 as left to do (step-done.ts).
		expect(session.lab!.openedAt).toBe(3);
		const world = session.world.world;
		expect(world.servers().find((s) => s.name === 'filesystem')?.process).toBe('killed');
		expect(world.calls.map((c) => [c.name, c.isError])).toEqual([
			['mcp__filesystem__read_file', false],
			['mcp__filesystem__read_file', true],
			['mcp__internal-api__search_orders', false]
		]);
		// The page's own speed comes back; the question of step 2 is not answered for the learner.
		expect(session.world.speed).toBe('slow');
		expect(session.lab?.progress.steps[1].prediction).toBeNull();
		expect(session.lab?.progress.steps.flatMap((s) => s.met.filter(Boolean))).toEqual([]);
		expect(done).toEqual([]);
		expect(said).toEqual([]);

		// What the learner does next counts: step 4's own solution meets its goals.
		// (The page re-checks on every change; checks count in order, so re-check after each.)
		await session.world.run((w) => w.reconnectAll());
		session.lab?.check();
		await session.world.run((w) =>
			w.callTool('mcp__filesystem__write_file', { path: '/data/notes.txt', content: 'hi' })
		);
		session.lab?.check();
		expect(session.lab?.stepDone).toBe(true);
		expect(done).toEqual([3]);
		// Reset the lab starts it over: from there, a skipped step is the learner's to do.
		session.lab!.restart();
		expect(session.lab!.openedAt).toBe(0);
	});

	it('stops at a solution that fails, stays at step n and says which step and why', async () => {
		const broken = labSchema.parse({
			...lab01,
			cues: undefined,
			steps: [
				lab01.steps[0],
				{ ...lab01.steps[1], solution: [{ do: 'answer', approve: true }] },
				lab01.steps[2]
			]
		});
		const { session, said } = await openedAt(2, broken);
		expect(session.step).toBe(2);
		// Step 1's call was played; step 2's answer found no call waiting; nothing after it ran.
		expect(session.world.world.calls).toHaveLength(1);
		expect(session.world.world.servers().find((s) => s.name === 'filesystem')?.process).toBe(
			'running'
		);
		expect(said).toEqual([
			'The world could not be prepared for this step: step 2 failed: no call is waiting for approval'
		]);
		expect(session.openedShort).toEqual({
			kind: 'failed',
			at: 2,
			step: 2,
			error: 'no call is waiting for approval'
		});
	});

	it('says, and keeps for the page, that a live server the earlier steps needed did not connect', async () => {
		const lab08 = labSchema.parse(
			JSON.parse(
				readFileSync(new URL('../../../labs/08-live-mode/lab.json', import.meta.url), 'utf8')
			)
		);
		// Nothing listens at the lab's URL here (the learner has not started the lab server).
		const url = await closedPortUrl();
		const notesLive = { ...lab08.scenario.mcp_servers['notes-live'], url };
		const offline = labSchema.parse({
			...lab08,
			cues: undefined,
			scenario: {
				...lab08.scenario,
				mcp_servers: { ...lab08.scenario.mcp_servers, 'notes-live': notesLive }
			}
		});
		const { session, said } = await openedAt(2, offline);
		expect(session.step).toBe(2);
		expect(session.openedShort).toEqual({ kind: 'live', at: 2, servers: ['notes-live'] });
		expect(said).toEqual([
			'Step 3 is open, but notes-live did not connect: the steps before it need your own server running (this lab’s lab server). Start it, then press Reconnect all; if its tools are missing from the Tool list, press Close session, then Start session. What the earlier steps did with it is not replayed.'
		]);
	});

	it('at step 0 plays nothing', async () => {
		const { session } = await openedAt(0);
		expect(session.world.world.calls).toHaveLength(0);
		expect(session.openedShort).toBeNull();
		expect(session.world.world.sessionStarted).toBe(true);
	});
});
