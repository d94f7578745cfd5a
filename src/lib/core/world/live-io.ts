import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { FLOOD_PER_SECOND, FloodMeter, type FloodClock } from '../live/flood';
import { observingFetch } from '../live/http-observer';
import { InFlight } from '../live/in-flight';
import {
	browserLocalNetworkEnv,
	localNetworkBlock,
	type LocalNetworkEnv
} from '../live/local-network';
import type { LiveServer } from '../live/live-servers';
import {
	classifyLiveError,
	isLocalMcpError,
	needsProbe,
	type LiveProblem
} from '../live/live-errors';
import { headerSecrets, masker, type Masker } from '../live/secret-mask';
import { WorldCommandError } from './events';
import type { HostSide } from './host-side';
import type { RunHeaders } from './profile-extension';
import { LiveClient } from './live-client';
import { LiveWire } from './live-wire';
import { clientOptions, type Link, type LiveOpener } from './sim-io';
import type { WireLog } from './wire';

/** What the page holds in memory for one live server: never in the scenario, a link or a log. */
export interface LiveSecrets {
	/** Sent as `Authorization: Bearer <token>`. */
	token?: string;
	/** Extra request headers (their values are masked like the token). */
	headers?: Record<string, string>;
}

/** The page's secrets for a server, asked with the URL about to be fetched (they are bound to it). */
export type LiveSecretsProvider = (server: string, url: string) => LiveSecrets | undefined;

export interface LiveIoOptions {
	log: WireLog;
	/** Wall-clock ms before a live request fails (the world's `liveTimeoutMs`). */
	timeoutMs: number;
	secrets?: LiveSecretsProvider;
	/** A profile's headers for the connection opening now (contextual: the current run's). */
	runHeaders?: (server: string) => RunHeaders | undefined;
	/** A problem was classified, or a flood began or ended (the world re-renders). */
	changed: () => void;
	/** A server began to send more than FLOOD_PER_SECOND messages a second (flood.ts). */
	flooded?: (server: string, perSecond: number) => void;
	/** Real time, to measure floods in; without it they are not measured. */
	realTime?: FloodClock;
	/** The network; the page's `fetch` unless a test gives another. */
	fetch?: typeof fetch;
	/** What the browser allows towards the reader's machine; the page's own unless a test gives it. */
	localNetwork?: LocalNetworkEnv | null;
}

/**
 * A world command a live server cannot take, with a key and parameters the UI translates
 * (`m[key](params)`); the English sentence is the message.
 */
export class LiveCommandError extends WorldCommandError {
	constructor(
		message: string,
		override readonly key: 'live_refuses_hang' | 'live_refuses_delay',
		override readonly params: { server: string }
	) {
		super(message, key, params);
	}
}

/**
 * Live connections of one world: each open makes a fresh Streamable HTTP transport to the
 * server's URL (headers from the scenario, a contextual run and the in-memory secrets), wrapped
 * in a live wire.
 * Loaded only by worlds that have a live server.
 */
export class LiveIo implements LiveOpener {
	readonly #inFlight = new InFlight();
	readonly #problems = new Map<string, LiveProblem>();
	/** Servers sending faster than the page can show, now. */
	readonly #flooding = new Set<string>();

	constructor(
		private readonly servers: ReadonlyMap<string, LiveServer>,
		private readonly options: LiveIoOptions
	) {}

	owns(server: string): boolean {
		return this.servers.has(server);
	}

	/** Live requests and exchanges under way: the world waits for them in real time. */
	get inFlight(): number {
		return this.#inFlight.count;
	}

	/** Resolves when live I/O moves (an answer, a failure, a message from a server). */
	progress(): Promise<void> {
		return this.#inFlight.next();
	}

	/** The last problem this server's connection met; null once it connects or answers again. */
	problem(server: string): LiveProblem | null {
		return this.#problems.get(server) ?? null;
	}

	/** Whether the server's open connection sends more than FLOOD_PER_SECOND messages a second. */
	flooding(server: string): boolean {
		return this.#flooding.has(server);
	}

	refuse(command: 'hang' | 'delay', server: string): LiveCommandError {
		return command === 'hang'
			? new LiveCommandError(
					`'${server}' is a live server: the lab cannot make a real server stop answering. Disconnect drops the lab's connection to it instead.`,
					'live_refuses_hang',
					{ server }
				)
			: new LiveCommandError(
					`'${server}' is a live server: the lab cannot slow a real server's answers (delay works on simulated servers).`,
					'live_refuses_delay',
					{ server }
				);
	}

