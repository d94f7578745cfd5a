import type { IntentInput, ToolSourceState } from '../machines/toolsource-call.machine';
import { clippedJson } from '../text/bound';
import { SECRET_NAME } from './mask';

/** How a person settled a call whose outcome the harness could not confirm. */
export type Reconciliation = 'applied' | 'not_applied';

export interface JournalEntry {
	seq: number;
	callId: string;
	name: string;
	server: string;
	tool: string;
	argsSummary: string;
	/** Simulated time the intent was written, before the request. */
	at: number;
	/** The terminal state recorded for the call; null while in flight, or when the harness died. */
	outcome: ToolSourceState | null;
	reconciled: Reconciliation | null;
}

const ARGS_SUMMARY = 120;
/** Argument names whose values are never written to the journal or shown in the audit. */
const SECRET = SECRET_NAME;

/** A short, masked rendering of a call's arguments for the journal and the audit table. */
export function summariseArguments(args: Record<string, unknown>): string {
	const masked = Object.fromEntries(
		Object.entries(args).map(([k, v]) => [k, SECRET.test(k) ? '***' : v])
	);
	return clippedJson(masked, ARGS_SUMMARY);
}

/**
 * ToolSource's intent journal: written before every tools/call, so it survives the harness.
 * It lives in the world, not the session, standing for the file a real harness keeps on disk.
 * Entries whose outcome is `unknown` — or missing after a restart — stay unreconciled until a
 * person says whether the side effect happened; while any does, the run is interrupted.
 */
export class ToolSourceJournal {
	/**
	 * Appended and updated in place (a long session writes thousands of intents): readers get a
	 * copy made at most once per change, and the open entries are indexed, so a call costs the
	 * same at the ten-thousandth entry as at the first.
	 */
	readonly #entries: JournalEntry[] = [];
	#view: readonly JournalEntry[] | null = null;
	/** Each call's entries, by position (a call writes its intent once). */
	readonly #byCall = new Map<string, number[]>();
	/** Positions of the entries with no outcome yet. */
	readonly #pending = new Set<number>();
	/** Positions of the unknown outcomes nobody has reconciled yet. */
	readonly #unsettled = new Set<number>();

	get entries(): readonly JournalEntry[] {
		return (this.#view ??= this.#entries.slice());
	}

	persist(intent: IntentInput, at: number): number {
		const seq = this.#entries.length + 1;
		this.#byCall.set(intent.id, [...(this.#byCall.get(intent.id) ?? []), seq - 1]);
		this.#put(seq - 1, {
			seq,
			callId: intent.id,
			name: intent.name,
			server: intent.server,
			tool: intent.tool,
			argsSummary: summariseArguments(intent.arguments),
			at,
			outcome: null,
			reconciled: null
		});
		return seq;
	}

	record(callId: string, outcome: ToolSourceState): void {
		this.#update(callId, (e) => ({ ...e, outcome }));
	}

	/** Calls a person must settle (a restart records calls it left in flight as unknown). */
	get toReconcile(): JournalEntry[] {
		return this.#inOrder(this.#unsettled);
	}

	/** Intents with no outcome yet: what a restart finds and must not replay. */
	get inFlight(): JournalEntry[] {
		return this.#inOrder(this.#pending);
	}

	reconcile(callId: string, verdict: Reconciliation): boolean {
		const target = this.toReconcile.find((e) => e.callId === callId);
		if (!target) return false;
		this.#update(callId, (e) => ({ ...e, reconciled: verdict }));
		return true;
	}

	#update(callId: string, change: (e: JournalEntry) => JournalEntry): void {
		for (const i of this.#byCall.get(callId) ?? []) this.#put(i, change(this.#entries[i]));
	}

	#put(i: number, entry: JournalEntry): void {
		this.#entries[i] = entry;
		this.#view = null;
		if (entry.outcome === null) this.#pending.add(i);
		else this.#pending.delete(i);
		if (entry.outcome === 'unknown' && entry.reconciled === null) this.#unsettled.add(i);
		else this.#unsettled.delete(i);
	}

	#inOrder(positions: ReadonlySet<number>): JournalEntry[] {
		return [...positions].sort((a, b) => a - b).map((i) => this.#entries[i]);
	}
}
