/**
 * The ToolSource panels' reading of the world: the profile's states in order, which calls are
 * where, one call's path through them, the reconciliation list and the audit table's cap. Pure,
 * so the components stay markup; every value is the profile's word or server text, never a
 * sentence.
 */
import type { CallRecord } from '$lib/core';
import {
	TERMINAL,
	type ToolSourceState,
	type Transition
} from '$lib/core/profiles/toolsource/states';
import type { JournalEntry } from '$lib/core/world/toolsource-journal';

/** The states a call moves through, in order (harness-behaviors.md §4). */
export const FLOW: readonly ToolSourceState[] = [
	'proposed',
	'waiting_for_approval',
	'ready',
	'intent_persisted',
	'calling',
	'result'
];

/** Where a call can end; alternatives, not steps. */
export const ENDINGS: readonly ToolSourceState[] = TERMINAL;

export const isTerminal = (state: string): boolean =>
	(TERMINAL as readonly string[]).includes(state);

/** A ToolSource call still moving or waiting (a terminal state is its last). */
export const inFlight = (call: CallRecord): boolean =>
	call.toolsource !== undefined && !isTerminal(call.state);

/** The chosen call, or the newest ToolSource call when nothing (or a call now gone) is chosen. */
export function chosenCall(calls: readonly CallRecord[], choice: string | null): CallRecord | null {
	const own = calls.filter((c) => c.toolsource);
	return (choice !== null ? own.find((c) => c.id === choice) : undefined) ?? own.at(-1) ?? null;
}

export interface StateView {
	state: ToolSourceState;
	terminal: boolean;
	/** In-flight calls at this state now, oldest first. */
	here: string[];
	/** The chosen call's visit: when it got here and what decided it; null if it never came. */
	visit: Transition | null;
	/** The chosen call is at this state now (in flight), or ended here. */
	current: boolean;
}

/** Every state in the profile's order, with the calls in each and the chosen call's path. */
export function stateViews(calls: readonly CallRecord[], chosen: CallRecord | null): StateView[] {
	const here = new Map<string, string[]>();
	for (const call of calls)
		if (inFlight(call)) here.set(call.state, [...(here.get(call.state) ?? []), call.id]);
	const history = chosen?.toolsource?.history ?? [];
	return [...FLOW, ...ENDINGS].map((state) => ({
		state,
		terminal: isTerminal(state),
		here: here.get(state) ?? [],
		visit: history.findLast((t) => t.state === state) ?? null,
		current: chosen?.state === state
	}));
}

/** Journal entries a person must settle or has settled, oldest first. */
export const reconciliations = (journal: readonly JournalEntry[]): JournalEntry[] =>
	journal.filter((e) => e.outcome === 'unknown');

/** The audit table shows at most this many rows; the export has every call the world keeps. */
export const AUDIT_SHOWN = 200;

/** The newest `max` items, newest first, and how many were left out. */
export function newestFirst<T>(
	items: readonly T[],
	max = AUDIT_SHOWN
): { shown: T[]; hidden: number } {
	const shown = items.slice(-max).reverse();
	return { shown, hidden: items.length - shown.length };
}
