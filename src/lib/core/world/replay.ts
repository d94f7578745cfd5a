import type { Scenario } from '../scenario/schema';
import { INTERRUPTS, perform, type LoggedAction } from './actions';
import { World, type WorldOptions } from './world';

/**
 * The world at step `n` is the scenario's world with the first `n` logged actions replayed:
 * queued commands are issued in order (they queue as they did), and an interrupt taken while a
 * command was settling is applied at the same quiet point of that command. Commands the world
 * refused then are refused again; replay does not stop for them.
 */
export async function replay(
	scenario: Scenario,
	actions: readonly LoggedAction[],
	options: WorldOptions = {}
): Promise<World> {
	const world = new World(scenario, options);
	await replayOnto(world, actions);
	return world;
}

/**
 * Whether the actions `tape[from..to)` can be replayed onto a world standing at step `from`
 * (see `replayOnto`): not when one of them is an interrupt of a command before `from`, whose
 * quiet point has passed in that world. (Seqs count from 1: step `from` is seq `from`.)
 */
export function continuable(tape: readonly LoggedAction[], from: number, to: number): boolean {
	return tape.slice(from, to).every((entry) => entry.during === null || entry.during > from);
}

/**
 * Replays logged actions onto a world whose own log is exactly the actions before them (a
 * world rebuilt at that step), leaving it as `replay` would have built it with them all.
 */
export async function replayOnto(world: World, actions: readonly LoggedAction[]): Promise<void> {
	let pending: Promise<unknown>[] = [];
	const settleAll = async () => {
		await Promise.allSettled(pending);
		pending = [];
	};
	for (const entry of actions) {
		if (entry.during !== null) {
			pending.push(world.replayInterrupt(entry.during, entry.t, entry.action));
			continue;
		}
		// An interrupt with nothing queued happened once everything before it had settled.
		if (INTERRUPTS.has(entry.action.do)) await settleAll();
		pending.push(perform(world, entry.action).catch(() => undefined));
	}
	await settleAll();
}
