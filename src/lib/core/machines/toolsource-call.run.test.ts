import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import {
	toolSourceCallMachine,
	toolSourceWithIo,
	type ToolSourceCallInput
} from './toolsource-call.machine';
import { events, input } from './toolsource-call.fixtures';
import { ToolSourceRun, type ToolSourceAnswer, type ToolSourceRunIo } from './toolsource-call.run';
import type { ToolSourceExecuteOutput } from './toolsource-call.stages';

// The world runs ToolSource calls on ToolSourceRun; the XState machine is the model. These tests
// hold the runner to the machine on every path xstate/graph finds, and to a live actor's timing.

const never = <T>() => new Promise<T>(() => {});
const silent: ToolSourceRunIo = { persistIntent: never, execute: never };

/** The machine's event as the runner takes it (the journal's and wire's answers are its own). */
function runnerEvent(event: { type: string; output?: unknown; error?: unknown }) {
	switch (event.type) {
		case 'xstate.done.actor.persistIntent':
			return { type: 'persisted', seq: event.output } as ToolSourceAnswer;
		case 'xstate.error.actor.persistIntent':
			return { type: 'persistFailed', error: event.error } as ToolSourceAnswer;
		case 'xstate.done.actor.execute':
			return { type: 'answered', output: event.output } as ToolSourceAnswer;
		case 'xstate.error.actor.execute':
			return { type: 'raised', error: event.error } as ToolSourceAnswer;
	}
	return event as Parameters<ToolSourceRun['send']>[0];
}

/** The machine's state value in the runner's words (`{failed: 'invalid'}` is `failed.invalid`). */
const valueOf = (value: unknown): string =>
	typeof value === 'string'
		? value
		: Object.entries(value as Record<string, string>)
				.map(([k, v]) => `${k}.${v}`)
				.join();

const inputs: [string, ToolSourceCallInput][] = [
	['a write that asks', { ...input('mcp.fs.write'), now: () => 3 }],
	['an allowlisted read', input('mcp.fs.read')],
	['not on the allowlist', input('mcp.fs.rm')],
	['unknown tool', input('mcp.fs.nope')],
	['invalid arguments', input('mcp.fs.read', { path: 1 })]
];

const allEvents = [...events, { type: 'xstate.error.actor.execute', error: 'socket hang up' }];

describe('the ToolSource call runner follows the machine', () => {
	it.each(inputs)('on every simple path of the machine: %s', (_label, callInput) => {
		const paths = getSimplePaths(toolSourceCallMachine, {
			input: callInput,
			events: allEvents as never,
			serializeEvent: ((e: object) => JSON.stringify(e)) as never
		});
		expect(paths.length).toBeGreaterThan(0);
		for (const path of paths) {
			const run = new ToolSourceRun(callInput, silent);
			run.start();
			for (const [i, step] of path.steps.entries()) {
				if (run.done) break;
				if (i > 0) run.send(runnerEvent(step.event));
				const where = `${path.steps.map((s) => s.event.type).join(' → ')} @${i}`;
				expect(run.state, where).toBe(valueOf(step.state.value));
				expect(run.context, where).toEqual(step.state.context);
			}
			const ended = path.steps.find((s) => s.state.status === 'done')?.state;
			expect(run.done).toBe(!!ended);
			expect(run.output).toEqual(ended?.output);
		}
	});

	it('observers hear what XState’s do, with the same I/O order and on the same microtask', async () => {
		const result: ToolSourceExecuteOutput = {
			kind: 'result',
			result: { content: [{ type: 'text', text: 'ok' }] }
		};
		const scripts: [ToolSourceCallInput, string[], ToolSourceExecuteOutput | 'reject'][] = [
			[input('mcp.fs.read'), [], result],
			[input('mcp.fs.write'), ['APPROVE'], result],
			[input('mcp.fs.write'), ['REFUSE'], result],
			[input('mcp.fs.write'), ['APPROVE'], { kind: 'timeout' }],
			[input('mcp.fs.read'), [], 'reject'],
			[input('mcp.fs.rm'), [], result]
		];
		for (const [callInput, sent, answer] of scripts) {
			const trace = async (
				start: (
					seen: string[],
					io: ToolSourceRunIo
				) => { send: (type: string) => void; done: () => boolean }
			) => {
				const seen: string[] = [];
				const io: ToolSourceRunIo = {
					persistIntent: async () => {
						seen.push('persist');
						return 4;
					},
					execute: async (_input, signal) => {
						seen.push(`execute aborted=${signal.aborted}`);
						if (answer === 'reject') throw new Error('boom');
						return answer;
					}
				};
				const driver = start(seen, io);
				for (const type of sent) {
					driver.send(type);
					for (let i = 0; i < 5; i++) await Promise.resolve();
				}
				let ticks = 0;
				while (!driver.done() && ticks < 50) {
					await Promise.resolve();
					ticks++;
				}
				return { seen, ticks };
			};
			const machine = await trace((seen, io) => {
				const actor = createActor(toolSourceWithIo(io), { input: callInput });
				actor.subscribe((s) =>
					seen.push(`${s.status}:${valueOf(s.value)}:${s.context.history.length}`)
				);
				actor.start();
				return {
					send: (type) => actor.send({ type } as never),
					done: () => actor.getSnapshot().status === 'done'
				};
			});
			const runner = await trace((seen, io) => {
				const run = new ToolSourceRun(callInput, io, (r) =>
					seen.push(`${r.done ? 'done' : 'active'}:${r.state}:${r.context.history.length}`)
				);
				run.start();
				return { send: (type) => run.send({ type } as never), done: () => run.done };
			});
			expect(runner, `${callInput.name} ${sent.join(',')}`).toEqual(machine);
			expect(machine.seen.at(-1)).toMatch(/^done:/);
		}
	});

	it('a cancel while calling aborts the request, and a stop while calling aborts it too', async () => {
		for (const how of ['cancel', 'stop'] as const) {
			let signal!: AbortSignal;
			const run = new ToolSourceRun(input('mcp.fs.read'), {
				persistIntent: async () => 1,
				execute: (_input, s) => {
					signal = s;
					return never();
				}
			});
			run.start();
			await Promise.resolve();
			await Promise.resolve();
			expect(run.state).toBe('calling');
			expect(signal.aborted).toBe(false);
			if (how === 'cancel') run.send({ type: 'CANCEL' });
			else run.stop();
			expect(signal.aborted).toBe(true);
			if (how === 'cancel')
				expect(run.output).toMatchObject({
					state: 'cancelled',
					requestSent: true,
					output: 'Cancelled mcp.fs.read: the harness stopped waiting'
				});
			else expect(run.state).toBe('calling');
		}
	});

	it('an answer that arrives after a cancel is ignored', async () => {
		let answer!: (output: ToolSourceExecuteOutput) => void;
		const run = new ToolSourceRun(input('mcp.fs.read'), {
			persistIntent: async () => 1,
			execute: () => new Promise((resolve) => (answer = resolve))
		});
		run.start();
		await Promise.resolve();
		await Promise.resolve();
		run.send({ type: 'CANCEL' });
		answer({ kind: 'result', result: { content: [{ type: 'text', text: 'late' }] } });
		await Promise.resolve();
		expect(run.output).toMatchObject({ state: 'cancelled', summary: null });
	});
});
