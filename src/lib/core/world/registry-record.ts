import {
	diffRegistry,
	isEmptyDiff,
	registryEntries,
	type RegistryDiff,
	type RegistryEntry
} from '../registry/registry';
import type { SimClock } from './clock';
import type { NewWorldEvent } from './events';
import type { ConnectionRef, ManagerActor } from './manager-actor';

export interface RegistrySnapshot {
	n: number;
	t: number;
	entries: RegistryEntry[];
	diff: RegistryDiff;
}

/**
 * The numbered snapshots of what the model would see, one whenever it changes: a new build
 * (start-up), the registry dropped (shutdown), or an entry's server became (un)available.
 */
export class RegistryRecord {
	#history: RegistrySnapshot[] = [];
	#lastBuilt: unknown = null;
	/** The servers' statuses when the registry was last looked at (see `record`). */
	readonly #statuses: string[] = [];

	readonly #manager: ManagerActor;
	readonly #clock: SimClock;
	readonly #emit: (event: NewWorldEvent) => void;

	constructor(manager: ManagerActor, clock: SimClock, emit: (event: NewWorldEvent) => void) {
		this.#manager = manager;
		this.#clock = clock;
		this.#emit = emit;
	}

	/** Every snapshot so far; a new one makes a new array (a page holds it as raw state). */
	get history(): readonly RegistrySnapshot[] {
		return this.#history;
	}

	/** Looks at the registry after a command: a snapshot, and its event, if it changed. */
	record(): void {
		const context = this.#manager.getSnapshot().context;
		const built = context.registry;
		// The entries follow from the build and the servers' statuses alone: with neither changed
		// since the last look, nothing can differ, so a command skips the per-tool work.
		const moved = this.#statusesMoved(context.connections);
		if (built === this.#lastBuilt && !moved) return;
		const previous = this.#history.at(-1);
		const entries = registryEntries(
			built,
			(s) => context.connections[s]?.getSnapshot().context.status,
			previous?.entries
		);
		const rebuilt = built !== this.#lastBuilt;
		const diff = diffRegistry(
			previous?.entries ?? [],
			entries,
			rebuilt && built ? built.shadowed : []
		);
		if (!rebuilt && isEmptyDiff(diff)) return;
		this.#lastBuilt = built;
		const snapshot: RegistrySnapshot = {
			n: this.#history.length + 1,
			t: this.#clock.now,
			entries,
			diff
		};
		this.#history = [...this.#history, snapshot];
		this.#emit({ kind: 'registry', n: snapshot.n, diff, size: entries.length });
	}

	/** Whether a server's status changed since the last look; keeps the ones seen now. */
	#statusesMoved(connections: Record<string, ConnectionRef>): boolean {
		// Every command looks, so without building a list or a string for it.
		const seen = this.#statuses;
		let moved = false;
		let i = 0;
		for (const server in connections) {
			const status = connections[server].getSnapshot().context.status;
			if (seen[i] !== status) {
				seen[i] = status;
				moved = true;
			}
			i++;
		}
		if (seen.length !== i) {
			seen.length = i;
			moved = true;
		}
		return moved;
	}
}
