// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { labSchema } from '$lib/core/labs/lab-schema';
import { LabSession } from './lab-session.svelte';

// Lab 02 hides what would answer its first two questions: the registry, the model's view and the
// call form (which list the adapted names) on step 1, the Name lab (every host's name for one
// tool, the second question's answer) on steps 1 and 2 until the second question is answered.
const lab02 = labSchema.parse(
	JSON.parse(readFileSync(new URL('../../../labs/02-naming/lab.json', import.meta.url), 'utf8'))
);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

function lab() {
	const session = new LabSession(lab02.id, lab02);
	sessions.push(session);
	return session.lab!;
}

const hidden = (state: ReturnType<typeof lab>) => [...state.hiddenPanels];

describe('panels hidden until the question is answered', () => {
	it('hides a step’s panels until the answer is locked in, right or wrong', () => {
		const state = lab();
		expect(hidden(state)).toEqual(['registry', 'input', 'pipeline', 'naming']);
		expect(state.hiddenForNext).toEqual(['naming']);
		state.answer('unchanged');
		// The Name lab waits for the next question, whose answer it shows.
		expect(hidden(state)).toEqual(['naming']);
		expect(state.hiddenForNext).toEqual(['naming']);
		state.goTo(1);
		expect(hidden(state)).toEqual(['naming']);
		expect(state.hiddenForNext).toEqual([]);
		state.answer('raw');
		expect(hidden(state)).toEqual([]);
		// Back to an answered step: nothing to hide.
		state.goTo(0);
		expect(hidden(state)).toEqual([]);
		// A step without the field hides nothing.
		state.goTo(3);
		expect(hidden(state)).toEqual([]);
	});

	it('shows them on request for this step only, and hides them again after a restart', () => {
		const state = lab();
		state.showHiddenPanels();
		expect(hidden(state)).toEqual([]);
		expect(state.hiddenForNext).toEqual([]);
		state.goTo(1);
		expect(hidden(state)).toEqual(['naming']);
		state.goTo(0);
		expect(hidden(state)).toEqual([]);
		state.restart();
		expect(hidden(state)).toEqual(['registry', 'input', 'pipeline', 'naming']);
	});
});
