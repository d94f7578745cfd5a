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
	return world;
}
