import { describe, expect, it } from 'vitest';
import { loadLab } from '../../../../labs/test-support';
import { World } from '../world/world';
import { worldFacts } from './facts';
import { advance, earlyChecks, goTo, initialProgress, predict } from './progress';

// Lab 00's "Version negotiation" step: answer the question, Reconnect all, see legacy on
// 2024-11-05, see future fail. Its text asks for the reconnect before the question card shows.
const { lab } = loadLab(new URL('../../../../labs/00-protocol-basics/', import.meta.url));
const STEP = lab.steps.findIndex((s) => s.id === 'versions');
const ids = (indices: number[]) => indices.map((i) => lab.steps[STEP].checks[i].id);

async function atVersions() {
	const world = new World(lab.scenario);
	await world.startSession();
	const latest = () => world.events.at(-1)?.seq ?? 0;
	let state = goTo(initialProgress(lab), STEP, latest());
	const facts = () => worldFacts(world, lab.id, STEP);
	const check = () => (state = advance(lab, state, facts()));
	return {
		world,
		check,
		answer: (option: string) => ((state = predict(state, option)), check()),
		met: () => state.steps[STEP].met,
		early: () => ids(earlyChecks(lab, state, facts()))
	};
}

describe('goals count in order', () => {
	it('a reconnect done before answering does not count, and is named as done too early', async () => {
		const step = await atVersions();
		await step.world.reconnectAll();
		step.check();
		expect(step.met()).toEqual([false, false, false, false]);
		// Only the action: legacy being connected is how the world stands, not something done.
		expect(step.early()).toEqual(['reconnected']);

		// Answering opens the next goal's window from now: the early reconnect is behind it.
		step.answer('accepts');
		expect(step.met()).toEqual([true, false, false, false]);
		expect(step.early()).toEqual([]);

		await step.world.reconnectAll();
		step.check();
		expect(step.met()).toEqual([true, true, true, true]);
		expect(step.early()).toEqual([]);
	});

	it('nothing is early when the goals are done in their order', async () => {
		const step = await atVersions();
		step.answer('refuses');
		expect(step.early()).toEqual([]);
		await step.world.reconnectAll();
		step.check();
		expect(step.met()).toEqual([true, true, true, true]);
		expect(step.early()).toEqual([]);
	});
});
