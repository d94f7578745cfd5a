import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createSimServer } from '../src/lib/core/world/sim-server';
import type { ServedServer } from './scenario-source';

export interface LabSession {
	id: string;
	server: string;
	transport: StreamableHTTPServerTransport;
}

type EndReason = 'killed' | 'crashed' | 'closed' | 'expired';

/** Enough sessions for a workshop room; a runaway client cannot grow the table without end. */
export const MAX_SESSIONS = 200;

/**
 * How long a session may sit with no request open before it ends. A page that is open keeps its
 * GET stream open, so only sessions nobody can use any more expire: a tab closed or reloaded, a
 * Disconnect (the page drops the connection and sends no DELETE). Long enough that a learner
 * who reads for a while between two calls, with the stream broken off, keeps the session.
 */
export const DEFAULT_IDLE_MS = 10 * 60_000;

export interface SessionsOptions {
	/** Idle limit in ms (tests pass a short one). */
	idleMs?: number;
	/** Wall clock in ms (tests pass their own). */
	now?: () => number;
}

type Entry = LabSession & {
	mcp: Server;
	/** Requests of this session still open (a GET stream, a POST being answered). */
	open: number;
	/** When a request last began or ended. */
	lastActive: number;
};

/** Session ids are capabilities: the terminal and the status endpoint show only a prefix. */
export const shortId = (id: string) => `${id.slice(0, 8)}…`;

/**
 * Stateful Streamable HTTP sessions, one SDK server instance each, built from the scenario's sim
 * block by the same `createSimServer` the simulation uses (a process per connection, as a stdio
 * harness would spawn one). A session ends when the client deletes it, the instructor kills it,
 * its server "crashes" (a `crash` tool), or it is left idle (see DEFAULT_IDLE_MS): afterwards its
 * id is unknown, so the next request with it gets 404 Session not found.
 */
export class Sessions {
	readonly #live = new Map<string, Entry>();
	readonly #endings = new WeakMap<StreamableHTTPServerTransport, EndReason>();
	readonly idleMs: number;
	readonly #now: () => number;

	constructor(
		private readonly log: (line: string) => void,
		options: SessionsOptions = {}
	) {
		this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
		this.#now = options.now ?? Date.now;
	}

	get size(): number {
		return this.#live.size;
	}

	get(id: string): LabSession | undefined {
		return this.#live.get(id);
	}

	list(): LabSession[] {
		return [...this.#live.values()];
	}

	/** A transport for an initialize request; the session exists once the SDK assigns its id. */
	async open(served: ServedServer): Promise<StreamableHTTPServerTransport> {
		const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			onsessioninitialized: (id) => {
				this.#live.set(id, {
					id,
					server: served.name,
					transport,
					mcp,
					open: 0,
					lastActive: this.#now()
				});
				this.log(`Session ${shortId(id)} opened on ${served.name}.`);
			}
		});
		// Set before connect(): the SDK server chains its own close handling after this one.
		transport.onclose = () => {
			const id = transport.sessionId;
			if (!id || !this.#live.delete(id)) return;
			const reason = this.#endings.get(transport) ?? 'closed';
			const ended = reason === 'expired' ? `expired: idle for ${span(this.idleMs)}` : ENDED[reason];
			this.log(`Session ${shortId(id)} on ${served.name} ${ended}.`);
		};
		// A crash tool never answers; ending its session afterwards (not inside the SDK's handler)
		// lets the call's stream close cleanly and the old id then gets 404.
		const mcp = createSimServer(served.name, served.sim, () =>
			setImmediate(() => void this.#end(transport, mcp, 'crashed'))
		);
		await mcp.connect(transport);
		return transport;
	}

	/**
	 * A request of this session begins; the returned function ends it (its response closed, or
	 * the client went away). Each call of it after the first does nothing.
	 */
	begin(id: string): () => void {
		const session = this.#live.get(id);
		if (!session) return () => {};
		session.open++;
		session.lastActive = this.#now();
		let ended = false;
		return () => {
			if (ended) return;
			ended = true;
			session.open--;
			session.lastActive = this.#now();
		};
	}

	/** Requests of this session still open (0 for an unknown id). */
	openRequests(id: string): number {
		return this.#live.get(id)?.open ?? 0;
	}

	/** Ends every session with no request open and none for `idleMs`; returns how many. */
	async expireIdle(): Promise<number> {
		const now = this.#now();
		const idle = [...this.#live.values()].filter(
			(s) => s.open === 0 && now - s.lastActive >= this.idleMs
		);
		await Promise.all(idle.map((s) => this.#end(s.transport, s.mcp, 'expired')));
		return idle.length;
	}

	/** Closes every session (the kill fault, and shutdown); returns how many there were. */
	async killAll(reason: EndReason = 'killed'): Promise<number> {
		const all = [...this.#live.values()];
		await Promise.all(all.map((s) => this.#end(s.transport, s.mcp, reason)));
		return all.length;
	}

	async #end(transport: StreamableHTTPServerTransport, mcp: Server, reason: EndReason) {
		this.#endings.set(transport, reason);
		await mcp.close();
	}
}

const ENDED: Record<Exclude<EndReason, 'expired'>, string> = {
	killed: 'killed',
	crashed: 'ended: its server crashed (a crash tool)',
	closed: 'closed'
};

/** `10 minutes`, `1 minute`, or seconds for a limit that is no whole number of minutes. */
export function span(ms: number): string {
	const minutes = ms / 60_000;
	if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
	return `${ms / 1000} s`;
}
