import { describe, expect, it } from 'vitest';
import { LabPlayer } from '../lab-player';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	words,
	labMessages
} from '../test-support';
import { initializeTimedOut } from '../../src/lib/core/profiles/miniharness/strings';
import type { MiniHarnessView } from '../../src/lib/core/profiles/miniharness/view';
import { World } from '../../src/lib/core/world/world';
import { performLabAction, type WorldLabAction } from '../../src/lib/core/labs/lab-actions';

/** Said in the deadline step for a learner who hangs `backup` first (produced in a test below). */
const listTimedOut = 'MCP tools/list timed out';

const { lab, texts, sources } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const toolCalls = (world: World, server?: string) =>
	world.wire.entries.filter(
		(e) =>
			e.kind === 'message' &&
			e.dir === 'to-server' &&
			(server === undefined || e.server === server) &&
			'method' in e.message &&
			e.message.method === 'tools/call'
	).length;

describe('lab 06-sdk-client-discipline: definition', () => {
	it('puts a ws server on top, two servers offering search, and a crashing charge_card', () => {
		expect(lab.scenario.profile).toBe('miniharness');
		const block = lab.scenario.miniharness!;
		expect(block.priority).toEqual({ realtime: 20, primary: 10, backup: 5, payments: 1 });
		expect(block.policy!.delete_records).toBe('deny');
		expect(block.policy!.send_email).toBeUndefined();
		const servers = lab.scenario.mcp_servers;
		// Config order is not priority order, so the wire shows which one decides.
		expect(Object.keys(servers)).toEqual(['backup', 'primary', 'payments', 'realtime']);
		expect(servers.realtime.type).toBe('ws');
		expect(servers.payments.sim!.tools![0]).toMatchObject({ name: 'charge_card', crash: true });
	});
});

describe.each(locales)('lab 06-sdk-client-discipline: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		for (const key of [
			'harness_start',
			'harness_close',
			'servers_kill',
			'servers_hang',
			'lab_reset',
			'miniharness_decision_approved_before'
		])
			expect(sources[locale], key).toContain(messages[locale][key]);
	});
});

