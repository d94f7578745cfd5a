import type {
	Transport,
	TransportSendOptions
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BoundedList } from './bounded-list';
import type { SimClock } from './clock';

/** Which way a message crossed: from the host (client) to the server, or back. */
export type Direction = 'to-server' | 'to-host';

export type WireEntry =
	| {
			seq: number;
			t: number;
			server: string;
			kind: 'message';
			dir: Direction;
			message: JSONRPCMessage;
			/** `unread`: written to a hung server, which never reads it. */
			note?: 'unread';
	  }
	| {
			seq: number;
			t: number;
			server: string;
			kind: 'transport';
			/** `dropped`: a live server's answer stream broke off mid-call. */
			event: 'open' | 'close' | 'killed' | 'exited' | 'hung' | 'dropped';
	  }
	/** One HTTP exchange of a live connection (status, content type, session header). */
	| {
			seq: number;
			t: number;
			server: string;
			kind: 'transport';
			event: 'http';
			http: HttpExchange;
	  };

/** One HTTP exchange of a live connection, as the page could see it. */
export interface HttpExchange {
	/** GET, POST or DELETE. */
	method: string;
	/** The JSON-RPC method the body carried (`response` for answers to the server), or ''. */
	rpc: string;
	/** 0 when no answer arrived (see `error`). */
	status: number;
	/** The answer's media type, lowercased, without parameters; '' when none. */
	contentType: string;
	/** Whether the answer had an `mcp-session-id` header the page could read. */
	sessionId: boolean;
	/**
	 * The answer's session id holds control characters, which the MCP spec forbids (visible ASCII
	 * only, 0x21 to 0x7E) and HTTP servers refuse when it is sent back (isBadSessionId).
	 */
	badSessionId?: true;
	/** The `WWW-Authenticate` header of a 401 or 403, when readable (bounded). */
	wwwAuthenticate?: string;
	/** Why no answer arrived (status 0). */
	error?: string;
	/**
	 * An error answer's body (status 400 and up): what the server said, which a Python harness
	 * drops (a 404 becomes `Session terminated`). Its start only, the request's token hidden.
	 */
	body?: string;
	/** A contextual run's request headers (simulated or live URL server), secrets already hidden. */
	headers?: Record<string, string>;
}

type NewEntry = WireEntry extends infer E
	? E extends WireEntry
		? Omit<E, 'seq' | 't'>
		: never
	: never;

/**
 * The protocol log: every JSON-RPC message that crossed any wire, in order. It keeps a window
 * of the newest entries so a long session stays bounded in memory; `dropped` counts the rest.
 */
export class WireLog {
	readonly #entries: BoundedList<WireEntry>;
	readonly #taps: ((entry: WireEntry) => void)[] = [];
	#seq = 0;

	constructor(
		private readonly clock: SimClock,
		private readonly onChange: () => void,
		readonly window = 5000
	) {
		this.#entries = new BoundedList(window);
	}

	get entries(): readonly WireEntry[] {
		return this.#entries.items;
	}

	/** Entries that left the window. */
	get dropped(): number {
		return this.#entries.dropped;
	}

	/**
	 * Takes `entry` as its own and stamps it in place (every caller passes a literal made for it,
	 * so the keys keep their order): a copy spread from every entry shape at this one site takes
	 * V8's slow path, on every message of every call.
	 */
	append(entry: NewEntry): void {
		const logged = entry as WireEntry;
		logged.seq = ++this.#seq;
		logged.t = this.clock.now;
		this.#entries.push(logged);
		for (const tap of this.#taps) tap(logged);
		this.onChange();
	}

	/**
	 * Hears every entry as it is logged, including those that will leave the window (what must
	 * outlive the window, such as the last tools/list a server answered, is kept by the tap). A
	 * tap lives as long as the log: its only user belongs to the same world.
	 */
	tap(listener: (entry: WireEntry) => void): void {
		this.#taps.push(listener);
	}
}

/** What the wire asks of the simulated process at the other end. */
export interface ProcessView {
	readonly hung: boolean;
	/** Simulated ms before an answer to this request reaches the host. */
	latencyFor(request: { method: string; tool?: string }): number;
}

/**
 * A `Transport` wrapper on the host side of one connection. It is the one place traffic is
 * observed and faults take effect: messages to a hung server are logged but never read, answers
 * arrive after the simulated latency, and a kill closes the pipe under the client.
 */
export class Wire implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;
	setProtocolVersion?: (version: string) => void;
	#closed = false;
	#lastDelivery = 0;
	#requests = new Map<string | number, { method: string; tool?: string }>();

	constructor(
		readonly server: string,
		private readonly inner: Transport,
		private readonly clock: SimClock,
		private readonly log: WireLog,
		private readonly process: ProcessView
	) {}

	get closed(): boolean {
		return this.#closed;
	}

	async start(): Promise<void> {
		this.inner.onmessage = (message) => this.#fromServer(message);
		this.inner.onclose = () => this.#closedUnderneath();
		this.inner.onerror = (error) => this.onerror?.(error);
		await this.inner.start();
		this.log.append({ server: this.server, kind: 'transport', event: 'open' });
	}

	async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
		if (this.#closed) throw new Error('Not connected');
		if ('method' in message && 'id' in message) {
			const params = message.params as { name?: unknown } | undefined;
			const tool = message.method === 'tools/call' ? String(params?.name ?? '') : undefined;
			this.#requests.set(message.id, { method: message.method, tool });
		}
		if (this.process.hung) {
			this.log.append({
				server: this.server,
				kind: 'message',
				dir: 'to-server',
				message,
				note: 'unread'
			});
			return;
		}
		this.log.append({ server: this.server, kind: 'message', dir: 'to-server', message });
		await this.inner.send(message, options);
	}

	/** The host closes the connection (harness shutdown or reconnect). */
	async close(): Promise<void> {
		if (this.#closed) return;
		this.log.append({ server: this.server, kind: 'transport', event: 'close' });
		await this.inner.close();
	}

	/** The process at the other end stops reading; the pipe stays open. */
	markHung(): void {
		if (!this.#closed) this.log.append({ server: this.server, kind: 'transport', event: 'hung' });
	}

	/** The process at the other end dies: the pipe closes under the client. */
	async kill(event: 'killed' | 'exited' = 'killed'): Promise<void> {
		if (this.#closed) return;
		this.log.append({ server: this.server, kind: 'transport', event });
		await this.inner.close();
	}

	#fromServer(message: JSONRPCMessage): void {
		const id = 'id' in message && !('method' in message) ? message.id : undefined;
		const request = id !== undefined ? this.#requests.get(id) : undefined;
		if (id !== undefined) this.#requests.delete(id);
		const latency = this.process.latencyFor(request ?? { method: '' });
		// Answers keep their order even when an earlier one is slower.
		const at = Math.max(this.#lastDelivery, this.clock.now + latency);
		this.#lastDelivery = at;
		this.clock.schedule(at - this.clock.now, () => {
			if (this.#closed) return;
			this.log.append({ server: this.server, kind: 'message', dir: 'to-host', message });
			this.onmessage?.(message);
		});
	}

	#closedUnderneath(): void {
		if (this.#closed) return;
		this.#closed = true;
		this.onclose?.();
	}
}
