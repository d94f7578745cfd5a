import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import type { ScenarioInput } from '../scenario/schema';
import type { LoggedAction, WorldAction } from './actions';
import { continuable, replay, replayOnto, UnloggedAction } from './replay';
import { isolationScenario, makeWorld, observable, toolSourceScenario } from './test-world';
import type { World } from './world';

const scenarioOf = (input: ScenarioInput) => {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error('invalid');
	return parsed.scenario;
};

const seen = observable;

type Cmd = (w: World) => Promise<unknown>;
const SERVERS = ['files', 'tickets'];
const ts = fc.constantFrom<Cmd>(
	(w) => w.kill('tickets'),
	(w) => w.hang('tickets'),
	(w) => w.restart('tickets'),
	(w) => w.delay('tickets', 6000),
	(w) => w.reconnectAll(),
	(w) => w.callTool('mcp.files.read_file', { path: '/a' }),
	(w) => w.callTool('mcp.tickets.create_ticket', { title: 't' }),
	(w) => w.callTool('mcp.tickets.transfer_funds', {}),
	(w) => w.callTools([{ name: 'mcp.files.export_log' }, { name: 'mcp.files.delete_file' }]),
	(w) => {
		const waiting = w.calls.findLast((c) => c.state === 'waiting_for_approval');
		return waiting ? w.answerApproval(waiting.id, true) : Promise.resolve();
	},
	(w) => {
		const open = w.toolSource!.unreconciled[0];
		return open ? w.reconcile(open, 'applied') : Promise.resolve();
	},
	(w) => w.restartHarness()
);

// OpenHarness: faults, concurrent calls, approvals and step mode, so a replay has to land every
// approval note, registry snapshot and held stage where the live run did.
const oh = fc.constantFrom<Cmd>(
	(w) => w.kill('filesystem'),
	(w) => w.hang('internal-api'),
	(w) => w.restart('filesystem'),
	(w) => w.restart('internal-api'),
	(w) => w.delay('internal-api', 2500),
	(w) => w.reconnectAll(),
	(w) => w.closeSession(),
	(w) => w.startSession(),
	(w) => w.callTool('mcp__filesystem__read_file', { path: '/a' }),
	(w) =>
		w.callTools([
			{ name: 'mcp__internal-api__search_orders', arguments: { query: 'q' } },
			{ name: 'mcp__internal-api__create_ticket' },
			{ name: 'mcp__nope__x' }
		]),
	(w) => w.setPermissionMode('default'),
	(w) => w.setPermissionMode('full_auto'),
	(w) => {
		const waiting = w.calls.findLast((c) => c.state === 'awaiting_approval');
		return waiting ? w.answerApproval(waiting.id, waiting.id.length % 2 === 0) : Promise.resolve();
	},
	(w) => w.setStepMode(true),
	(w) => w.setStepMode(false),
	(w) => {
		const held = w.calls.findLast((c) => c.held);
		return held ? w.stepCall(held.id, held.stages.length % 2 === 0) : Promise.resolve();
	}
);