describe('lab 06-sdk-client-discipline: a learner can meet every check', () => {
	it('walks every step, and every string quoted in the narration is real', async () => {
		const produced = new Set<string>();
		const outputs = new Set<string>();
		const argumentsUsed = new Set<string>();

		// The page does not start the session: the lab begins before MiniHarness's initialize.
		expect(lab.startSession).toBe(false);
		const world = new World(lab.scenario);
		const view = () => world.profileView as MiniHarnessView;
		world.subscribe(() => {
			for (const c of world.calls) {
				produced.add(c.state);
				if (c.endedAt !== null) outputs.add(c.output);
			}
			words(world.profileView, produced);
		});
		const call = (name: string, args: Record<string, unknown>) => async () => {
			argumentsUsed.add(JSON.stringify(args));
			await world.callTools([{ name, arguments: args }]);
		};
		const answer = (approve: boolean) => async () => {
			const waiting = world.calls.findLast((c) => c.state === 'awaiting_approval')!;
			await world.answerApproval(waiting.id, approve);
		};
		const command = (name: string, args: Record<string, unknown>) => () =>
			world.profileCommand(name, args);
		const walk = new LabWalk(lab, () => world);

		walk.observe();
		const sentOf = (method: string) =>
			world.wire.entries.filter(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === method
			);

		await walk.step('handshake', [
			[walk.guess('primary'), 1],
			[call('search', { query: 'A-1001' }), 2],
			[
				async () => {
					// Refused before anything was sent.
					expect(world.wire.entries).toEqual([]);
					await world.startSession();
					expect(sentOf('initialize').map((e) => e.server)).toEqual([
						'primary',
						'backup',
						'payments'
					]);
					expect(view().servers[0]).toMatchObject({
						name: 'realtime',
						state: 'failed',
						error: 'Unknown MCP transport type: ws'
					});
					// MiniHarness lists tools only, even from primary, which declares resources.
					expect(view().servers[1].capabilities).toContain('resources');
					expect(
						world.wire.entries.flatMap((e) =>
							e.kind === 'message' && e.server === 'primary' && 'method' in e.message
								? [e.message.method]
								: []
						)
					).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
				},
				3
			],
			[call('search', { query: 'A-1001' }), 4],
			[() => world.startSession(), 5]
		]);
		expect(sentOf('initialize')).toHaveLength(3);
		await walk.step('policy', [
			[walk.guess('asks'), 1],
			[call('delete_records', {}), 2],
			[call('send_email', { to: 'ops@example.com' }), 3],
			[answer(true), 4]
		]);
		expect(toolCalls(world)).toBe(2);
		await walk.step('approval-cache', [
			[walk.guess('runs'), 1],
			[call('send_email', { to: 'ops@example.com' }), 2],
			[call('send_email', { to: 'all-customers@example.com' }), 2],
			[answer(false), 3]
		]);
		expect(toolCalls(world)).toBe(3);
		const listsBefore = sentOf('tools/list').length;
		await walk.step('schema-ttl', [
			[walk.guess('list-then-call'), 1],
			[command('wait', { seconds: 60 }), 2],
			[call('search', { query: 'A-1002' }), 3]
		]);
		expect(sentOf('tools/list')).toHaveLength(listsBefore + 1);
		await walk.step('checkpoints', [
			[walk.guess('unknown'), 1],
			[command('retry', { call: 'c2' }), 2],
			[call('charge_card', { order: 'A-1001' }), 3],
			[command('retry', { call: 'c9' }), 4]
		]);
		// The replay and the unknown retry sent nothing: one tools/call each for search ×2,
		// send_email ×2 and charge_card ×1.
		expect(toolCalls(world)).toBe(5);
		expect(toolCalls(world, 'payments')).toBe(1);
		await walk.step('no-failover', [
			[walk.guess('fails'), 1],
			[() => world.kill('primary'), 2],
			[call('search', { query: 'A-1003' }), 3]
		]);
		expect(toolCalls(world, 'backup')).toBe(0);
		await walk.step('timeout', [
			[call('status', {}), 1],
			[() => world.hang('backup'), 2],
			[call('status', {}), 4]
		]);
		expect(world.calls.at(-1)!.endedAt! - world.calls.at(-1)!.startedAt).toBe(30_000);
		await walk.step('close', [
			[walk.guess('closed'), 1],
			[() => world.closeSession(), 1],
			[() => world.startSession(), 2],
			[call('status', {}), 3]
		]);
		expect(
			view().servers.every((s) => s.state === 'closed' && s.error === 'MCP client is closed')
		).toBe(true);

		expect(sentOf('resources/list')).toEqual([]);
		for (const entry of world.wire.entries)
			if (entry.kind === 'message' && 'method' in entry.message) produced.add(entry.message.method);
		for (const output of outputs) produced.add(output);
		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			// A config type, MiniHarness's close(), the cache's key pattern, and the start-up
			// timeout's text (produced in the test below).
			vocabulary: new Set(['http', 'close', 'server#tool', initializeTimedOut, listTimedOut]),
			startsOutput: (span) => span.length >= 12 && [...outputs].some((o) => o.startsWith(span))
		});
		world.dispose();
	});
});

describe('lab 06-sdk-client-discipline: extra calls on the way', () => {
	it('still meets every check when each step gets one more call than it asks for', async () => {
		// Call ids, approvals and relistings all shift: the checks find calls by what they are.
		const world = new World(lab.scenario);
		const view = () => world.profileView as MiniHarnessView;
		const call = (name: string, args: Record<string, unknown>) => () =>
			world.callTools([{ name, arguments: args }]);
		const answer = (approve: boolean) => async () => {
			const waiting = world.calls.findLast((c) => c.state === 'awaiting_approval')!;
			await world.answerApproval(waiting.id, approve);
		};
		const retry = (name: string) => () => {
			const checkpoint = view().checkpoints.find((c) => c.name === name)!;
			return world.profileCommand('retry', { call: checkpoint.call });
		};
		const walk = new LabWalk(lab, () => world);
		walk.observe();
		await walk.step('handshake', [
			[walk.guess('primary'), 1],
			[call('search', { query: 'A-1001' }), 2],
			[() => world.startSession(), 3],
			[call('search', { query: 'A-1001' }), 4],
			[call('search', { query: 'A-1009' }), 4],
			[() => world.startSession(), 5]
		]);
		await walk.step('policy', [
			[walk.guess('asks'), 1],
			[call('delete_records', {}), 2],
			[call('send_email', { to: 'ops@example.com' }), 3],
			[answer(true), 4]
		]);
		await walk.step('approval-cache', [
			[call('send_email', { to: 'team@example.com' }), 0],
			[answer(true), 0],
			[walk.guess('runs'), 1],
			[call('send_email', { to: 'ops@example.com' }), 2],
			[call('send_email', { to: 'all-customers@example.com' }), 2],
			[answer(false), 3]
		]);
		expect(view().approvals).toHaveLength(2);
		await walk.step('schema-ttl', [
			[walk.guess('list-then-call'), 1],
			[() => world.profileCommand('wait', { seconds: 60 }), 2],
			[call('search', { query: 'A-1002' }), 3],
			[() => world.profileCommand('wait', { seconds: 60 }), 3],
			[call('search', { query: 'A-1003' }), 3]
		]);
		expect(view().relisted).toHaveLength(2);
		await walk.step('checkpoints', [
			[walk.guess('unknown'), 1],
			[retry('search'), 2],
			[call('charge_card', { order: 'A-1001' }), 3],
			[retry('charge_card'), 4]
		]);
		// The ids the text gives are the exact path's; this walk is three calls ahead of them.
		expect(world.calls.at(-1)!.output).toMatch(/^Call c12 is running or unknown/);
		world.dispose();
	});
});

