import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labSchema, type Lab } from '$lib/core/labs/lab-schema';
import { fakeStorage } from './fake-storage';
import type { LabSession } from './lab-session.svelte';
import { MomentKeeper, MOMENT_WRITE_GAP_MS, momentKey } from './moment-keeper';

const lab = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
) as Lab;

/** As much of a lab page's session as the keeper reads: a learner at `step` after a kill. */
function sessionAt(step: { n: number }) {
	return {
		get lab() {
			return {
				step: step.n,
				progress: {
					steps: lab.steps.map((s) => ({ met: s.checks.map(() => false), prediction: null }))
				}
			};
		},
		scenario: lab.scenario,
		timeline: null,
		world: {
			world: {
				scenario: lab.scenario,
				actionsComplete: true,
				actions: [
					{ seq: 1, t: 0, during: null, action: { do: 'startSession' } },
					{ seq: 2, t: 10, during: null, action: { do: 'kill', server: 'filesystem' } }
				]
			}
		}
	} as unknown as LabSession;
}

describe('the moment keeper', () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it('writes a changing world at most every MOMENT_WRITE_GAP_MS, the latest step each time; hiding the page writes at once', async () => {
		await import('./kept-moment'); // loaded, as after the first write
		const store = fakeStorage();
		const writes: number[] = [];
		const setItem = store.setItem.bind(store);
		store.setItem = (key: string, value: string) => {
			writes.push(JSON.parse(value).labStep);
			setItem(key, value);
		};
		const step = { n: 1 };
		const start = Date.now();
		const keeper = new MomentKeeper(
			sessionAt(step),
			lab,
			() => store,
			() => false,
			() => Date.now() - start
		);
		keeper.arm('');
		await vi.advanceTimersByTimeAsync(250);
		expect(writes).toEqual([1]);

		// A run plays: the world changes every 100 ms for 5 s.
		for (let t = 0; t < 5000; t += 100) {
			step.n = 1 + Math.floor(t / 1000);
			keeper.changed();
			await vi.advanceTimersByTimeAsync(100);
		}
		// Not one write per change (50), nor one per idle moment (about one a second before): one
		// per gap, each with the step as it stood then.
		expect(MOMENT_WRITE_GAP_MS).toBe(2000);
		expect(writes.length).toBeLessThanOrEqual(4);
		expect(writes.length).toBeGreaterThanOrEqual(3);
		expect(writes.at(-1)).toBeGreaterThan(1);

		// The page is hidden mid-gap: written now, with where the learner is.
		step.n = 6;
		keeper.changed();
		await keeper.flush();
		expect(writes.at(-1)).toBe(6);
		expect(JSON.parse(store.getItem(momentKey(lab.id))!).labStep).toBe(6);
		// The flush took the scheduled write's place: nothing more is written for that change.
		const count = writes.length;
		await vi.advanceTimersByTimeAsync(MOMENT_WRITE_GAP_MS + 500);
		expect(writes.length).toBe(count);
	});
});
