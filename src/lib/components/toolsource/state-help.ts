import type { ToolSourceState } from '$lib/core/machines/toolsource-call.machine';
import { m } from '$lib/paraglide/messages';

/** The profile's state words stay as they are; this says in the reader's language what each means. */
export const STATE_HELP: Record<ToolSourceState, () => string> = {
	proposed: m.toolsource_state_proposed,
	waiting_for_approval: m.toolsource_state_waiting_for_approval,
	ready: m.toolsource_state_ready,
	intent_persisted: m.toolsource_state_intent_persisted,
	calling: m.toolsource_state_calling,
	result: m.toolsource_state_result,
	completed: m.toolsource_state_completed,
	permission_denied: m.toolsource_state_permission_denied,
	failed: m.toolsource_state_failed,
	unknown: m.toolsource_state_unknown,
	cancelled: m.toolsource_state_cancelled
};

export const stateHelp = (state: string): string =>
	(STATE_HELP as Record<string, (() => string) | undefined>)[state]?.() ?? '';
