import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCode, LabWalk, loadLab, locales, labMessages } from '../test-support';
import { worldFacts } from '../../src/lib/core/labs/facts';
import { goalMet } from '../../src/lib/core/labs/goals';
import { stepHints } from '../../src/lib/core/labs/hints';
import { goTo, initialProgress } from '../../src/lib/core/labs/progress';
import { isWorldLabAction, performLabAction } from '../../src/lib/core/labs/lab-actions';
import { World } from '../../src/lib/core/world/world';
import { LabPlayer } from '../lab-player';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const { lab, texts } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const READ = 'mcp.files.read_file';
const DELETE = 'mcp.files.delete_file';
const INVOICE = 'mcp.payments.create_invoice';
const REFUND = 'mcp.payments.refund';
const EXPORT = 'mcp.files.export_log';

/** Narration spans that quote the harness: each must be what the world really says. */
const HARNESS_TEXT =
	/^(Permission denied|Outcome unknown|Server '|The run is interrupted|\[truncated|Unknown tool|Invoice INV)/;

describe('lab 05-fault-drills: definition', () => {
	it('runs ToolSource with an allowlist that hides delete_file and a log over the summary budget', () => {
		expect(lab.scenario.profile).toBe('toolsource');
		const policy = lab.scenario.toolsource!;
		expect(Object.keys(policy.allow)).not.toContain(DELETE);
		expect(policy.allow[INVOICE]).toBe('write');
		const log = lab.scenario.mcp_servers.files.sim!.tools!.find((t) => t.name === 'export_log')!;
		const text = String(log.result!.content![0].text);
		expect(text.length).toBe(3299);
		expect(text.length).toBeGreaterThan(policy.summaryChars);
		expect(policy.summaryChars).toBe(500);
		expect(policy.timeoutMs).toBe(5000);
	});
});

describe.each(locales)('lab 05-fault-drills: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		const source = read(`./${locale}.md`);
		for (const key of ['call_other_option', 'servers_kill', 'servers_hang', 'harness_reconnect'])
			expect(source, key).toContain(messages[locale][key]);
	});
});

describe('lab 05-fault-drills: a learner can meet every check', () => {
	it('walks every step, and every harness text the narration quotes is real', async () => {
		const world = new World(lab.scenario);
		const said = new Set<string>();
		world.subscribe(() => {
			for (const c of world.calls) said.add(c.output);
		});
		const walk = new LabWalk(lab, () => world);
		const approveNewest = async () => {
			const waiting = world.calls.findLast((c) => c.state === 'waiting_for_approval')!;
			await world.answerApproval(waiting.id, true);
		};
		await world.startSession();
		walk.observe();

		await walk.step('not-allowlisted', [
			[walk.guess('denied'), 1],
			[() => world.callTool(DELETE, { path: '/srv/shop/orders.db' }), 2],
			[() => world.callTool(READ, { path: '/srv/shop/orders.txt' }), 3]
		]);
		await walk.step('hints-not-permissions', [
			[walk.guess('asks'), 1],
			[() => world.callTool(INVOICE, { order: 'A-1001' }), 2],
			[approveNewest, 3]
		]);
		await walk.step('killed-before', [
			[() => world.callTool(INVOICE, { order: 'A-1002' }), 1],
			[() => world.kill('payments'), 2],
			[approveNewest, 3],
			[() => world.restart('payments'), 3],
			[() => world.reconnectAll(), 4]
		]);
		await walk.step('killed-mid-call', [
			[walk.guess('unknown'), 1],
			[() => world.callTool(REFUND, { order: 'A-1001' }), 1],
			[approveNewest, 3]
		]);
		// What the narration says a further call gets while the run is interrupted.
		await world.callTool(READ, { path: '/a' }).catch((e: Error) => said.add(e.message));
		await walk.step('reconcile', [
			[() => world.reconcile(world.toolSource!.unreconciled[0], 'not_applied'), 2],
			[() => world.restart('payments'), 2],
			[() => world.reconnectAll(), 3]
		]);
		await walk.step('oversized', [
			[walk.guess('summary'), 1],
			[() => world.callTool(EXPORT, {}), 2]
		]);
		await walk.step('hang', [
			[walk.guess('unknown'), 1],
			[() => world.hang('payments'), 2],
			[() => world.callTool(INVOICE, { order: 'A-1003' }), 2],
			[approveNewest, 3],
			[() => world.reconcile(world.toolSource!.unreconciled[0], 'applied'), 4]
		]);

		// The narration contrasts a hidden tool with a name no server offers.
		said.add((await world.callTool('mcp.files.nope', {})).output);
		const quoted = new Set(
			locales.flatMap((l) => allCode(texts[l])).filter((s) => HARNESS_TEXT.test(s))
		);
		expect(quoted.size).toBeGreaterThan(6);
		const real = [...said].flatMap((s) => [s, ...s.split('\n')]);
		for (const span of quoted) {
			// `<id>` and `c…` stand for a call id in the narration, a final `…` for the rest.
			const pattern = new RegExp(
				`^${span
					.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
					.replace('<id>', 'c\\d+')
					.replace('c…', 'c\\d+')
					.replace(/…$/, '.+')}`
			);
			expect(
				real.some((s) => pattern.test(s)),
				span
			).toBe(true);
		}
		// The cancellation the hang drill points at is on the wire.
		expect(
			world.wire.entries.some(
				(e) =>
					e.kind === 'message' &&
					'method' in e.message &&
					e.message.method === 'notifications/cancelled'
			)
		).toBe(true);
		world.dispose();
	});
});

