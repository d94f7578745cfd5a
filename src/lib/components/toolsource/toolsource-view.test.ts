import { describe, expect, it } from 'vitest';
import { startedWorlds, toolSourceScenario } from '$lib/core/world/test-world';
import {
	AUDIT_SHOWN,
	ENDINGS,
	FLOW,
	chosenCall,
	inFlight,
	newestFirst,
	reconciliations,
	stateViews
} from './toolsource-view';

const started = startedWorlds(toolSourceScenario);

describe('the ToolSource states', () => {
	it('run in the profile’s order, then the five ways a call ends', () => {
		expect(FLOW).toEqual([
			'proposed',
			'waiting_for_approval',
			'ready',
			'intent_persisted',
			'calling',
			'result'
		]);
		expect(ENDINGS).toEqual(['completed', 'permission_denied', 'failed', 'unknown', 'cancelled']);
	});

	it('a completed read: every state it passed with its time and note, the ending current', async () => {
		const w = await started();
		const call = await w.callTool('mcp.files.read_file', { path: '/a' });
		const views = stateViews(w.calls, chosenCall(w.calls, null));
		const visited = views
			.filter((v) => v.visit)
			.map((v) => [v.state, v.visit!.note, v.visit!.size]);
		expect(visited).toEqual([
			['proposed', '', undefined],
			['ready', '', undefined],
			['intent_persisted', '#1', undefined],
			['calling', '', undefined],
			// A size, not words: the view says it in the learner's language.
			['result', '', { bytes: call.toolsource!.resultBytes, truncated: false }],
			['completed', '', undefined]
		]);
		expect(views.filter((v) => v.current).map((v) => v.state)).toEqual(['completed']);
		expect(views.find((v) => v.state === 'completed')).toMatchObject({ terminal: true, here: [] });
		expect(views.every((v) => v.visit === null || v.visit.at >= call.startedAt)).toBe(true);
	});

	it('lists every in-flight call on the state it is in, whichever call is chosen', async () => {
		const w = await started();
		const first = await w.callTool('mcp.files.write_file', { path: '/a', text: 'x' });
		const second = await w.callTool('mcp.tickets.create_ticket', { title: 't' });
		await w.callTool('mcp.files.read_file', { path: '/a' });
		expect(w.calls.filter(inFlight).map((c) => c.id)).toEqual([first.id, second.id]);
		const views = stateViews(w.calls, chosenCall(w.calls, first.id));
		const waiting = views.find((v) => v.state === 'waiting_for_approval')!;
		expect(waiting.here).toEqual([first.id, second.id]);
		expect(waiting.current).toBe(true);
		expect(waiting.visit?.note).toBe('write');
		expect(views.filter((v) => v.here.length).map((v) => v.state)).toEqual([
			'waiting_for_approval'
		]);
		// The chosen call has not reached these yet.
		expect(views.find((v) => v.state === 'calling')!.visit).toBeNull();
	});

	it('follows the newest call unless one that still exists is chosen', async () => {
		const w = await started();
		expect(chosenCall(w.calls, null)).toBeNull();
		const a = await w.callTool('mcp.files.read_file', { path: '/a' });
		const b = await w.callTool('mcp.files.read_file', { path: '/b' });
		expect(chosenCall(w.calls, null)?.id).toBe(b.id);
		expect(chosenCall(w.calls, a.id)?.id).toBe(a.id);
		expect(chosenCall(w.calls, 'c999')?.id).toBe(b.id);
	});

	it('the reconciliation list holds unknown calls, open and settled', async () => {
		const w = await started();
		await w.callTool('mcp.files.read_file', { path: '/a' });
		const call = await w.callTool('mcp.tickets.transfer_funds', {});
		await w.answerApproval(call.id, true);
		expect(reconciliations(w.toolSource!.journal)).toEqual([
			expect.objectContaining({ callId: call.id, reconciled: null, argsSummary: '{}' })
		]);
		await w.reconcile(call.id, 'applied');
		expect(reconciliations(w.toolSource!.journal)).toEqual([
			expect.objectContaining({ callId: call.id, reconciled: 'applied' })
		]);
	});
});

describe('newestFirst', () => {
	it('caps long lists at the newest rows and says how many it left out', () => {
		const items = Array.from({ length: 1000 }, (_, i) => i);
		const { shown, hidden } = newestFirst(items);
		expect(shown).toHaveLength(AUDIT_SHOWN);
		expect(shown[0]).toBe(999);
		expect(shown.at(-1)).toBe(800);
		expect(hidden).toBe(800);
		expect(newestFirst([1, 2])).toEqual({ shown: [2, 1], hidden: 0 });
	});
});
