import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LabAction } from '../src/lib/core/labs/lab-schema';
import { stepComplete } from '../src/lib/core/labs/progress';
import { hasLiveServers } from '../src/lib/core/live/live-servers';
import { loadValidator } from '../src/lib/core/validation/lazy-validator';
import { LabPlayer } from './lab-player';
import { loadLab } from './test-support';

// Every hint (lab.json `hints`) is for a wrong turn a learner really takes: played in its step
// after the earlier steps' solutions, the turn in labs/hint-turns.json shows the hint, which was
// not shown on arrival, and leaves the step open. (labs.test.ts checks that no solution shows one.)
beforeAll(() => loadValidator());

type Turns = Record<string, Record<string, Record<string, LabAction[]>>>;
const turns = JSON.parse(
	readFileSync(new URL('./hint-turns.json', import.meta.url), 'utf8')
) as Turns & { $comment?: string };
const folders = readdirSync(new URL('./', import.meta.url), { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);

// A lab renamed or removed leaves its turns behind, and nothing else reads them: say so.
it('labs/hint-turns.json lists turns only for labs there are', () => {
	const stale = Object.keys(turns).filter((id) => id !== '$comment' && !folders.includes(id));
	expect(stale, 'labs/hint-turns.json has turns for these, which are no lab folder').toEqual([]);
});

describe.each(folders)('hints of lab %s', (folder) => {
	// One lab that does not load fails here, not every lab's hint tests (labs.test.ts says why).
	let loaded: ReturnType<typeof loadLab>;
	try {
		loaded = loadLab(new URL(`./${folder}/`, import.meta.url));
	} catch (error) {
		it('loads', () => {
			throw error;
		});
		return;
	}
	const { lab } = loaded;
	const hinted = lab.steps.flatMap((step, index) =>
		(step.hints ?? []).map((hint) => ({ step, index, hint: hint.id }))
	);

	it('has a wrong turn for every hint, and no turn for a hint it does not have', () => {
		const listed = Object.entries(turns[folder] ?? {}).flatMap(([step, hints]) =>
			Object.keys(hints).map((hint) => `${step}/${hint}`)
		);
		expect(
			listed.sort(),
			`labs/hint-turns.json's turns under "${folder}" (step/hint), against lab.json's hints`
		).toEqual(hinted.map((h) => `${h.step.id}/${h.hint}`).sort());
	});

	// A live lab's turns need a lab server and what is done outside the page (a key in its
	// terminal, a restart): its own tests play them (lab 08: labs/08-live-mode/hints.test.ts).
	if (!hasLiveServers(lab.scenario))
		for (const { step, index, hint } of hinted)
			it(`${step.id}: ${hint} shows after its wrong turn`, async () => {
				const turn = turns[folder]?.[step.id]?.[hint];
				expect(turn, `labs/hint-turns.json has no wrong turn for ${step.id}/${hint}`).toBeDefined();
				if (!turn) return;
				const player = await LabPlayer.at(lab, index);
				try {
					expect(player.hints(), 'on arrival').toEqual([]);
					for (const action of turn)
						// A wrong turn may be refused (a call with no run): that is part of it.
						await player.act(action).catch(() => {});
					expect(
						player.hints(),
						`the turn for ${step.id}/${hint} in labs/hint-turns.json was played: the hints shown then`
					).toContain(hint);
					expect(stepComplete(player.state)).toBe(false);
				} finally {
					player.dispose();
				}
			});
});

describe('a world replaced by one without the step’s servers', () => {
	it('names the servers the step acts on, until the lab’s world is back; none for a step that replaces it', async () => {
		const lab00 = loadLab(new URL('./00-protocol-basics/', import.meta.url)).lab;
		const lab01 = loadLab(new URL('./01-connection-isolation/', import.meta.url)).lab;
		const player = await LabPlayer.open(lab00);
		try {
			// Step 6 (elicitation) calls helpdesk's tools; the learner loads lab 01's world instead.
			player.goTo(5);
			expect(player.lacked()).toEqual([]);
			await player.act({ do: 'setScenario', scenario: lab01.scenario as Record<string, unknown> });
			expect(player.lacked()).toEqual(['helpdesk']);
			await player.act({ do: 'setScenario', scenario: lab00.scenario as Record<string, unknown> });
			expect(player.lacked()).toEqual([]);
		} finally {
			player.dispose();
		}
		const lab02 = loadLab(new URL('./02-naming/', import.meta.url)).lab;
		const naming = await LabPlayer.open(lab02);
		try {
			// Step 3 asks the learner to apply a world with billing_v2: its servers arrive with it.
			naming.goTo(2);
			expect(lab02.steps[2].solution.some((a) => a.do === 'setScenario')).toBe(true);
			expect(naming.lacked()).toEqual([]);
		} finally {
			naming.dispose();
		}
	});
});
