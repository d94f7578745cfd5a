import { describe, expect, it } from 'vitest';
import { startedWorlds, toolSourceScenario } from '$lib/core/world/test-world';
import { auditJson, auditRows } from './audit';

const started = startedWorlds(toolSourceScenario);

describe('the ToolSource audit', () => {
	it('one row per call with the fields an auditor reads, in call order', async () => {
		const w = await started();
		const read = await w.callTool('mcp.files.read_file', { path: '/notes.txt' });
		await w.callTool('mcp.files.delete_file', { path: '/etc' });
		const pending = await w.callTool('mcp.files.write_file', { path: '/a', text: 'b' });
		const rows = auditRows(w.calls);
		expect(rows.map((r) => Object.keys(r))).toEqual(
			rows.map(() => [
				'id',
				'server',
				'tool',
				'name',
				'arguments',
				'startedAt',
				'durationMs',
				'resultBytes',
				'state',
				'reconciled'
			])
		);
		expect(rows[0]).toEqual({
			id: read.id,
			server: 'files',
			tool: 'read_file',
			name: 'mcp.files.read_file',
			arguments: '{"path":"/notes.txt"}',
			startedAt: read.startedAt,
			durationMs: read.endedAt! - read.startedAt,
			resultBytes: read.toolsource!.resultBytes,
			state: 'completed',
			reconciled: null
		});
		expect(rows[0].resultBytes).toBeGreaterThan(0);
		expect(rows[1]).toMatchObject({ state: 'permission_denied', resultBytes: null });
		expect(rows[2]).toMatchObject({
			id: pending.id,
			state: 'waiting_for_approval',
			durationMs: null
		});
	});

	it('an unknown call carries its reconciliation', async () => {
		const w = await started();
		const call = await w.callTool('mcp.tickets.transfer_funds', {});
		await w.answerApproval(call.id, true);
		await w.reconcile(call.id, 'not_applied');
		expect(auditRows(w.calls)[0]).toMatchObject({ state: 'unknown', reconciled: 'not_applied' });
	});

	it('the export holds no raw results, outputs or secrets', async () => {
		const w = await started();
		await w.callTool('mcp.files.screenshot', { api_key: 'sk-live-123' });
		await w.callTool('mcp.files.export_log', {});
		const text = auditJson(w.calls);
		const doc = JSON.parse(text);
		expect(doc).toMatchObject({ format: 'mcp-lab.toolsource-audit', version: 1 });
		expect(doc.calls).toHaveLength(2);
		expect(doc.calls[0].arguments).toBe('{"api_key":"***"}');
		expect(text).not.toContain('sk-live-123');
		expect(text).not.toContain('iVBORw0KGgo=');
		expect(text).not.toContain('GET /api/orders');
		expect(text).not.toContain('artifact');
	});
});
