// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedAction } from '$lib/core';
import { replay } from '$lib/core/world/replay';
import { makeWorld, observable } from '$lib/core/world/test-world';
import type { World } from '$lib/core/world/world';
import { checkpoints, SpareWorlds } from './spare-worlds';

let cleanup: Array<() => void> = [];
afterEach(() => {
	for (const c of cleanup) c();
	cleanup = [];
});

/** Lab 01's world played for `steps` actions: calls, kills, restarts and reconnects. */
async function played(steps: number) {
	const world = makeWorld();
	cleanup.push(() => world.dispose());
	await world.startSession();
	for (let i = 0; world.actions.length < steps; i++) {
		const k = i % 5;
		if (k === 1) await world.kill('filesystem');
		else if (k === 3) await world.restart('filesystem');
		else if (k === 4) await world.reconnectAll();
		else await world.callTool('mcp__filesystem__read_file', { path: '/a' }).catch(() => undefined);
	}
	return { scenario: world.scenario, tape: world.actions.slice(0, steps) };
}

function spares(busy = () => false) {
	const paced: number[] = [];
	const builds: Array<[number, number]> = [];
	const s = new SpareWorlds(
		{
			options: (flags) => ({ pace: async (ms) => void (flags.arrived && paced.push(ms)) }),
			busy,
			built: (from, to) => builds.push([from, to])
		},
		10,
		3
	);
	cleanup.push(() => s.dispose());
	return { s, paced, builds };
}

async function fromScratch(scenario: World['scenario'], tape: readonly LoggedAction[], at: number) {
	const world = await replay(scenario, tape.slice(0, at));
	cleanup.push(() => world.dispose());
	return observable(world);
}

describe('checkpoints', () => {
	it('keeps the nearest multiples below the step, at most the count kept', () => {
		expect(checkpoints(5000)).toEqual([4500, 4000, 3500, 3000]);
		expect(checkpoints(1200)).toEqual([1000, 500]);
		expect(checkpoints(501)).toEqual([500]);
		expect(checkpoints(500)).toEqual([]);
		expect(checkpoints(0)).toEqual([]);
		expect(checkpoints(35, 10, 5)).toEqual([30, 20, 10]);
	});
});

