import { refusals, type RefusalTable } from '../../world/command-errors';

/** The ToolSource profile's refusals, loaded with it: see world/command-errors.ts. */
export const toolsourceRefusals = {
	not_in_flight: (p: { id: string }) => `Call ${p.id} is not in flight.`,
	nothing_to_reconcile: (p: { id: string }) => `Call ${p.id} has nothing to reconcile.`,
	run_interrupted: (p: { ids: string }) => `The run is interrupted: reconcile ${p.ids} first.`,
	toolsource_loading: () => 'The ToolSource profile is still loading.'
} satisfies RefusalTable;

export const toolsourceRefusal = refusals(toolsourceRefusals);
