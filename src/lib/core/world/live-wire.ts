import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { FloodMeter } from '../live/flood';
import type { InFlight } from '../live/in-flight';
import type { Masker } from '../live/secret-mask';
import type { HostWire } from './sim-io';
import type { HttpExchange, WireLog } from './wire';

type Id = string | number;

/**
 * The wire of a live connection: a `Transport` wrapper around the SDK's Streamable HTTP client.
 * Like the simulated wire it logs every JSON-RPC message both ways (secrets masked), and it adds
 * what only HTTP has: each exchange's status, content type and session header. It counts the
 * requests waiting for the real server, so the world waits for them instead of moving
 * simulated time, and it remembers what the classification of a failure needs.
 */
export class LiveWire implements HostWire {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;
	/** The version the client negotiated (the SDK hands it to the transport). */
	protocolVersion = '';
	/** The latest POST exchange: what a failure is classified with. */
	last: HttpExchange | null = null;
	/** Whether initialize's answer had a readable `mcp-session-id`; null until answered. */
	sessionOnInitialize: boolean | null = null;
	/** Initialize's answer named a session id with control characters (isBadSessionId). */
	badSessionId = false;
	/** Whether the server has sent a JSON-RPC message (an answer that then fails is its bug). */
	spokeJsonRpc = false;
	#closed = false;
	/** Set once the host closes or drops the connection: a broken stream is then expected. */
	#leaving = false;
	/** Requests sent and not yet answered, each ending its share of the in-flight count. */
	readonly #waiting = new Map<Id, () => void>();

	constructor(
		readonly server: string,
		private readonly inner: StreamableHTTPClientTransport,
		private readonly log: WireLog,
		private readonly inFlight: InFlight,
		private readonly hide: Masker,
		/** The HTTP exchange of a request the client gave up on is aborted (http-observer.ts). */
		private readonly abandon: (id: Id) => void = () => {},
		/** Counts what the server sends, to say when it floods the page. */
		private readonly meter: FloodMeter | null = null
	) {}

	get closed(): boolean {
		return this.#closed;
	}

	async start(): Promise<void> {
		this.inner.onmessage = (message) => this.#fromServer(message);
		this.inner.onclose = () => this.#closedUnderneath();
		this.inner.onerror = (error) => {
			if (!this.#closed) this.onerror?.(this.hide.error(error));
		};
		await this.inner.start();
		this.log.append({ server: this.server, kind: 'transport', event: 'open' });
	}

	async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
		if (this.#closed) throw new Error('Not connected');
		this.log.append({
			server: this.server,
			kind: 'message',
			dir: 'to-server',
			message: this.hide.value(message)
		});
		const id = 'method' in message && 'id' in message ? message.id : undefined;
		if (id !== undefined) this.#waiting.set(id, this.inFlight.begin());
		// A request the SDK gave up on (its timeout, an abort) will get no answer worth waiting for,
		// nor worth reading: its exchange is aborted once the cancel is on its way.
		let abandoned: Id | undefined;
		if ('method' in message && message.method === 'notifications/cancelled') {
			abandoned = (message.params as { requestId?: Id } | undefined)?.requestId;
			this.#answered(abandoned);
		}
		try {
			await this.inFlight.track(this.inner.send(message, options));
		} catch (error) {
			this.#answered(id);
			throw this.hide.error(error);
		} finally {
			if (abandoned !== undefined) this.abandon(abandoned);
		}
	}

	setProtocolVersion(version: string): void {
		this.protocolVersion = version;
		this.inner.setProtocolVersion(version);
	}

	/**
	 * The host closes the connection (reconnect, shutdown). Like OpenHarness's Python client
	 * (`terminate_on_close`), it ends the server's session with a DELETE first, best effort.
	 */
	async close(): Promise<void> {
		if (this.#closed || this.#leaving) return;
		this.#leaving = true;
		this.log.append({ server: this.server, kind: 'transport', event: 'close' });
		await this.inFlight.track(this.inner.terminateSession().catch(() => undefined));
		await this.inner.close();
	}

	/**
	 * `kill` on a live server (the card's Disconnect): the lab drops the connection and tells the
	 * server nothing, no DELETE. Kill stands for the harness losing a server process, which ends
	 * nothing politely; lab 08 has learners predict exactly this and find the session still at
	 * the server. Ending such a session is the server's job (the lab server expires it after 10
	 * idle minutes). The orderly path, `close` (reconnect, a world replaced, a server removed),
	 * sends DELETE.
	 */
	async kill(): Promise<void> {
		if (this.#closed || this.#leaving) return;
		this.#leaving = true;
		this.log.append({ server: this.server, kind: 'transport', event: 'close' });
		await this.inner.close();
	}

	/** A real server cannot be hung from here (the world refuses `hang` first). */
	markHung(): void {}

	/** From the observing fetch: one HTTP exchange. */
	exchanged(exchange: HttpExchange): void {
		if (exchange.method === 'POST') {
			this.last = exchange;
			if (exchange.rpc === 'initialize' && exchange.status >= 200 && exchange.status < 300) {
				this.sessionOnInitialize = exchange.sessionId;
				this.badSessionId = exchange.badSessionId === true;
			}
		}
		this.log.append({
			server: this.server,
			kind: 'transport',
			event: 'http',
			http: this.hide.value(exchange)
		});
	}

	/**
	 * From the observing fetch: an answer stream broke off, or ended (unresumable) without its
	 * answer, as when the server ends the session mid-call. If it was still to answer a request,
	 * the server went away mid-call: the connection closes under the client, as a pipe does
	 * when a process dies (the SDK alone would wait for its timeout).
	 */
	cut(ids: ReadonlyArray<Id>): void {
		if (this.#closed || this.#leaving || !ids.some((id) => this.#waiting.has(id))) return;
		this.#leaving = true;
		this.log.append({ server: this.server, kind: 'transport', event: 'dropped' });
		void this.inner.close();
	}

	#fromServer(message: JSONRPCMessage): void {
		if (this.#closed) return;
		this.spokeJsonRpc = true;
		this.meter?.count();
		const shown = this.hide.value(message);
		this.log.append({ server: this.server, kind: 'message', dir: 'to-host', message: shown });
		if ('id' in message && !('method' in message)) this.#answered(message.id);
		// Something arrived (a server's own request, a notification): the world looks again.
		this.inFlight.moved();
		this.onmessage?.(shown);
	}

	#answered(id: Id | undefined): void {
		if (id === undefined) return;
		const end = this.#waiting.get(id);
		this.#waiting.delete(id);
		end?.();
	}

	#closedUnderneath(): void {
		if (this.#closed) return;
		this.#closed = true;
		this.meter?.stop();
		for (const end of this.#waiting.values()) end();
		this.#waiting.clear();
		this.onclose?.();
	}
}
