import { refusals, type RefusalTable } from '../../world/command-errors';

/** MiniHarness's refusals, loaded with it: see world/command-errors.ts. */
export const miniharnessRefusals = {
	no_retry: (p: { id: string }) => `There is no call ${p.id} to retry.`,
	wait_seconds: (p: { max: string; value: string }) =>
		`Wait a whole number of seconds from 1 to ${p.max}, not ${p.value}.`
} satisfies RefusalTable;

export const miniharnessRefusal = refusals(miniharnessRefusals);
