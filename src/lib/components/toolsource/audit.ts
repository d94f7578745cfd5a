/**
 * ToolSource's audit (harness-behaviors.md §4: "every call is auditable"): one row per call with
 * stable field names, built from the records alone. Arguments are the journal's masked summary;
 * raw results and outputs never leave the page through it.
 */
import type { CallRecord } from '$lib/core';
import { summariseArguments } from '$lib/core/world/toolsource-journal';
import type { Reconciliation } from '$lib/core/world/toolsource-journal';

export interface AuditRow {
	id: string;
	server: string;
	tool: string;
	/** The name the model called (`mcp.<server>.<tool>`). */
	name: string;
	/** The argument summary, secrets already masked. */
	arguments: string;
	/** Simulated ms. */
	startedAt: number;
	/** Simulated ms; null while the call is in flight. */
	durationMs: number | null;
	/** UTF-8 bytes of the raw result; null without a result. */
	resultBytes: number | null;
	/** The terminal state, or the current one while in flight. */
	state: string;
	reconciled: Reconciliation | null;
}

export function auditRow(call: CallRecord): AuditRow {
	const detail = call.toolsource;
	return {
		id: call.id,
		server: call.server,
		tool: call.tool,
		name: call.name,
		arguments: detail?.argsSummary ?? summariseArguments(call.arguments),
		startedAt: call.startedAt,
		durationMs: call.endedAt === null ? null : call.endedAt - call.startedAt,
		resultBytes: detail?.resultBytes ?? null,
		state: call.state,
		reconciled: detail?.reconciled ?? null
	};
}

export const auditRows = (calls: readonly CallRecord[]): AuditRow[] => calls.map(auditRow);

export const AUDIT_FILE = 'toolsource-audit.json';

/** The exported document: versioned so a reader can tell the format apart from later ones. */
export function auditJson(calls: readonly CallRecord[]): string {
	return JSON.stringify(
		{ format: 'mcp-lab.toolsource-audit', version: 1, calls: auditRows(calls) },
		null,
		2
	);
}
