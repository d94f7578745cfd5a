import type { WorldState } from '$lib/state/world-state.svelte';

/** Runs a trust command; a failure is kept in world.error and shown in the harness panel. */
export function trustCommand(
	world: WorldState,
	command: string,
	args: Record<string, unknown> = {}
): void {
	world.run((w) => w.profileCommand(command, args)).catch(() => {});
}

export const buttonClass =
	'rounded border border-slate-500 bg-slate-100 px-2 py-0.5 font-medium hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-800 dark:hover:bg-slate-700';