describe('lab 06-sdk-client-discipline: Start session clicked more often', () => {
	// A double click on a slow page is enough: the checks count 'more than once' and 'after
	// Close', not an exact number of starts, which a third start made unreachable (s11 audit).
	it('meets the handshake step and, later, the close step whatever the number of starts', async () => {
		const player = await LabPlayer.open(lab);
		const search = { do: 'call', tool: 'search', arguments: { query: 'A-1001' } } as const;
		player.goTo(0);
		for (const action of [
			{ do: 'predict', option: 'primary' },
			search,
			{ do: 'startSession' },
			{ do: 'startSession' },
			{ do: 'startSession' },
			search
		] as const)
			await player.act(action);
		expect((player.world.profileView as MiniHarnessView).starts).toBe(3);
		expect(player.state.steps[0].met.every(Boolean)).toBe(true);
		const close = lab.steps.findIndex((step) => step.id === 'close');
		player.goTo(close);
		for (const action of lab.steps[close].solution) await player.act(action);
		expect((player.world.profileView as MiniHarnessView).starts).toBe(4);
		expect(player.state.steps[close].met.every(Boolean)).toBe(true);
		player.dispose();
	});

	it('does not count the close step met by a start alone: the clients must be closed', async () => {
		const player = await LabPlayer.open(lab);
		const close = lab.steps.findIndex((step) => step.id === 'close');
		player.goTo(close);
		await player.act({ do: 'predict', option: 'closed' });
		await player.act({ do: 'startSession' });
		expect(player.state.steps[close].met).toEqual([true, false, false]);
		player.dispose();
	});
});

describe('lab 06-sdk-client-discipline: the deadline bounds start-up too', () => {
	it('fails a server hung before the session with MCP initialize timed out after 30 s', async () => {
		const world = new World(lab.scenario);
		await world.hang('backup');
		await world.startSession();
		const backup = (world.profileView as MiniHarnessView).servers.find((s) => s.name === 'backup');
		expect(backup).toMatchObject({ state: 'failed', error: initializeTimedOut });
		const sentAt = world.wire.entries.find(
			(e) =>
				e.kind === 'message' &&
				e.server === 'backup' &&
				'method' in e.message &&
				e.message.method === 'initialize'
		)!.t;
		const failedAt = world.events.find(
			(e) => e.kind === 'status' && e.server === 'backup' && e.status === 'failed'
		)!.t;
		expect(failedAt - sentAt).toBe(30_000);
		world.dispose();
	});
});

describe('lab 06-sdk-client-discipline: the deadline step, backup hung first', () => {
	it('every call waits on tools/list, and a restart does not bring the client back', async () => {
		// What the step's text tells a learner who hangs before the first call: Step back or Reset.
		const world = new World(lab.scenario);
		await world.startSession();
		const index = lab.steps.findIndex((s) => s.id === 'timeout');
		for (const step of lab.steps.slice(0, index))
			for (const action of step.solution)
				if (action.do !== 'predict') await performLabAction(world, action as WorldLabAction);
		await world.hang('backup');
		const status = () => world.callTools([{ name: 'status', arguments: {} }]);
		await status();
		expect(world.calls.at(-1)!.output.startsWith(listTimedOut)).toBe(true);
		await world.restart('backup');
		await status();
		expect(world.calls.at(-1)!.isError).toBe(true);
		expect(world.calls.at(-1)!.output.startsWith('MCP tools/call:status timed out')).toBe(false);
		world.dispose();
	});
});

