import { refusals, type RefusalTable } from '../../world/command-errors';

/** The contextual profile's refusals, loaded with it: see world/command-errors.ts. */
export const contextualRefusals = {
	no_run: () => 'No run is active: start a run first.',
	run_starting: () => 'The run is still connecting its servers.',
	run_failed: (p: { error: string }) => `The run failed: ${p.error}`,
	must_be_text: (p: { field: string }) => `${p.field} must be text.`,
	unknown_identity: (p: { identity: string; identities: string }) =>
		`Unknown identity '${p.identity}'. Identities in this scenario: ${p.identities || 'none'}.`,
	metadata_not_object: () => 'The run metadata must be a JSON object.',
	run_servers: (p: { servers: string }) =>
		`A run selects servers of this world: ${p.servers || 'none'}.`
} satisfies RefusalTable;

export const contextualRefusal = refusals(contextualRefusals);
