import type {
	Transport,
	TransportSendOptions
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { masker, type Masker } from '../../live/secret-mask';
import type { RunHeaders } from '../../world/profile-extension';
import type { WireLog } from '../../world/wire';

/** A transport that hands everything to `inner`; subclasses change one direction. */
class Relay implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

	constructor(protected readonly inner: Transport) {}

	async start(): Promise<void> {
		this.inner.onmessage = (message, extra) => this.deliver(message, extra);
		this.inner.onclose = () => this.onclose?.();
		this.inner.onerror = (error) => this.onerror?.(error);
		await this.inner.start();
	}

	send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
		return this.inner.send(message, options);
	}

	close(): Promise<void> {
		return this.inner.close();
	}

	protected deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
		this.onmessage?.(message, extra);
	}
}

/** The server's end: every message arrives with the run's headers, as an HTTP server reads them. */
class ServerEnd extends Relay {
	constructor(
		inner: Transport,
		private readonly headers: Readonly<Record<string, string>>
	) {
		super(inner);
	}

	protected override deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
		super.deliver(message, { ...extra, requestInfo: { headers: { ...this.headers } } });
	}
}

/**
 * The host's end: each message the client writes is logged as the HTTP POST that would carry it,
 * with the run's headers as shown (secrets hidden). The in-memory pair stands in for Streamable
 * HTTP, so the answer shown is the one such a server gives: 200 with JSON for a request, 202 for
 * a notification or a response (the lab's simplification: no SSE stream). As a live connection
 * does, it hides the run's secret values in whatever the server sends back, before the wire log
 * or the harness keeps it.
 */
class HostEnd extends Relay {
	constructor(
		inner: Transport,
		private readonly server: string,
		private readonly shown: Readonly<Record<string, string>>,
		private readonly hide: Masker,
		private readonly log: WireLog
	) {
		super(inner);
	}

	protected override deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
		super.deliver(this.hide.value(message), extra);
	}

	override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
		await super.send(message, options);
		const request = 'method' in message && 'id' in message;
		this.log.append({
			server: this.server,
			kind: 'transport',
			event: 'http',
			http: {
				method: 'POST',
				rpc: 'method' in message ? message.method : 'response',
				status: request ? 200 : 202,
				contentType: request ? 'application/json' : '',
				sessionId: false,
				headers: { ...this.shown }
			}
		});
	}
}

/** Both ends of one simulated URL connection of a run. */
export function simHttpPair(
	server: string,
	pair: [Transport, Transport],
	headers: RunHeaders,
	log: WireLog
): [Transport, Transport] {
	return [
		new HostEnd(pair[0], server, headers.shown, masker(headers.secrets), log),
		new ServerEnd(pair[1], headers.sent)
	];
}
