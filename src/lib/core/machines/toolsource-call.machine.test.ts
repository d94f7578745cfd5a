import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import {
	toolSourceCallMachine,
	toolSourceWithIo,
	type ToolSourceCallInput,
	type ToolSourceExecuteInput,
	type ToolSourceExecuteOutput
} from './toolsource-call.machine';
import { events, input } from './toolsource-call.fixtures';

/** Every way a call with this input can end: `state: output`, sorted. */
function endings(callInput: ToolSourceCallInput): string[] {
	const paths = getSimplePaths(toolSourceCallMachine, {
		input: callInput,
		events: events as never,
		serializeEvent: ((e: object) => JSON.stringify(e)) as never
	}).filter((p) => p.state.status === 'done');
	const seen = new Set(
		paths.map((p) => {
			const out = p.state.output as { state: string; output: string };
			return `${out.state}: ${out.output}`;
		})
	);
	return [...seen].sort();
}

const UNKNOWN = (why: string) =>
	`unknown: Outcome unknown for mcp.fs.write: ${why}. The side effect cannot be confirmed; the run is interrupted until this call is reconciled.`;

describe('ToolSource call machine: every path', () => {
	it('a write that asks can end in each terminal state, each with its text', () => {
		expect(endings(input('mcp.fs.write'))).toEqual(
			[
				'cancelled: Cancelled mcp.fs.write: the harness stopped waiting',
				'completed: done',
				'failed: disk full',
				"failed: Server 'fs' answered with an error: MCP error -32602: bad",
				"failed: Server 'fs' is not connected; nothing was sent",
				'failed: The tool reported an error: no such row',
				'permission_denied: Permission denied: the user did not approve mcp.fs.write',
				UNKNOWN('no answer within 1000 ms'),
				UNKNOWN('the connection closed after the request was sent')
			].sort()
		);
	});

	it('an allowlisted read never waits for a person', () => {
		const all = endings(input('mcp.fs.read'));
		expect(all).toContain('completed: done');
		expect(all.some((e) => e.startsWith('permission_denied'))).toBe(false);
	});

	it('decisions made before anything is written end the same way on every path', () => {
		expect(endings(input('mcp.fs.rm'))).toEqual([
			'permission_denied: Permission denied: mcp.fs.rm is not on the allowlist'
		]);
		expect(endings(input('mcp.fs.nope'))).toEqual(['failed: Unknown tool: mcp.fs.nope']);
		expect(endings(input('mcp.fs.read', { path: 1 }))).toEqual([
			'failed: Invalid arguments for mcp.fs.read: /path: Instance type "number" is invalid. Expected "string".'
		]);
	});
});

describe('ToolSource call machine: history and I/O', () => {
	it('records each state with the simulated time, and asks the journal before the wire', async () => {
		const order: string[] = [];
		let now = 0;
		const machine = toolSourceWithIo({
			persistIntent: async () => {
				order.push('persist');
				now = 5;
				return 7;
			},
			execute: async () => {
				order.push('execute');
				now = 40;
				return { kind: 'result', result: { content: [{ type: 'text', text: 'ok' }] } };
			}
		});
		const actor = createActor(machine, { input: { ...input('mcp.fs.read'), now: () => now } });
		const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
		actor.start();
		await done;
		const out = actor.getSnapshot().output!;
		expect(order).toEqual(['persist', 'execute']);
		expect(out.history.map((h) => [h.state, h.at])).toEqual([
			['proposed', 0],
			['ready', 0],
			['intent_persisted', 5],
			['calling', 5],
			['result', 40],
			['completed', 40]
		]);
		expect(out).toMatchObject({ intentSeq: 7, requestSent: true, isError: false, error: '' });
	});

	it('without I/O bound the machine says what is missing', async () => {
		const actor = createActor(
			toolSourceCallMachine.provide({
				actors: {
					execute: fromPromise<ToolSourceExecuteOutput, ToolSourceExecuteInput>(async () => ({
						kind: 'timeout'
					}))
				}
			}),
			{ input: input('mcp.fs.read') }
		);
		const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
		actor.start();
		await done;
		expect(actor.getSnapshot().output).toMatchObject({
			state: 'failed',
			output: "Error: ToolSource I/O 'persistIntent' was not provided"
		});
	});
});
