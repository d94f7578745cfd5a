import type { ConnectionContext } from '../machines/connection.machine';
import type { ConnectionStatus } from '../machines/types';
import type { NewWorldEvent } from './events';
import type { ManagerActor } from './manager-actor';

type Heard = { status: ConnectionStatus; detail: string };

/**
 * The last status heard of each server, so each change is said once (a `status` event) and in
 * config order.
 */
export class StatusRecord {
	/** Last status seen per server; every server starts `pending` with no detail. */
	readonly #last = new Map<string, Heard>();
	readonly #manager: ManagerActor;
	/** The status in the profile's own words, where it has them (trust: `trusted`…). */
	readonly #profileState: (server: string, c: ConnectionContext) => string | undefined;
	readonly #emit: (event: NewWorldEvent) => void;

	constructor(
		servers: Iterable<string>,
		manager: ManagerActor,
		profileState: (server: string, c: ConnectionContext) => string | undefined,
		emit: (event: NewWorldEvent) => void
	) {
		this.#manager = manager;
		this.#profileState = profileState;
		this.#emit = emit;
		for (const name of servers) this.#last.set(name, { status: 'pending', detail: '' });
	}

	/** A server's connection actor changed: records (and says) what changed unheard. */
	connectionChanged(server: string): void {
		// A connection that settles makes the manager start the next one before its own observers
		// hear of it, and a ws server fails in that same turn: its change arrives first. The
		// servers ahead of it in config order are read first, so the record (and what is said)
		// follows connect_all's order.
		// Only the run of servers just before it that changed unheard is read (going back stops at
		// the first one already recorded): a reconnect of 100 servers reads no more than it must.
		const { order, connections } = this.#manager.getSnapshot().context;
		const facts = (name: string) => connections[name]?.getSnapshot().context;
		const at = order.indexOf(server);
		let from = at;
		while (from > 0 && this.#unheard(order[from - 1], facts(order[from - 1]))) from--;
		if (at < 0) this.#record(server, facts(server));
		for (let i = from; i <= at; i++) this.#record(order[i], facts(order[i]));
	}

	#unheard(server: string, c: Heard | undefined) {
		const last = this.#last.get(server);
		return !!c && (last?.status !== c.status || last.detail !== c.detail);
	}

	#record(server: string, c: ConnectionContext | undefined): void {
		if (!c || !this.#unheard(server, c)) return;
		this.#last.set(server, { status: c.status, detail: c.detail });
		const state = this.#profileState(server, c) ?? c.status;
		this.#emit({ kind: 'status', server, status: c.status, detail: c.detail, state });
	}
}
