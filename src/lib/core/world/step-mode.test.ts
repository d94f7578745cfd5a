import { describe, expect, it } from 'vitest';
import type { CallState } from './calls';
import { isolationScenario, makeWorld } from './test-world';
import type { World } from './world';

// Step mode holds a call between stages in the world itself (not a replay): each step is a
// command that resolves once the world has settled, with the call held at its next stage.

const SEARCH = 'mcp__internal-api__search_orders';

async function steppingWorld(): Promise<World> {
	const world = makeWorld();
	await world.startSession();
	await world.setStepMode(true);
	return world;
}

const record = (world: World, id: string) => world.calls.find((c) => c.id === id)!;

/** Steps a held call until it ends, noting the state it is held at before each step. */
async function stepToEnd(world: World, id: string): Promise<CallState[]> {
	const held: CallState[] = [];
	for (let i = 0; i < 20 && record(world, id).state !== 'completed'; i++) {
		held.push(record(world, id).state);
		expect(record(world, id).held).toBe(true);
		await world.stepCall(id);
	}
	return held;
}

describe('OpenHarness world: step mode', () => {
	it('is off by default and announced when switched', async () => {
		const world = makeWorld();
		expect(world.stepMode).toBe(false);
		await world.setStepMode(true);
		expect(world.stepMode).toBe(true);
		expect(world.events.at(-1)).toMatchObject({ kind: 'stepMode', on: true });
		expect(world.events.at(-2)).toMatchObject({ kind: 'command', command: 'setStepMode' });
	});

	it('callTool resolves with the call held at pre_tool_use, its first record made', async () => {
		const world = await steppingWorld();
		const call = await world.callTool(SEARCH, { query: 'late' });
		expect(call).toMatchObject({ state: 'pre_tool_use', held: true, output: '' });
		expect(call.stages.map((s) => s.stage)).toEqual(['preToolUse']);
		expect(
			world.wire.entries.some(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
			)
		).toBe(false);
	});

	it('steps a call stage by stage to completed, with the same outcome as in run mode', async () => {
		const world = await steppingWorld();
		const { id } = await world.callTool(SEARCH, { query: 'late' });
		expect(await stepToEnd(world, id)).toEqual([
			'pre_tool_use',
			'lookup',
			'validation',
			'permission',
			'normalising',
			'post_tool_use'
		]);
		const stepped = record(world, id);

		const run = makeWorld();
		await run.startSession();
		const ran = await run.callTool(SEARCH, { query: 'late' });
		expect(stepped).toMatchObject({ state: 'completed', held: false, output: '3 orders match' });
		expect(stepped).toEqual({ ...ran, startedAt: stepped.startedAt, endedAt: stepped.endedAt });
		expect(stepped.stages.map((s) => s.stage)).toEqual(ran.stages.map((s) => s.stage));
		// Only the executing step moved simulated time: holding costs none.
		expect(stepped.endedAt! - stepped.startedAt).toBe(ran.endedAt! - ran.startedAt);
	});

	it('refuses to step a call that is not held, with a sentence', async () => {
		const world = await steppingWorld();
		const { id } = await world.callTool(SEARCH, { query: 'x' });
		await stepToEnd(world, id);
		await expect(world.stepCall(id)).rejects.toThrow(`Call ${id} is not waiting for a step.`);
		await expect(world.stepCall('c99')).rejects.toThrow('Call c99 is not waiting for a step.');
	});

	it('a hung server: the executing step waits out the timeout, then holds on the failure', async () => {
		const world = await steppingWorld();
		await world.hang('internal-api');
		const { id } = await world.callTool(SEARCH, { query: 'x' });
		for (const _ of ['pre_tool_use', 'lookup', 'validation']) await world.stepCall(id);
		const before = world.clock.now;
		await world.stepCall(id);
		expect(world.clock.now - before).toBe(30_000);
		expect(record(world, id)).toMatchObject({ state: 'normalising', held: true });
		expect(record(world, id).stages.at(-2)).toMatchObject({
			stage: 'executing',
			outcome: 'call-failed'
		});
		await stepToEnd(world, id);
		expect(record(world, id)).toMatchObject({
			state: 'completed',
			isError: true,
			output: "MCP server 'internal-api' call failed: Request timed out"
		});
	});

	it('a blocked call holds on the failing stage and the next step ends it', async () => {
		const world = await steppingWorld();
		const { id } = await world.callTool('mcp__nope__x');
		await world.stepCall(id);
		expect(record(world, id)).toMatchObject({ state: 'lookup', held: true, isError: false });
		await world.stepCall(id);
		expect(record(world, id)).toMatchObject({
			state: 'completed',
			held: false,
			isError: true,
			output: 'Unknown tool: mcp__nope__x'
		});
	});

	it('runs one call to its end, leaving step mode on for the next', async () => {
		const world = await steppingWorld();
		const { id } = await world.callTool(SEARCH, { query: 'x' });
		await world.stepCall(id, true);
		expect(record(world, id)).toMatchObject({ state: 'completed', output: '3 orders match' });
		expect(world.stepMode).toBe(true);
		expect((await world.callTool(SEARCH, { query: 'y' })).held).toBe(true);
	});

	it('turning step mode off finishes every held call; the world is not stuck busy', async () => {
		const world = await steppingWorld();
		const calls = await world.callTools([
			{ name: SEARCH, arguments: { query: 'a' } },
			{ name: 'mcp__filesystem__list_directory', arguments: { path: '/data' } }
		]);
		await world.stepCall(calls[0].id);
		// Other commands resolve while calls are held.
		await world.kill('filesystem');
		await world.setStepMode(false);
		expect(world.calls.map((c) => [c.id, c.state, c.held])).toEqual([
			[calls[0].id, 'completed', false],
			[calls[1].id, 'completed', false]
		]);
		expect(record(world, calls[0].id).output).toBe('3 orders match');
		expect(record(world, calls[1].id).isError).toBe(true);
		expect((await world.callTool(SEARCH, { query: 'b' })).state).toBe('completed');
		expect(world.events.at(-1)).toMatchObject({ kind: 'call', isError: false });
	});

	it('in default mode a stepped call still waits for the person at awaiting_approval', async () => {
		const world = makeWorld({ ...isolationScenario, permissions: { mode: 'default' } });
		await world.startSession();
		await world.setStepMode(true);
		const { id } = await world.callTool(SEARCH, { query: 'x' });
		for (const _ of ['pre_tool_use', 'lookup', 'validation', 'permission'])
			await world.stepCall(id);
		expect(record(world, id)).toMatchObject({ state: 'awaiting_approval', held: false });
		await expect(world.stepCall(id)).rejects.toThrow(`Call ${id} is not waiting for a step.`);
		await world.answerApproval(id, true);
		expect(record(world, id)).toMatchObject({ state: 'normalising', held: true });
	});
});
