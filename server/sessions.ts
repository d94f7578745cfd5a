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

type EndReason = 'killed' | 'crashed' | 'closed';

/** Enough sessions for a workshop room; a runaway client cannot grow the table without end. */
export const MAX_SESSIONS = 200;

/** Session ids are capabilities: the terminal and the status endpoint show only a prefix. */
export const shortId = (id: string) => `${id.slice(0, 8)}…`;

/**
 * Stateful Streamable HTTP sessions, one SDK server instance each, built from the scenario's sim
 * block by the same `createSimServer` the simulation uses (a process per connection, as a stdio
 * harness would spawn one). A session ends when the client deletes it, the instructor kills it,
 * or its server "crashes" (a `crash` tool): afterwards its id is unknown, so the next request
 * with it gets 404 Session not found.
 */
export class Sessions {
	readonly #live = new Map<string, LabSession & { mcp: Server }>();
	readonly #endings = new WeakMap<StreamableHTTPServerTransport, EndReason>();

	constructor(private readonly log: (line: string) => void) {}

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
				this.#live.set(id, { id, server: served.name, transport, mcp });
				this.log(`Session ${shortId(id)} opened on ${served.name}.`);
			}
		});
		// Set before connect(): the SDK server chains its own close handling after this one.
		transport.onclose = () => {
			const id = transport.sessionId;
			if (!id || !this.#live.delete(id)) return;
			const reason = this.#endings.get(transport) ?? 'closed';
			this.log(`Session ${shortId(id)} on ${served.name} ${ENDED[reason]}.`);
		};
		// A crash tool never answers; ending its session afterwards (not inside the SDK's handler)
		// lets the call's stream close cleanly and the old id then gets 404.
		const mcp = createSimServer(served.name, served.sim, () =>
			setImmediate(() => void this.#end(transport, mcp, 'crashed'))
		);
		await mcp.connect(transport);
		return transport;
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

const ENDED: Record<EndReason, string> = {
	killed: 'killed',
	crashed: 'ended: its server crashed (a crash tool)',
	closed: 'closed'
};
