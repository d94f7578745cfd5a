import type { ProcessState } from '$lib/core/world/sim-process';
import { m } from '$lib/paraglide/messages';

const words: Record<ProcessState, () => string> = {
	running: m.servers_process_running,
	killed: m.servers_process_killed,
	hung: m.servers_process_hung
};

/**
 * A simulated server process's state in the learner's language. Unlike a connection status,
 * which is the harness profile's own word and stays as the harness prints it, this one is ours.
 */
export function processWord(state: string): string {
	return words[state as ProcessState]?.() ?? state;
}
