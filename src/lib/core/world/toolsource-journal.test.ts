import { describe, expect, it } from 'vitest';
import { summariseArguments, ToolSourceJournal } from './toolsource-journal';

describe('ToolSource journal', () => {
	it('masks secret-looking arguments and bounds the summary', () => {
		expect(summariseArguments({ path: '/a', api_key: 'sk-1', Authorization: 'Bearer x' })).toBe(
			'{"path":"/a","api_key":"***","Authorization":"***"}'
		);
		const long = summariseArguments({ text: 'x'.repeat(500) });
		expect(long.length).toBe(121);
		expect(long.endsWith('…')).toBe(true);
	});

	it('lists unknown outcomes until a person reconciles them, once', () => {
		const journal = new ToolSourceJournal();
		const intent = { id: 'c1', name: 'mcp.a.b', server: 'a', tool: 'b', arguments: {} };
		expect(journal.persist(intent, 10)).toBe(1);
		expect(journal.inFlight.map((e) => e.callId)).toEqual(['c1']);
		expect(journal.toReconcile).toEqual([]);
		journal.record('c1', 'unknown');
		expect(journal.toReconcile.map((e) => e.callId)).toEqual(['c1']);
		expect(journal.reconcile('c1', 'applied')).toBe(true);
		expect(journal.reconcile('c1', 'not_applied')).toBe(false);
		expect(journal.entries[0]).toMatchObject({ outcome: 'unknown', reconciled: 'applied', at: 10 });
	});

	it('lists open entries oldest first, and never changes a journal it already handed out', () => {
		const journal = new ToolSourceJournal();
		for (const id of ['c1', 'c2', 'c3'])
			journal.persist({ id, name: 'mcp.a.b', server: 'a', tool: 'b', arguments: {} }, 5);
		const before = journal.entries;
		journal.record('c3', 'unknown');
		journal.record('c2', 'completed');
		journal.record('c1', 'unknown');
		expect(journal.toReconcile.map((e) => e.callId)).toEqual(['c1', 'c3']);
		expect(journal.inFlight).toEqual([]);
		expect(before.map((e) => e.outcome)).toEqual([null, null, null]);
		expect(journal.entries).not.toBe(before);
		expect(journal.entries).toBe(journal.entries);
		expect(journal.entries.map((e) => e.outcome)).toEqual(['unknown', 'completed', 'unknown']);
		expect(journal.reconcile('c3', 'not_applied')).toBe(true);
		expect(journal.toReconcile.map((e) => e.callId)).toEqual(['c1']);
	});
});
