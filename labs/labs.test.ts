import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { checkLab, formatLabProblems } from '../src/lib/core/labs/lab-check';
import { labComplete } from '../src/lib/core/labs/progress';
import { World } from '../src/lib/core/world/world';
import { loadValidator } from '../src/lib/core/validation/lazy-validator';
import { hasLiveServers, isLiveServer } from '../src/lib/core/live/live-servers';
import { closedPortUrl } from '../src/lib/server/test-live-server';
import { LabPlayer } from './lab-player';

// A goal about the server's own schema validates with JSON Schema, which loads on demand.
beforeAll(() => loadValidator());

// Every lab folder, played to its goals with its own solution on the real simulated world,
// and its narration complete in both languages. Adding a lab adds these tests.
const root = new URL('./', import.meta.url);
const folders = readdirSync(root, { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);

/** A lab's files as the build reads them (undefined: missing). */
function read(folder: string, file: string): string | undefined {
	try {
		return readFileSync(new URL(`${folder}/${file}`, root), 'utf8');
	} catch {
		return undefined;
	}
}

/** What the calls since the step began came to: why a goal was not met, at a glance. */
function recentCalls(world: World, before: ReadonlySet<unknown>): string {
	return world.calls
		.filter((c) => !before.has(c))
		.map(
			(c) =>
				`  ${c.name} → ${c.state}${c.stages.length ? ` [${c.stages.map((s) => `${s.stage}:${s.outcome}`).join(' ')}]` : ''}: ${c.output.slice(0, 160)}`
		)
		.join('\n');
}

describe.each(folders)('lab %s', (folder) => {
	// Checked as the build checks it: one lab's problems fail its own test, not every lab's.
	const { checked, problems } = checkLab(folder, read(folder, 'lab.json'), {
		en: read(folder, 'en.md'),
		'zh-CN': read(folder, 'zh-CN.md')
	});

	it('passes the build’s lab check (schema, ids, servers, panels, narration in both languages)', () => {
		expect(formatLabProblems(folder, problems)).toBe('');
	});
	if (!checked) return;
	const { lab } = checked;

	// A lab with a live server needs a lab server running (and a person's terminal): its own
	// lab.test.ts plays it against one. Here it must open fine without one.
	const live = hasLiveServers(lab.scenario);

	if (live)
		it('opens with its live servers refused while nothing listens', async () => {
			const scenario = structuredClone(lab.scenario);
			const nowhere = await closedPortUrl();
			const blocks = [
				scenario.mcp_servers,
				...Object.values(scenario.plugins ?? {}).map((p) => p.mcp_servers)
			];
			for (const servers of blocks)
				for (const config of Object.values(servers)) if (isLiveServer(config)) config.url = nowhere;
			const world = new World(scenario, { liveTimeoutMs: 5_000 });
			await world.startSession();
			const views = world.servers();
			expect(views.some((s) => s.live)).toBe(true);
			for (const view of views)
				if (view.live)
					expect(view, view.name).toMatchObject({
						status: 'failed',
						live: { problem: { kind: 'refused' } }
					});
				else expect(view.status, view.name).not.toBe('pending');
			expect(world.sessionStarted).toBe(true);
			world.dispose();
		});
	else
		it('is finished by playing its solution, step by step, on the real world', async () => {
			const player = await LabPlayer.open(lab);
			for (const [index, step] of lab.steps.entries()) {
				const before = new Set<unknown>(player.world.calls);
				player.goTo(index);
				// The page tells a learner whose world lacks a server the step acts on to reset: the
				// lab's own path must never lack one (a call names its server as mcp__<server>__…).
				expect(player.lacked(), `${step.id}: on arrival, the world lacks`).toEqual([]);
				for (const [i, action] of step.solution.entries()) {
					await player.act(action);
					// A hint is for a wrong turn: the intended way never shows one.
					expect(
						player.hints(),
						`${step.id}: the solution's ${action.do} (solution[${i}]) shows these hints; a hint's goal must describe a wrong turn only (pair a goal on how the world stands with one on something done, in all)`
					).toEqual([]);
					// Nor does it mark a check "done before its turn": usually because a check before
					// it is not met (a typo in its goal), which is where to look.
					const early = player.early();
					const waiting = step.checks
						.filter((_, k) => k < Math.min(...early) && !player.state.steps[index].met[k])
						.map((c) => c.id);
					expect(
						early.map((k) => step.checks[k].id),
						`${step.id}: the solution's ${action.do} (solution[${i}]) marks these checks done before their turn${waiting.length ? `, as ${waiting.join(', ')} before them ${waiting.length > 1 ? 'are' : 'is'} not met yet` : ''}`
					).toEqual([]);
				}
				const met = player.state.steps[index].met;
				const unmet = step.checks.filter((_, i) => !met[i]).map((c) => c.id);
				expect(
					unmet,
					`${step.id}: not met after its solution (a check is looked at only once the ones before it are met, and a check on what happened counts only what came after the previous check was met: one action cannot meet both); the calls since the step began:\n${recentCalls(player.world, before)}`
				).toEqual([]);
			}
			expect(labComplete(player.state)).toBe(true);
			player.dispose();
		});

	// Presenter mode: an instructor plays the cues, the room answers the questions aloud. Each
	// step a cue narrates must end finished, or the lab never shows done on the projector.
	if (!live && lab.cues)
		it('finishes each step its presenter cues narrate', async () => {
			const player = await LabPlayer.open(lab);
			const narrated = new Set<number>();
			for (const cue of lab.cues ?? []) {
				if (cue.step !== undefined) {
					const index = lab.steps.findIndex((s) => s.id === cue.step);
					player.goTo(index);
					const answer = lab.steps[index].predict?.answer;
					if (answer) await player.act({ do: 'predict', option: answer });
					narrated.add(index);
				}
				for (const action of cue.actions) await player.act(action);
			}
			const state = player.state;
			const unfinished = [...narrated].flatMap((index) =>
				state.steps[index].met.every(Boolean)
					? []
					: [
							`${lab.steps[index].id}: ${lab.steps[index].checks
								.filter((_, i) => !state.steps[index].met[i])
								.map((c) => c.id)
								.join(', ')}`
						]
			);
			expect(unfinished).toEqual([]);
			player.dispose();
		});
});