describe('lab 06-sdk-client-discipline: wrong turns that used to end the lab with no word', () => {
	const stepIndex = (id: string) => lab.steps.findIndex((s) => s.id === id);
	const search = { do: 'call', tool: 'search', arguments: { query: 'A-1001' } } as const;
	/** The lab played to `step`, as the page does with Next step. */
	const openAt = (step: string, skip: string[] = []) => LabPlayer.at(lab, stepIndex(step), skip);

	it('counts the refusal before initialize even when it came before the answer and the start', async () => {
		// "Show it anyway", call, Start session, and only then the answer: the refusal stays seen.
		const player = await openAt('handshake');
		try {
			for (const action of [search, { do: 'startSession' }] as const) await player.act(action);
			await player.act({ do: 'predict', option: 'primary' });
			expect(player.state.steps[0].met).toEqual([true, true, true, false, false]);
			expect(player.early()).toEqual([]);
			for (const action of [search, { do: 'startSession' }] as const) await player.act(action);
			expect(player.state.steps[0].met.every(Boolean)).toBe(true);
		} finally {
			player.dispose();
		}
	});

	it('does not count a search call made after the start as the refusal before initialize', async () => {
		const player = await openAt('handshake');
		try {
			for (const action of [
				{ do: 'predict', option: 'primary' },
				{ do: 'startSession' },
				search
			] as const)
				await player.act(action);
			expect(player.state.steps[0].met).toEqual([true, false, false, false, false]);
			expect(player.hints()).toEqual(['started-first']);
		} finally {
			player.dispose();
		}
	});

	it('names primary down when it was killed after the start too', async () => {
		const player = await openAt('handshake');
		try {
			for (const action of [
				{ do: 'predict', option: 'primary' },
				search,
				{ do: 'startSession' },
				{ do: 'kill', server: 'primary' },
				search
			] as const)
				await player.act(action);
			expect(player.world.calls.at(-1)!.output).toBe('Not connected');
			expect(player.hints()).toEqual(['primary-down']);
		} finally {
			player.dispose();
		}
	});

	it('says the session was never started in a step reached with Next step, until it is started', async () => {
		const player = await openAt('policy', ['handshake']);
		try {
			expect(player.hints()).toEqual(['no-clients']);
			await player.act({ do: 'startSession' });
			expect(player.hints()).toEqual([]);
		} finally {
			player.dispose();
		}
	});

	it('names a backup restarted after a Hang as gone, as its hint says', async () => {
		const player = await openAt('timeout');
		try {
			const status = { do: 'call', tool: 'status', arguments: {} } as const;
			for (const action of [
				{ do: 'hang', server: 'backup' },
				status,
				{ do: 'restart', server: 'backup' },
				status
			] as const)
				await player.act(action);
			expect(player.world.calls.at(-1)!.output).toBe('Not connected');
			expect(player.hints()).toContain('backup-down');
		} finally {
			player.dispose();
		}
	});

	it('runs a retry of a failed checkpoint again; the started one still ends unknown', async () => {
		const player = await openAt('checkpoints');
		try {
			const charge = { do: 'call', tool: 'charge_card', arguments: { order: 'A-1001' } } as const;
			for (const action of [
				{ do: 'predict', option: 'unknown' },
				{ do: 'profile', command: 'retry', args: { call: 'c2' } },
				charge,
				charge
			] as const)
				await player.act(action);
			const view = () => player.world.profileView as MiniHarnessView;
			expect(view().checkpointOf).toMatchObject({
				c9: { state: 'started' },
				c10: { state: 'failed' }
			});
			expect(player.hints()).toEqual(['charged-twice']);
			await player.act({ do: 'profile', command: 'retry', args: { call: 'c10' } });
			expect(player.world.calls.at(-1)!.output).toBe('Not connected');
			expect(player.state.steps[stepIndex('checkpoints')].met).toEqual([true, true, true, false]);
			await player.act({ do: 'profile', command: 'retry', args: { call: 'c9' } });
			expect(player.state.steps[stepIndex('checkpoints')].met.every(Boolean)).toBe(true);
		} finally {
			player.dispose();
		}
	});
});