describe('SpareWorlds', () => {
	it('builds the spares below the step; one taken and replayed on is the world replay builds', async () => {
		const { scenario, tape } = await played(45);
		const { s } = spares();
		s.plan(scenario, tape, 45);
		await s.idle();
		expect(s.ready).toEqual([40, 30, 20]);

		const taken = (await s.take(scenario, tape, 37))!;
		expect(taken.at).toBe(30);
		expect(observable(taken.world)).toBe(await fromScratch(scenario, tape, 30));
		expect(s.ready).toEqual([40, 20]);
		cleanup.push(() => taken.world.dispose());

		// The one at the step itself is taken as it is.
		expect((await s.take(scenario, tape, 40))?.at).toBe(40);
		expect(await s.take(scenario, tape, 19)).toBeNull();
	});

	it('is not taken for another scenario, another history, or across an interrupt of an earlier command', async () => {
		const { scenario, tape } = await played(25);
		const { s } = spares();
		s.plan(scenario, tape, 25);
		await s.idle();
		expect(s.ready).toEqual([20, 10]);

		expect(await s.take({ ...scenario }, tape, 25)).toBeNull();
		const other = tape.map((a, i) => (i === 5 ? { ...a, action: { do: 'closeSession' } } : a));
		expect(await s.take(scenario, other as LoggedAction[], 25)).toBeNull();
		// An interrupt that landed in a command before step 20 cannot be replayed from step 20.
		const interrupted = tape.map((a, i) => (i === 21 ? { ...a, during: 19 } : a));
		expect((await s.take(scenario, interrupted as LoggedAction[], 25))?.at).toBe(10);
		// Equal actions (a fork's copies) are the same history.
		expect((await s.take(scenario, structuredClone(tape), 25))?.at).toBe(20);
	});

	it('waits while the page is busy, and a plan elsewhere drops what is no longer wanted', async () => {
		const { scenario, tape } = await played(25);
		let busy = true;
		const { s } = spares(() => busy);
		s.plan(scenario, tape, 25);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(s.ready).toEqual([]);
		busy = false;
		await s.idle();
		expect(s.ready).toEqual([20, 10]);

		// Moved to step 15: the spare at 20 is of no use below it; the one at 10 is kept.
		s.plan(scenario, tape, 15);
		await s.idle();
		expect(s.ready).toEqual([10]);

		// Another scenario: the old spares go, even one in the middle of its build.
		busy = true;
		const second = await played(12);
		s.plan(second.scenario, second.tape, 12);
		s.plan(scenario, tape, 25);
		busy = false;
		await s.idle();
		expect(s.ready).toEqual([20, 10]);
		expect(await s.take(second.scenario, second.tape, 12)).toBeNull();
	});

	it('builds a missing spare from the one below it, nearest first, so the one just used is back soonest', async () => {
		const { scenario, tape } = await played(45);
		const { s, builds } = spares();
		s.plan(scenario, tape, 45);
		await s.idle();
		expect(builds).toEqual([
			[0, 40],
			[0, 30],
			[0, 20]
		]);
		const taken = (await s.take(scenario, tape, 44))!;
		cleanup.push(() => taken.world.dispose());
		expect(taken.at).toBe(40);

		builds.length = 0;
		s.plan(scenario, tape, 44);
		await s.idle();
		expect(builds).toEqual([
			[30, 40],
			[20, 30],
			[0, 20]
		]);
		expect(s.ready).toEqual([40, 30, 20]);
		// Moved up, not rebuilt: each is still the world a replay from step 0 builds.
		for (const at of [40, 30, 20]) {
			const spare = (await s.take(scenario, tape, at))!;
			cleanup.push(() => spare.world.dispose());
			expect(observable(spare.world)).toBe(await fromScratch(scenario, tape, at));
		}
	});

	it('a growing log moves its spares up', async () => {
		const { scenario, tape } = await played(35);
		const { s, builds } = spares();
		s.plan(scenario, tape.slice(0, 25), 25);
		await s.idle();
		builds.length = 0;
		s.plan(scenario, tape, 35);
		await s.idle();
		expect(builds).toEqual([
			[20, 30],
			[10, 20],
			[0, 10]
		]);
		expect(s.ready).toEqual([30, 20, 10]);
	});

	it('a move with no spare ready finishes the build that serves it, even while the page is busy', async () => {
		const { scenario, tape } = await played(25);
		const { s } = spares(() => true);
		s.plan(scenario, tape, 25);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(s.ready).toEqual([]);
		const taken = (await s.take(scenario, tape, 25))!;
		cleanup.push(() => taken.world.dispose());
		expect(taken.at).toBe(20);
		expect(observable(taken.world)).toBe(await fromScratch(scenario, tape, 20));
	});

	it('a move right after another finishes the spare moving up rather than take a lower one', async () => {
		const { scenario, tape } = await played(45);
		let busy = false;
		const { s } = spares(() => busy);
		s.plan(scenario, tape, 45);
		await s.idle();
		const first = (await s.take(scenario, tape, 44))!;
		cleanup.push(() => first.world.dispose());
		// The page stays busy: the spare at 30 moving up to 40 waits, the one at 20 is ready.
		busy = true;
		s.plan(scenario, tape, 44);
		expect(s.ready).toEqual([20]);
		const next = (await s.take(scenario, tape, 43))!;
		cleanup.push(() => next.world.dispose());
		expect(next.at).toBe(40);
		expect(observable(next.world)).toBe(await fromScratch(scenario, tape, 40));
		expect(s.ready).toEqual([20]);
	});

	it('a taken spare runs at the page pace only once it has arrived', async () => {
		const { scenario, tape } = await played(15);
		const { s, paced } = spares();
		s.plan(scenario, tape, 15);
		await s.idle();
		expect(paced).toEqual([]);
		const taken = (await s.take(scenario, tape, 15))!;
		cleanup.push(() => taken.world.dispose());
		taken.arrived();
		await taken.world.callTool('mcp__internal-api__search_orders', { query: 'q' });
		// internal-api answers after its simulated 40 ms: the page paces that wait.
		expect(paced.length).toBeGreaterThan(0);
	});

	it('dispose drops every spare and ends a build in progress', async () => {
		const { scenario, tape } = await played(25);
		const { s } = spares();
		s.plan(scenario, tape, 25);
		s.dispose();
		await s.idle();
		expect(s.ready).toEqual([]);
		s.plan(scenario, tape, 25);
		await s.idle();
		expect(s.ready).toEqual([]);
	});
});
