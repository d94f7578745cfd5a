import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
	CreateMessageRequestSchema,
	ElicitRequestSchema,
	ListRootsRequestSchema,
	LoggingMessageNotificationSchema,
	type ClientCapabilities,
	type LoggingLevel,
	type Root
} from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_MODEL_REPLY, normaliseRoots } from '../scenario/host-defaults';
import type { HostSettings } from '../scenario/protocol-schema';
export { normaliseRoots };
import { boundJson, boundText } from '../text/bound';
import { BoundedList } from './bounded-list';
import type { SimClock } from './clock';
import { HostRequests, type HostRequest } from './host-requests';
import { maskSecrets } from './mask';

export interface ServerLogEntry {
	seq: number;
	t: number;
	server: string;
	level: LoggingLevel;
	logger: string;
	/** The message's data as JSON, secrets masked, bounded. */
	text: string;
	omitted: number;
}

export const LOG_WINDOW = 500;
const LOG_TEXT = 2000;

/** The client capabilities a host block declares; no block declares none (OpenHarness). */
export function clientCapabilities(host: HostSettings | undefined): ClientCapabilities {
	if (!host) return {};
	const e = host.elicitation;
	const elicitation =
		e === true
			? { form: {}, url: {} }
			: e
				? { ...(e.form ? { form: {} } : {}), ...(e.url ? { url: {} } : {}) }
				: null;
	return {
		...(host.sampling ? { sampling: {} } : {}),
		...(elicitation && Object.keys(elicitation).length ? { elicitation } : {}),
		...(host.roots ? { roots: { listChanged: true } } : {})
	};
}

/**
 * The harness as an MCP host, beyond tools: what it declares, the handlers it registers on each
 * SDK Client for requests servers send it, the roots it exposes and the log lines it collects.
 */
export class HostSide {
	readonly capabilities: ClientCapabilities;
	readonly requests: HostRequests;
	#roots: Root[];
	readonly #logs = new BoundedList<ServerLogEntry>(LOG_WINDOW);
	#logSeq = 0;

	constructor(
		settings: HostSettings | undefined,
		private readonly clock: SimClock,
		changed: (request: HostRequest, moved: boolean) => void,
		private readonly logged: () => void
	) {
		this.capabilities = clientCapabilities(settings);
		this.#roots = normaliseRoots(settings?.roots);
		this.requests = new HostRequests(clock, settings?.modelReply ?? DEFAULT_MODEL_REPLY, changed);
	}

	get roots(): readonly Root[] {
		return this.#roots;
	}

	set roots(roots: readonly Root[]) {
		this.#roots = [...roots];
	}

	get logs(): readonly ServerLogEntry[] {
		return this.#logs.items;
	}

	/**
	 * Registers the handlers for what this host declared. The SDK refuses a handler for an
	 * undeclared capability, so without one the server's request gets the protocol's own
	 * Method not found — which is exactly the failure a learner should see.
	 */
	attach(client: Client, server: string): void {
		const c = this.capabilities;
		if (c.sampling)
			client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
				this.requests.sampling(server, request.params, extra.signal)
			);
		if (c.elicitation)
			client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
				this.requests.elicitation(server, request.params, extra.signal)
			);
		if (c.roots)
			client.setRequestHandler(ListRootsRequestSchema, () =>
				this.requests.roots(server, this.#roots)
			);
		// Logging needs no client capability: a server that declares it may send these anyway.
		client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
			const { level, logger, data } = notification.params;
			const shown = boundJson(maskSecrets(data), LOG_TEXT, 0);
			this.#logs.push({
				seq: ++this.#logSeq,
				t: this.clock.now,
				server,
				level,
				logger: boundText(logger ?? '', 200).text,
				text: shown.text,
				omitted: shown.omitted
			});
			this.logged();
		});
	}
}
