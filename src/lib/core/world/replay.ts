import { canonicalJson } from '../pins/definition';
import type { Scenario } from '../scenario/schema';
import { INTERRUPTS, perform, type LoggedAction } from './actions';
import { reasonOf } from './command-errors';
import { World, type WorldOptions } from './world';

/**
 * The world at step `n` is the scenario's world with the first `n` logged actions replayed:
 * queued commands are issued in order (they queue as they did), and an interrupt taken while a
 * command was settling is applied at the same quiet point of that command. Commands the world
 * refused then are refused again; replay does not stop for them. An action the world refuses
 * before logging it cannot be in its log: the replay then fails with an `UnloggedAction`.
 */
export async function replay(
	scenario: Scenario,
	actions: readonly LoggedAction[],
	options: WorldOptions = {}
): Promise<World> {
	const world = new World(scenario, options);
	try {
		await replayOnto(world, actions);
	} catch (error) {
		world.dispose();
		throw error;
	}
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
 * A logged action the world refuses before it logs anything (a server it does not have, a delay
 * out of range: see `World#command`). No world logs such an action, so a log holding one is not a
 * log of this world: replaying it would build a world whose own log is shorter, a step silently
 * gone. `index` is the action's place in the whole log; `refused` is the world's own refusal.
 */
export class UnloggedAction extends Error {
	constructor(
		readonly index: number,
		readonly refused: unknown
	) {
		const reason = refused instanceof Error ? refused.message : String(refused);
		super(`The world refuses action ${index} of the log before logging it: ${reason}`);
		this.name = 'UnloggedAction';
	}

	/** The refusal as values another refusal carries (see `RefusedValues`). */
	get values(): RefusedValues {
		const why = reasonOf(this.refused);
		const detail = this.refused instanceof Error ? this.refused.message : String(this.refused);
		if (!why) return { detail };
		const values: RefusedValues = { detail, refusal: why.key };
		for (const [name, value] of Object.entries(why.params ?? {})) values[`refusal_${name}`] = value;
		return values;
	}
}

/**
 * The world's refusal of a replayed action, as values of the refusal that reports it: its English
 * sentence (`detail`), and its key (`refusal`) and values (`refusal_<name>`) for the page to say
 * it in its own language (i18n/command-error.ts).
 */
export type RefusedValues = {
	detail: string;
	refusal?: string;
	[value: `refusal_${string}`]: string;
};

/**
 * Replays logged actions onto a world whose own log is exactly the actions before them (a
 * world rebuilt at that step), leaving it as `replay` would have built it with them all.
 * `first` is where `actions[0]` stands in the whole log (the place an `UnloggedAction` names).
 */
export async function replayOnto(
	world: World,
	actions: readonly LoggedAction[],
	first = 0
): Promise<void> {
	const before = world.actions.length;
	/** What each action that failed failed with (a refusal the world logs first is a step too). */
	const failed = new Map<number, unknown>();
	let pending: Promise<unknown>[] = [];
	const settleAll = async () => {
		await Promise.allSettled(pending);
		pending = [];
	};
	for (const [i, entry] of actions.entries()) {
		if (entry.during !== null) {
			// It settles with whatever the action settled with, a refusal included.
			const applied = world.replayInterrupt(entry.during, entry.t, entry.action);
			pending.push(applied.then((outcome) => outcome instanceof Error && failed.set(i, outcome)));
			continue;
		}
		// An interrupt with nothing queued happened once everything before it had settled, and
		// after the world's code had loaded (the world refuses it unlogged before that).
		if (INTERRUPTS.has(entry.action.do)) {
			await settleAll();
			await world.loaded();
		}
		pending.push(perform(world, entry.action).catch((error: unknown) => failed.set(i, error)));
	}
	await settleAll();
	// Only an action that failed can be missing from the world's log; a log that stopped
	// recording (MAX_ACTIONS) is not compared.
	if (failed.size === 0 || !world.actionsComplete) return;
	const logged = world.actions.slice(before);
	if (logged.length >= actions.length) return;
	const i = unlogged(actions, logged, failed);
	throw new UnloggedAction(first + i, failed.get(i));
}

/**
 * Which of `actions` the world did not log, given what it did log (`logged`, in order). Every
 * action that did not fail is logged, in order; one that failed is missing when the next logged
 * action is not it. (An action refused before logging is refused whatever ran before it, so an
 * equal one further on is not logged either and cannot be mistaken for it.)
 */
function unlogged(
	actions: readonly LoggedAction[],
	logged: readonly LoggedAction[],
	failed: ReadonlyMap<number, unknown>
): number {
	let j = 0;
	for (const [i, entry] of actions.entries()) {
		const next = logged[j];
		if (failed.has(i) && (!next || canonicalJson(entry.action) !== canonicalJson(next.action)))
			return i;
		j++;
	}
	// Not found in order (the world logged them in another order): the first that failed.
	return Math.min(...failed.keys());
}