	async open(server: string, host: HostSide | null): Promise<Link> {
		const { url, headers } = this.servers.get(server)!;
		const secrets = this.options.secrets?.(server, url) ?? {};
		const run = this.options.runHeaders?.(server);
		// The page's secrets are hidden whole; the scenario's headers where their name says secret;
		// a run's only where it says so (its user id is no secret).
		const hide = masker([
			...headerSecrets(headers, false),
			...headerSecrets(secrets.headers ?? {}, true),
			secrets.token,
			...(run?.secrets ?? [])
		]);
		const network = this.options.fetch ?? fetch;
		let target: URL;
		const sent = new Headers();
		try {
			target = new URL(url);
			// The page's own secrets last: what the person typed for this server wins.
			for (const [name, value] of Object.entries({ ...headers, ...run?.sent, ...secrets.headers }))
				sent.set(name, value);
			if (secrets.token) sent.set('Authorization', `Bearer ${secrets.token}`);
		} catch (error) {
			// A bad URL or header value (the message may quote the value: it is masked).
			throw await this.#failed(server, null, hide, network, url, [], error);
		}
		const observed = observingFetch(network, this.options.timeoutMs, {
			// As a simulated run's requests show them; every exchange carries the same headers.
			exchanged: (exchange) =>
				wire.exchanged(run ? { ...exchange, headers: { ...run.shown } } : exchange),
			cut: (ids) => wire.cut(ids)
		});
		const transport = new StreamableHTTPClientTransport(target, {
			requestInit: { headers: sent },
			fetch: observed
		});
		const clock = this.options.realTime;
		const meter =
			clock &&
			new FloodMeter((flooding) => {
				if (flooding) {
					this.#flooding.add(server);
					this.options.flooded?.(server, FLOOD_PER_SECOND);
				} else this.#flooding.delete(server);
				this.options.changed();
			}, clock);
		const wire = new LiveWire(
			server,
			transport,
			this.options.log,
			this.#inFlight,
			hide,
			(id) => observed.abandon(id),
			meter ?? null
		);
		const client = new LiveClient(clientOptions(host), {
			timeoutMs: this.options.timeoutMs,
			failed: (error) => this.#failed(server, wire, hide, network, url, [...sent.keys()], error),
			answered: () => this.#solved(server)
		});
		host?.attach(client, server);
		return {
			client,
			wire,
			get protocolVersion() {
				return wire.protocolVersion;
			}
		};
	}

	/** The server answered: the problem its connection met (a 401, a timeout) is over. */
	#solved(server: string): void {
		if (this.#problems.delete(server)) this.options.changed();
	}

	/** Classifies a failure (probing the URL when only that can tell) and returns it masked. */
	async #failed(
		server: string,
		wire: LiveWire | null,
		hide: Masker,
		network: typeof fetch,
		url: string,
		sentHeaders: readonly string[],
		error: unknown
	): Promise<unknown> {
		hide.error(error);
		// A server's own JSON-RPC error is its answer, not a connection problem.
		if (error instanceof McpError && !isLocalMcpError(error)) return error;
		// A session id with control characters explains the failure already: no probe.
		const reachable =
			needsProbe(error) && !wire?.badSessionId
				? await this.#inFlight.track(probe(network, url, this.options.timeoutMs))
				: undefined;
		// Nothing answered: before saying "start the server", ask whether the browser refused.
		const env =
			this.options.localNetwork === undefined
				? browserLocalNetworkEnv()
				: this.options.localNetwork;
		const localNetwork =
			reachable === false && env
				? await this.#inFlight.track(localNetworkBlock(new URL(url), env))
				: null;
		this.#problems.set(
			server,
			classifyLiveError(error, {
				last: wire?.last ?? null,
				sessionOnInitialize: wire?.sessionOnInitialize ?? null,
				badSessionId: wire?.badSessionId ?? false,
				reachable,
				localNetwork,
				// Names only: a CORS sentence must name the custom header the server did not allow.
				sentHeaders,
				spokeJsonRpc: wire?.spokeJsonRpc ?? false
			})
		);
		this.options.changed();
		return error;
	}
}

/**
 * In a browser a refused connection and a CORS refusal both surface as `Failed to fetch`. A
 * `no-cors` request tells them apart: it resolves (opaque) when something answers, and fails
 * when nothing does. It carries no headers, so no secret.
 */
async function probe(network: typeof fetch, url: string, timeoutMs: number): Promise<boolean> {
	try {
		const response = await network(url, {
			mode: 'no-cors',
			signal: AbortSignal.timeout(timeoutMs)
		});
		await response.body?.cancel();
		return true;
	} catch {
		return false;
	}
}