describe('replay', () => {
	it('rebuilds a ToolSource world whose first action restarts the harness (no session before it)', async () => {
		// Time travel back to step 0, then Restart harness: an interrupt on a world just made.
		const world = makeWorld(toolSourceScenario);
		await world.loaded();
		await world.restartHarness();
		await world.kill('files');
		await world.callTool('mcp.tickets.create_ticket', { title: 't' });
		const rebuilt = await replay(scenarioOf(toolSourceScenario), world.actions);
		expect(rebuilt.servers().map((s) => `${s.name}: ${s.status}`)).toEqual([
			'files: connected',
			'tickets: connected'
		]);
		expect(seen(rebuilt)).toBe(seen(world));
	});

	it('refuses, unlogged, an interrupt on a ToolSource world whose code is still loading', async () => {
		const world = makeWorld(toolSourceScenario);
		await expect(world.restartHarness()).rejects.toThrow(
			'The ToolSource profile is still loading; try again in a moment.'
		);
		expect(world.actions).toEqual([]);
		await world.loaded();
		await world.restartHarness();
		expect(world.actions.map((a) => a.action.do)).toEqual(['restartHarness']);
	});

	it('rebuilds an OpenHarness world byte for byte from its action log', async () => {
		const world = makeWorld(isolationScenario);
		await world.startSession();
		await world.kill('filesystem');
		await world.callTool('mcp__filesystem__read_file', { path: '/a' });
		await world.setPermissionMode('default');
		const asked = await world.callTool('mcp__internal-api__create_ticket', {});
		await world.answerApproval(asked.id, true);
		await world.reconnectAll();
		// A server the world does not have is refused before it is logged: no step that did nothing.
		await expect(world.kill('nope')).rejects.toThrow(
			"Unknown server 'nope'. Servers in this world: filesystem, internal-api, realtime."
		);
		await expect(world.delay('filesystem', -1)).rejects.toThrow('-1');
		const again = await replay(world.scenario, world.actions);
		expect(seen(again)).toBe(seen(world));
		expect(world.actions.map((a) => a.action.do)).toEqual([
			'startSession',
			'kill',
			'callTools',
			'setPermissionMode',
			'callTools',
			'answerApproval',
			'reconnectAll'
		]);
	});

	it('lands an interrupt taken mid-command at the same point (cancel while waiting for an answer)', async () => {
		let armed = false;
		let cancelled: Promise<unknown> = Promise.resolve();
		const world = makeWorld(toolSourceScenario, {
			pace: async () => {
				if (!armed) return;
				armed = false;
				cancelled = world.cancelCall(world.calls.at(-1)!.id);
			}
		});
		await world.startSession();
		await world.delay('tickets', 3000);
		const call = await world.callTool('mcp.tickets.create_ticket', { title: 'x' });
		armed = true;
		await world.answerApproval(call.id, true);
		await cancelled;
		expect(world.calls.at(-1)!.state).toBe('cancelled');
		const cancel = world.actions.at(-1)!;
		expect(cancel).toMatchObject({
			action: { do: 'cancelCall' },
			during: world.actions.at(-2)!.seq
		});
		const again = await replay(world.scenario, world.actions);
		expect(seen(again)).toBe(seen(world));
	});

	it('is deterministic over random ToolSource fault schedules, and any prefix is a step', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(ts, { minLength: 1, maxLength: 12 }), async (cmds) => {
				const world = makeWorld(toolSourceScenario);
				await world.startSession();
				for (const cmd of cmds) await cmd(world).catch(() => undefined);
				const again = await replay(world.scenario, world.actions);
				expect(seen(again)).toBe(seen(world));
				// A prefix replays to a world whose own log is that prefix.
				const half = world.actions.slice(0, Math.ceil(world.actions.length / 2));
				expect((await replay(world.scenario, half)).actions).toEqual(half);
				world.dispose();
			}),
			{ numRuns: Math.round(60 * Number(process.env.FC_RUNS_SCALE ?? '1')) }
		);
	}, 120_000);

	it('is deterministic over random OpenHarness schedules (faults, approvals, step mode)', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(oh, { minLength: 1, maxLength: 16 }), async (cmds) => {
				const world = makeWorld(isolationScenario);
				await world.startSession();
				for (const cmd of cmds) await cmd(world).catch(() => undefined);
				const again = await replay(world.scenario, world.actions);
				expect(seen(again)).toBe(seen(world));
				world.dispose();
				again.dispose();
			}),
			{ numRuns: Math.round(60 * Number(process.env.FC_RUNS_SCALE ?? '1')) }
		);
	}, 120_000);

	it('steps a rebuilt world forward to the same world a rebuild from scratch gives', async () => {
		const cases = fc.oneof(
			fc.record({ ts: fc.constant(true), cmds: fc.array(ts, { minLength: 1, maxLength: 12 }) }),
			fc.record({ ts: fc.constant(false), cmds: fc.array(oh, { minLength: 1, maxLength: 16 }) })
		);
		await fc.assert(
			fc.asyncProperty(cases, fc.double({ min: 0, max: 1, noNaN: true }), async (c, cut) => {
				const world = makeWorld(c.ts ? toolSourceScenario : isolationScenario);
				await world.startSession();
				for (const cmd of c.cmds) await cmd(world).catch(() => undefined);
				const tape = world.actions;
				const from = Math.floor(cut * tape.length);
				fc.pre(continuable(tape, from, tape.length));
				const stepped = await replay(world.scenario, tape.slice(0, from));
				await replayOnto(stepped, tape.slice(from));
				expect(stepped.actions).toEqual(tape);
				expect(seen(stepped)).toBe(seen(world));
				world.dispose();
				stepped.dispose();
			}),
			{ numRuns: Math.round(60 * Number(process.env.FC_RUNS_SCALE ?? '1')) }
		);
	}, 120_000);

	it('does not step forward over an interrupt of a command already behind it', () => {
		const at = (seq: number, during: number | null) => ({
			seq,
			t: 0,
			during,
			action: { do: 'cancelCall' as const, call: 'c1' }
		});
		// Seq 3 interrupted command 2; seq 5 interrupted command 4.
		const tape = [at(1, null), at(2, null), at(3, 2), at(4, null), at(5, 4)];
		expect(continuable(tape, 0, 5)).toBe(true);
		expect(continuable(tape, 2, 5)).toBe(false);
		expect(continuable(tape, 3, 5)).toBe(true);
		expect(continuable(tape, 4, 5)).toBe(false);
	});

	it('fails on an action the world refuses before logging it, naming it and the refusal', async () => {
		const scenario = scenarioOf({
			mcp_servers: { a: { type: 'stdio', command: 'x', sim: { tools: [{ name: 't' }] } } }
		});
		const log = (...actions: WorldAction[]): LoggedAction[] =>
			actions.map((action, i) => ({ seq: i + 1, t: 0, during: null, action }));
		const start: WorldAction = { do: 'startSession' };
		const refusedAt = async (actions: LoggedAction[]) => {
			const error = await replay(scenario, actions).then(
				() => null,
				(e: unknown) => e
			);
			if (!(error instanceof UnloggedAction)) throw new Error(`not refused: ${String(error)}`);
			return { index: error.index, values: error.values };
		};
		expect(await refusedAt(log(start, { do: 'kill', server: 'zzz' }))).toEqual({
			index: 1,
			values: {
				detail: "Unknown server 'zzz'. Servers in this world: a.",
				refusal: 'unknown_server',
				refusal_server: 'zzz',
				refusal_servers: 'a'
			}
		});
		expect(await refusedAt(log(start, { do: 'delay', server: 'a', ms: -1 }))).toEqual({
			index: 1,
			values: {
				detail: 'A delay is a number of milliseconds from 0 to 3600000, not -1.',
				refusal: 'delay_range',
				refusal_ms: '-1'
			}
		});
		// Refusals the world logs first are steps: the one not logged is found among them.
		const unknownCall: WorldAction = { do: 'answerApproval', call: 'c9', approve: true };
		const mixed = log(start, unknownCall, unknownCall, { do: 'hang', server: 'b' }, unknownCall);
		expect(await refusedAt(mixed)).toMatchObject({ index: 3 });
		// Onto a world at a step: the place in the whole log.
		const world = await replay(scenario, mixed.slice(0, 3));
		await expect(replayOnto(world, mixed.slice(3), 3)).rejects.toMatchObject({ index: 3 });
		world.dispose();
	});

	it('replays refusals the world logged as steps (an unknown call, an unknown profile command)', async () => {
		const world = makeWorld(toolSourceScenario);
		await world.startSession();
		await expect(world.cancelCall('c404')).rejects.toThrow();
		await expect(world.answerApproval('c405', false)).rejects.toThrow();
		await expect(world.profileCommand('fly', {})).rejects.toThrow();
		expect(world.actions.map((a) => a.action.do)).toEqual([
			'startSession',
			'cancelCall',
			'answerApproval',
			'profile'
		]);
		const again = await replay(world.scenario, world.actions);
		expect(again.actions).toEqual(world.actions);
		expect(seen(again)).toBe(seen(world));
		world.dispose();
		again.dispose();
	});

	it('keeps the log of a scenario edited nowhere else: the world is rebuilt from its own scenario', async () => {
		const scenario = scenarioOf({ mcp_servers: { a: { type: 'stdio', command: 'x' } } });
		const world = await replay(scenario, []);
		expect(world.sessionStarted).toBe(false);
		expect(world.actions).toEqual([]);
		expect(SERVERS).toHaveLength(2);
	});
});

describe('a logged interrupt whose quiet point never comes', () => {
	it('acts at the end of its turn instead of holding the replay for ever', async () => {
		// No run of this world made this log: start-up ends long before t = 999,999 ms. An
		// imported file is not trusted to be one, and the page must not hang on it.
		const actions: LoggedAction[] = [
			{ seq: 1, t: 0, during: null, action: { do: 'startSession' } },
			{ seq: 2, t: 999_999, during: 1, action: { do: 'cancelCall', call: 'c1' } }
		];
		const world = await replay(scenarioOf(isolationScenario), actions);
		expect(world.actions.map((a) => a.action.do)).toEqual(['startSession', 'cancelCall']);
		expect(world.sessionStarted).toBe(true);
		world.dispose();
	});
});
