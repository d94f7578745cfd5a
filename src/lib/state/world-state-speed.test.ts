import { describe, expect, it } from 'vitest';
import { wallWait } from './world-state.svelte';

describe('how long the page waits for simulated time', () => {
	it('real time is real, however long; slow motion is ten times slower, each wait at most 1.5 s', () => {
		// A 30 s timeout shown in real time takes 30 s (it was cut to 1.5 s).
		expect(wallWait('realtime', 30_000)).toBe(30_000);
		expect(wallWait('realtime', 40)).toBe(40);
		expect(wallWait('slow', 40)).toBe(400);
		expect(wallWait('slow', 30_000)).toBe(1_500);
		expect(wallWait('instant', 30_000)).toBe(0);
	});
});
