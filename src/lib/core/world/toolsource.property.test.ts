import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams, trackUnhandled } from '$lib/test-support/property';
import { ENDED } from '../labs/goals';
import { WorldCommandError } from './events';
import { makeWorld, toolSourceScenario } from './test-world';
import type { World } from './world';

// Random fault schedules on the ToolSource world: every call ends accounted for, the journal
// agrees with the calls, nothing is sent twice, and faults on `tickets` never touch `files`.

const runs = fcParams;
const unhandled = trackUnhandled();

const FILES_OUTPUT: Record<string, string> = {
	'mcp.files.read_file': 'hello',
	'mcp.files.screenshot':
		'screen 1\n[unsupported content type: image (image/png); stored raw in the artifact]'
};
const TICKET_TOOLS = [
	'mcp.tickets.create_ticket',
	'mcp.tickets.transfer_funds',
	'mcp.tickets.close_ticket',
	'mcp.tickets.merge_tickets'
];

const ARGS: Record<string, Record<string, unknown>> = {
	'mcp.files.read_file': { path: '/a' },
	'mcp.files.delete_file': { path: '/a' },
	'mcp.tickets.create_ticket': { title: 't' }
};

type Command =
	| { c: 'kill' | 'restart' | 'hang' }
	| { c: 'delay'; ms: number }
	| { c: 'reconnectAll' | 'restartHarness' }
	| { c: 'call'; name: string }
	| { c: 'answer'; approve: boolean }
	| { c: 'cancel' }
	| { c: 'reconcile'; applied: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
	fc.record({ c: fc.constantFrom('kill' as const, 'restart' as const, 'hang' as const) }),
	fc.record({ c: fc.constant('delay' as const), ms: fc.constantFrom(0, 100, 6000) }),
	fc.record({ c: fc.constantFrom('reconnectAll' as const, 'restartHarness' as const) }),
	{
		weight: 4,
		arbitrary: fc.record({
			c: fc.constant('call' as const),
			name: fc.constantFrom(...Object.keys(FILES_OUTPUT), ...TICKET_TOOLS, 'mcp.files.delete_file')
		})
	},
	{ weight: 3, arbitrary: fc.record({ c: fc.constant('answer' as const), approve: fc.boolean() }) },
	fc.record({ c: fc.constant('cancel' as const) }),
	{
		weight: 2,
		arbitrary: fc.record({ c: fc.constant('reconcile' as const), applied: fc.boolean() })
	}
);

/** Runs one command; refusals the world explains (a WorldCommandError) are part of the game. */
async function exec(world: World, cmd: Command): Promise<void> {
	const waiting = world.calls.findLast((c) => c.state === 'waiting_for_approval');
	const open = world.toolSource!.unreconciled[0];
	try {
		switch (cmd.c) {
			case 'kill':
			case 'restart':
			case 'hang':
				return await world[cmd.c]('tickets');
			case 'delay':
				return await world.delay('tickets', cmd.ms);
			case 'reconnectAll':
			case 'restartHarness':
				return await world[cmd.c]();
			case 'call':
				return void (await world.callTool(cmd.name, ARGS[cmd.name] ?? {}));
			case 'answer':
				if (waiting) await world.answerApproval(waiting.id, cmd.approve);
				return;
			case 'cancel':
				if (waiting) await world.cancelCall(waiting.id);
				return;
			case 'reconcile':
				if (open) await world.reconcile(open, cmd.applied ? 'applied' : 'not_applied');
				return;
		}
	} catch (error) {
		if (!(error instanceof WorldCommandError)) throw error;
		expect(error.message).toMatch(/^The run is interrupted: reconcile c\d+(, c\d+)* first\.$/);
	}
}

function toolsCallsTo(world: World, server: string): number {
	return world.wire.entries.filter(
		(e) =>
			e.server === server &&
			e.kind === 'message' &&
			e.dir === 'to-server' &&
			'method' in e.message &&
			e.message.method === 'tools/call'
	).length;
}

function checkInvariants(world: World): void {
	const ts = world.toolSource!;
	for (const call of world.calls) {
		// Settled: a call has ended or waits for a person; nothing is stuck mid-way.
		expect(ENDED.has(call.state) || call.state === 'waiting_for_approval', call.state).toBe(true);
		const entry = ts.journal.find((e) => e.callId === call.id);
		// The journal has an entry exactly for calls that got past approval and the allowlist (so
		// an `unknown` call, whose intent was persisted before its request, always has one)…
		expect(!!entry, `${call.id} journal`).toBe(call.toolsource!.intentSeq !== null);
		// …and records the state the call ended in.
		if (entry) expect(entry.outcome).toBe(call.state);
		// A call to files is never affected by what happens to tickets.
		if (call.server === 'files' && call.state !== 'permission_denied' && FILES_OUTPUT[call.name])
			expect(call).toMatchObject({ state: 'completed', output: FILES_OUTPUT[call.name] });
	}
	// The run is interrupted exactly while an unknown call is unreconciled.
	const open = ts.journal.filter((e) => e.outcome === 'unknown' && e.reconciled === null);
	expect(ts.run).toBe(open.length ? 'interrupted' : 'running');
	// Nothing is ever sent twice: one tools/call on the wire per call that says it sent one.
	for (const server of ['files', 'tickets'])
		expect(toolsCallsTo(world, server), server).toBe(
			world.calls.filter((c) => c.server === server && c.sent !== null).length
		);
}

describe('ToolSource under random fault schedules', () => {
	it('keeps every call accounted for, the journal true, files isolated, nothing sent twice', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
				const world = makeWorld(toolSourceScenario);
				await world.startSession();
				for (const cmd of commands) {
					await exec(world, cmd);
					checkInvariants(world);
				}
				world.dispose();
			}),
			runs(150)
		);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(unhandled.splice(0).map(String)).toEqual([]);
	}, 180_000);
});