describe('lab 05-fault-drills: a call reconciled the wrong way', () => {
	it('leaves its check open and shows its hint, in both drills; the run goes on all the same', async () => {
		const world = new World(lab.scenario);
		const stepOf = (id: string) => lab.steps.find((s) => s.id === id)!;
		/** A check judged as the page judges it: on what happened since its step began. */
		const met = (step: string, check: string, since: number) => {
			const facts = worldFacts(world, lab.id, 0);
			const events = facts.events.filter((e) => e.seq > since);
			const goal = stepOf(step).checks.find((c) => c.id === check)!.goal;
			const callIds = new Set(facts.calls.map((c) => c.id));
			return goalMet(goal, { ...facts, events, callIds, predicted: true });
		};
		const now = () => world.events.at(-1)?.seq ?? 0;
		/** The hints the page shows on a step opened at event `since`. */
		const hints = (step: string, since: number) => {
			const index = lab.steps.indexOf(stepOf(step));
			const state = goTo(initialProgress(lab), index, since);
			return stepHints(lab, state, worldFacts(world, lab.id, index));
		};
		const play = async (step: string, skip = 0) => {
			const actions = stepOf(step).solution.filter(isWorldLabAction);
			for (const action of actions.slice(0, actions.length - skip))
				await performLabAction(world, action);
		};
		try {
			await world.startSession();
			for (const step of ['not-allowlisted', 'hints-not-permissions', 'killed-before'])
				await play(step);
			await play('killed-mid-call');
			const reconcileFrom = now();
			expect(hints('reconcile', reconcileFrom)).toEqual([]);
			// No refund was found: "It happened" is the wrong answer.
			await world.reconcile(world.toolSource!.unreconciled[0], 'applied');
			expect(met('reconcile', 'reconciled', reconcileFrom)).toBe(false);
			expect(met('reconcile', 'running', reconcileFrom)).toBe(true);
			expect(hints('reconcile', reconcileFrom)).toEqual(['wrong-verdict']);
			// What was done before the step opened is not a wrong turn taken in it; a step opened
			// after the call was reconciled has nothing left to reconcile, and says so.
			expect(hints('reconcile', now())).toEqual(['nothing-to-reconcile']);
			// The rest of that step (restart payments, reconnect all), and the next.
			for (const action of stepOf('reconcile').solution.filter(isWorldLabAction).slice(1))
				await performLabAction(world, action);
			await play('oversized');

			// The invoice was found: "It did not happen" is the wrong answer (the step's last
			// action, its own reconcile, is left out).
			const hangFrom = now();
			await play('hang', 1);
			await world.reconcile(world.toolSource!.unreconciled[0], 'not_applied');
			expect(world.toolSource!.unreconciled).toEqual([]);
			expect(met('hang', 'reconciled', hangFrom)).toBe(false);
			expect(met('hang', 'timed-out', hangFrom)).toBe(true);
			expect(hints('hang', hangFrom)).toEqual(['wrong-verdict']);
		} finally {
			world.dispose();
		}
	});
});

describe('lab 05-fault-drills: wrong turns that used to end the lab with no word', () => {
	const stepIndex = (id: string) => lab.steps.findIndex((s) => s.id === id);
	/** The lab played to `step`, as the page does with Next step, skipping `skip`. */
	const openAt = (step: string, skip: string[] = []) => LabPlayer.at(lab, stepIndex(step), skip);

	it('says so when nothing is left to reconcile: the refund step skipped', async () => {
		const player = await openAt('reconcile', ['killed-mid-call']);
		try {
			expect(player.world.toolSource!.run).toBe('running');
			expect(player.hints()).toEqual(['nothing-to-reconcile']);
		} finally {
			player.dispose();
		}
	});

	it('after the refund crash the card keeps connected with its process killed, and the log ends at the kill', async () => {
		const player = await openAt('killed-mid-call');
		try {
			for (const action of lab.steps[stepIndex('killed-mid-call')].solution)
				await player.act(action);
			const payments = worldFacts(player.world, lab.id, 0).snapshot.servers.find(
				(s) => s.name === 'payments'
			)!;
			expect(payments).toMatchObject({ state: 'connected', process: 'killed' });
			// The reveal: `tools/call`, then only the process being killed (no closing entry).
			const entries = player.world.wire.entries.filter((e) => e.server === 'payments');
			const call = entries.findLastIndex(
				(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
			);
			expect(entries.slice(call + 1)).toMatchObject([{ kind: 'transport', event: 'killed' }]);
		} finally {
			player.dispose();
		}
	});

	it('a cancel clicked during the hang drill ends the call cancelled, the run going on, and the hint says to wait', async () => {
		// A world whose simulated time, once armed, first lets the cancel in (the page's Cancel
		// button during the 5 s wait).
		let armed = false;
		let cancelling: Promise<void> | null = null;
		const world = new World(lab.scenario, {
			pace: async () => {
				if (!armed) return;
				armed = false;
				cancelling = world.cancelCall(world.calls.at(-1)!.id);
			}
		});
		try {
			await world.startSession();
			const hang = stepIndex('hang');
			for (const step of lab.steps.slice(0, hang))
				for (const action of step.solution.filter(isWorldLabAction))
					await performLabAction(world, action);
			const from = world.events.at(-1)!.seq;
			await world.hang('payments');
			const call = await world.callTool(INVOICE, { order: 'A-1003' });
			armed = true;
			await world.answerApproval(call.id, true);
			await cancelling;
			// Cancelled after the request went out, not while it waited for approval.
			expect(world.calls.at(-1)).toMatchObject({ state: 'cancelled', sent: { order: 'A-1003' } });
			expect(world.toolSource!.run).toBe('running');
			const state = goTo(initialProgress(lab), hang, from);
			expect(stepHints(lab, state, worldFacts(world, lab.id, hang))).toEqual(['cancelled']);
		} finally {
			world.dispose();
		}
	});
});
