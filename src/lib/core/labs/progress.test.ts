import { describe, expect, it } from 'vitest';
import { loadLab } from '../../../../labs/test-support';
import { World } from '../world/world';
import { worldFacts } from './facts';
import { isWorldLabAction, performLabAction } from './lab-actions';
import { advance, earlyChecks, goTo, initialProgress, predict, watchFrom } from './progress';

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
		answer: (option: string) => ((state = predict(state, option, latest())), check()),
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

		// Answering opens the next goal's window from now: the early reconnect does not count, and
		// it stays named as done too early until it is done again.
		step.answer('accepts');
		expect(step.met()).toEqual([true, false, false, false]);
		expect(step.early()).toEqual(['reconnected']);

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

/** A lab opened at one step, the steps before it played by their solutions. */
async function opened(folder: string, stepId: string) {
	const { lab: other } = loadLab(new URL(`../../../../labs/${folder}/`, import.meta.url));
	const index = other.steps.findIndex((s) => s.id === stepId);
	const world = new World(other.scenario);
	await world.startSession();
	for (const step of other.steps.slice(0, index))
		for (const action of step.solution)
			if (isWorldLabAction(action)) await performLabAction(world, action);
			// The page's own actions (a question, stepping through the wire) change no world.
			else expect(['predict', 'wireStep']).toContain(action.do);
	let state = goTo(initialProgress(other), index, world.events.at(-1)?.seq ?? 0);
	const check = () =>
		(state = advance(other, state, worldFacts(world, other.id, index))).steps[index].met;
	const answer = () => (
		(state = predict(state, other.steps[index].predict!.answer, world.events.at(-1)?.seq ?? 0)),
		check()
	);
	const early = () =>
		earlyChecks(other, state, worldFacts(world, other.id, index)).map(
			(i) => other.steps[index].checks[i].id
		);
	return { world, check, answer, early };
}

describe('done before the question', () => {
	it('every goal done before the answer stays named as done too early after it', async () => {
		// Lab 05 step 2, its panels shown anyway: the call and its approval before the answer. The
		// approval is two goals after the question: after the answer it still did not count.
		const step = await opened('05-fault-drills', 'hints-not-permissions');
		await step.world.callTool('mcp.payments.create_invoice', { order: 'A-1002' });
		step.check();
		await step.world.answerApproval(step.world.calls.at(-1)!.id, true);
		step.check();
		// The call no longer waits: only its approval reads as done.
		expect(step.early()).toEqual(['approved']);
		expect(step.answer()).toEqual([true, false, false]);
		expect(step.early()).toEqual(['approved']);
		step.world.dispose();
	});
});

describe('a control that cannot be pressed twice', () => {
	// The step's text says to do these before its question shows; once answered, the control
	// gives no second chance (the mode button is already pressed, Kill is disabled, Apply roots
	// has nothing to apply). Their checks read how the world stands, so the early act counts.

	it('lab 03: default and plan mode chosen before the question', async () => {
		for (const [stepId, mode] of [
			['default-mode', 'default'],
			['plan-mode', 'plan']
		] as const) {
			const step = await opened('03-call-pipeline', stepId);
			await step.world.setPermissionMode(mode);
			expect(step.check()[1], stepId).toBe(false);
			expect(step.answer()[1], stepId).toBe(true);
			step.world.dispose();
		}
	});

	it('lab 04: github killed before the question', async () => {
		const step = await opened('04-trust-and-grants', 'health');
		await step.world.profileCommand('trust', { connector: 'notion' });
		await step.world.kill('github');
		expect(step.answer()[1]).toBe(true);
		step.world.dispose();
	});

	it('lab 05: payments killed before the call is made', async () => {
		const step = await opened('05-fault-drills', 'killed-before');
		await step.world.kill('payments');
		step.check();
		await step.world.callTool('mcp.payments.create_invoice', { order: 'A-1002' });
		step.check();
		const waiting = step.world.calls.at(-1)!;
		await step.world.answerApproval(waiting.id, true);
		expect(step.check()).toEqual([true, true, true, false]);
		step.world.dispose();
	});

	it('lab 04: the health check step ends done with another connector trusted too', async () => {
		// Its checks are about github; feishu, trusted earlier, keeps its tools in the list.
		const step = await opened('04-trust-and-grants', 'health');
		await step.world.profileCommand('trust', { connector: 'feishu' });
		step.answer();
		// Checked after each action, as the page does.
		await step.world.profileCommand('trust', { connector: 'notion' });
		step.check();
		await step.world.kill('github');
		step.check();
		await step.world.profileCommand('healthCheck', {});
		expect(step.check()).toEqual([true, true, true, true]);
		step.world.dispose();
	});
});

describe('what counted for one goal is no early attempt at a later one', () => {
	it('lab 00: the first list_mcp_resources call is not the second done before its turn', async () => {
		const { world, check, answer, early } = await opened('00-protocol-basics', 'resource-tools');
		answer();
		await world.callTool('list_mcp_resources', {});
		check();
		await world.callTool('read_mcp_resource', {
			server: 'helpdesk',
			uri: 'file:///home/ana/helpdesk/README.md'
		});
		check();
		await world.kill('helpdesk');
		expect(check()).toEqual([true, true, true, true, false, false]);
		expect(early()).toEqual([]);
	});
});

describe('watchFrom: the step watches a new or rebuilt world', () => {
	const at = (answered: number | undefined) => {
		const state = goTo(initialProgress(lab), STEP, 20);
		return answered === undefined ? state : predict(state, 'x', answered);
	};
	const watched = (answered: number | undefined, seq: number) =>
		watchFrom(at(answered), seq).steps[STEP];

	it('a new world numbering from 1: the answer came before all its events', () => {
		expect(watched(40, 0)).toMatchObject({ since: 0, opened: 0, answered: 0, prediction: 'x' });
	});

	it('a world rebuilt at an earlier event: the answer is no later than its newest one', () => {
		expect(watched(40, 30)).toMatchObject({ since: 30, opened: 30, answered: 30 });
		expect(watched(10, 30)).toMatchObject({ since: 30, opened: 30, answered: 10 });
	});

	it('no answer yet: none is made up', () => {
		expect(watched(undefined, 0)).not.toHaveProperty('answered');
	});
});
