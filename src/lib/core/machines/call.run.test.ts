import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { loadCallChecks } from '../profiles/openharness/lazy-call-checks';
import { callMachine, callWithExecute, type CallInput, type ExecuteOutput } from './call.machine';
import { executeEvents, input, okResult, serializeEvent } from './call.fixtures';
import { CallRun, type ExecuteAnswer } from './call.run';

await loadCallChecks();

// The world runs calls on CallRun; the XState machine is the model. These tests hold the runner
// to the machine: every path xstate/graph finds, and the timing the world relies on.

const never = () => new Promise<ExecuteOutput>(() => {});

/** The machine's event as the runner takes it (its execute answers are events of its own). */
function runnerEvent(event: { type: string; output?: unknown; error?: unknown }) {
	if (event.type === 'xstate.done.actor.execute')
		return { type: 'answered', output: event.output } as ExecuteAnswer;
	if (event.type === 'xstate.error.actor.execute')
		return { type: 'raised', error: event.error } as ExecuteAnswer;
	return event as Parameters<CallRun['send']>[0];
}

const stepping = (over: Partial<CallInput> = {}) => input({ stepping: true, ...over });

/** Inputs reaching every branch: each stop before execution, approval, step mode. */
const inputs: [string, CallInput][] = [
	['full_auto', input({ now: () => 7 })],
	['default mode (asks)', input({ permissions: { mode: 'default' }, now: () => 7 })],
	['plan mode (denied)', input({ permissions: { mode: 'plan' } })],
	[
		'blocked by a pre hook',
		input({ hooks: { pre_tool_use: [{ matcher: 'mcp__fs__*', block: true, reason: 'no' }] } })
	],
	['unknown tool', input({ name: 'mcp__fs__delete' })],
	['invalid input', input({ arguments: { limit: 5 } })],
	['step mode', stepping({ now: () => 7 })],
	['step mode, asks', stepping({ permissions: { mode: 'default' } })],
	['step mode, invalid input', stepping({ arguments: { limit: 5 } })]
];

describe('the call runner follows the call machine', () => {
	it.each(inputs)('on every simple path of the machine: %s', (_label, callInput) => {
		const stepEvents = [...executeEvents, { type: 'STEP' }, { type: 'RUN' }];
		const paths = getSimplePaths(callMachine, {
			input: callInput,
			events: stepEvents as never,
			serializeEvent: serializeEvent as never
		});
		expect(paths.length).toBeGreaterThan(0);
		for (const path of paths) {
			const run = new CallRun(callInput, never);
			run.start();
			for (const [i, step] of path.steps.entries()) {
				// The graph goes on from a final state; a live actor ignores events once done.
				if (run.done) break;
				if (i > 0) run.send(runnerEvent(step.event));
				const where = `${path.steps.map((s) => s.event.type).join(' → ')} @${i}`;
				expect(run.state, where).toBe(step.state.value);
				expect(run.context, where).toEqual(step.state.context);
			}
			const ended = path.steps.find((s) => s.state.status === 'done')?.state;
			expect(run.done).toBe(!!ended);
			expect(run.output).toEqual(ended?.output);
		}
	});

	it('observers hear what XState’s do, at the same moments, and it ends on the same microtask', async () => {
		const scripts: [CallInput, string[]][] = [
			[input(), []],
			[input({ permissions: { mode: 'default' } }), ['APPROVE']],
			[input({ permissions: { mode: 'default' } }), ['REFUSE']],
			[stepping(), ['STEP', 'STEP', 'STEP', 'STEP', 'STEP', 'STEP', 'STEP']],
			[stepping(), ['STEP', 'RUN']]
		];
		for (const [callInput, events] of scripts) {
			const execute = async () => okResult;
			const trace = async (
				start: (seen: string[]) => { send: (type: string) => void; done: () => boolean }
			) => {
				const seen: string[] = [];
				const driver = start(seen);
				let ticks = 0;
				for (const type of events) {
					driver.send(type);
					// Let the execute stage answer before the next event, as a person would.
					for (let i = 0; i < 5; i++) await Promise.resolve();
				}
				while (!driver.done() && ticks < 50) {
					await Promise.resolve();
					ticks++;
				}
				return { seen, ticks };
			};
			const machine = await trace((seen) => {
				const actor = createActor(callWithExecute(execute), { input: callInput });
				actor.subscribe((s) =>
					seen.push(`${s.status}:${String(s.value)}:${s.context.held}:${s.context.stages.length}`)
				);
				actor.start();
				return {
					send: (type) => actor.send({ type } as never),
					done: () => actor.getSnapshot().status === 'done'
				};
			});
			const runner = await trace((seen) => {
				const run = new CallRun(callInput, execute, (r) =>
					seen.push(
						`${r.done ? 'done' : 'active'}:${r.state}:${r.context.held}:${r.context.stages.length}`
					)
				);
				run.start();
				return { send: (type) => run.send({ type } as never), done: () => run.done };
			});
			expect(runner, events.join(',')).toEqual(machine);
			expect(machine.seen.at(-1)).toMatch(/^done:completed/);
		}
	});

	it('a stopped call ignores its execute stage’s answer and every event', async () => {
		let answer!: (output: ExecuteOutput) => void;
		const seen: string[] = [];
		const run = new CallRun(
			input(),
			() => new Promise<ExecuteOutput>((resolve) => (answer = resolve)),
			(r) => seen.push(r.state)
		);
		run.start();
		expect(seen).toEqual(['executing']);
		run.stop();
		answer(okResult);
		await Promise.resolve();
		run.send({ type: 'STEP' });
		expect(run.state).toBe('executing');
		expect(seen).toEqual(['executing']);
	});

	it('an execute that throws at once fails the call as a rejection would', async () => {
		const run = new CallRun(input(), () => {
			throw new Error('boom');
		});
		run.start();
		await Promise.resolve();
		await Promise.resolve();
		expect(run.output).toMatchObject({
			isError: true,
			output: "MCP server 'fs' call failed: boom"
		});
	});
});
