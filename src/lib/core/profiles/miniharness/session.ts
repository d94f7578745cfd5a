import type { ToolInfo } from '../../machines/types';
import type { RegisteredTool } from '../../registry/registry';
import type { ProfileHost } from '../../world/profile-extension';
import type { Link } from '../../world/sim-io';
import { Checkpoints } from './checkpoints';
import type { MiniHarnessConfig } from './config';
import type { Approval } from './executor';
import { byPriority, priorityOf, routeTools, transportOf, type Route } from './routing';
import { SchemaCache } from './schema-cache';
import { clientClosed, initializeFailed, initializeTimedOut, timedOut } from './strings';

/** MiniHarness's defaults where the scenario's block says nothing. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_SCHEMA_TTL_MS = 60_000;
export const DEFAULT_USER = 'learner';

/** One MCPClient's lifecycle: `closed` is final (MiniHarness never reopens a closed client). */
export type ClientState = 'new' | 'initializing' | 'initialized' | 'failed' | 'closed';

/** What initialize negotiated, kept from the real handshake. */
export interface Metadata {
	protocolVersion: string;
	capabilities: Record<string, unknown>;
	serverName: string;
	serverVersion: string;
}

export interface MiniClient {
	server: string;
	priority: number;
	/** The config's type as MiniHarness reads it (`http` → `streamable_http`), or the raw type. */
	transport: string;
	state: ClientState;
	error: string;
	metadata: Metadata | null;
	/** The SDK client this MCPClient owns from its initialize on. */
	link: Link | null;
	tools: ToolInfo[];
	/** initialize handshakes this client started (idempotence: at most one that succeeded). */
	handshakes: number;
}

export type SessionState = 'not_started' | 'initializing' | 'initialized' | 'closed';

/**
 * The MCP registry of one MiniHarness session: a client per server, initialized in priority
 * order when the world's session starts, closed for good when it closes.
 */
export class MiniSession {
	readonly id = 's1';
	readonly user: string;
	readonly timeoutMs: number;
	readonly cache: SchemaCache;
	readonly checkpoints = new Checkpoints();
	readonly approvals: Approval[] = [];
	/** Each time an expired schema was listed again before a call. */
	/** Calls answered from a completed checkpoint, without a tools/call. */
	readonly replayed: string[] = [];
	readonly relisted: Array<{ server: string; tool: string; at: number }> = [];
	readonly clients = new Map<string, MiniClient>();
	state: SessionState = 'not_started';
	/** How many times the world started this session (startSession). */
	starts = 0;
	routes: Route[] = [];
	#disposed = false;

	constructor(
		private readonly host: ProfileHost,
		readonly config: MiniHarnessConfig
	) {
		this.user = config.user ?? DEFAULT_USER;
		this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		this.cache = new SchemaCache(config.schemaTtlMs ?? DEFAULT_SCHEMA_TTL_MS);
		for (const server of byPriority(host.serverNames(), config)) {
			const type = host.connection(server)?.transport ?? '';
			const transport = transportOf(type);
			this.clients.set(server, {
				server,
				priority: priorityOf(config, server),
				transport: transport.ok ? transport.transport : type,
				state: 'new',
				error: '',
				metadata: null,
				link: null,
				tools: [],
				handshakes: 0
			});
		}
	}

	route(name: string): Route | undefined {
		return this.routes.find((r) => r.name === name);
	}

	/** What the model sees: the routing table, raw names. */
	tools(): RegisteredTool[] {
		return this.routes.map((r) => {
			const tool = this.clients.get(r.server)!.tools.find((t) => t.name === r.name)!;
			return {
				name: r.name,
				server: r.server,
				tool: r.name,
				description: tool.description,
				inputSchema: tool.inputSchema,
				readOnly: false
			};
		});
	}

	/**
	 * `initialize` on every client, highest priority first, then tools/list; a failing server is
	 * skipped. Idempotent: an initialized client sends nothing again; a closed one stays closed.
	 */
	async discover(): Promise<void> {
		this.starts++;
		this.#noticeClosed();
		if (this.state !== 'closed') this.state = 'initializing';
		for (const client of this.clients.values()) {
			if (client.state === 'initialized') continue;
			if (client.state === 'closed') {
				client.error = clientClosed;
				continue;
			}
			const transport = transportOf(client.transport);
			if (!transport.ok) {
				this.#fail(client, transport.error);
				continue;
			}
			client.state = 'initializing';
			client.handshakes++;
			this.host.connect(client.server);
			this.host.changed();
			await this.host.settled(client.server);
			if (this.#disposed) return;
			this.#took(client);
		}
		if (this.state === 'initializing') this.state = 'initialized';
		this.routes = routeTools([...this.clients.values()].filter((c) => c.state === 'initialized'));
		this.host.changed();
	}

	/** The world closed its session: every client is closed, for good (close is idempotent). */
	close(): void {
		if (this.state === 'closed') return;
		this.state = 'closed';
		for (const client of this.clients.values()) {
			client.state = 'closed';
			client.link = null;
		}
	}

	/** The session's view of itself, checked whenever it is read or used. */
	sync(): void {
		this.#noticeClosed();
	}

	dispose(): void {
		this.#disposed = true;
	}

	/**
	 * A closed world session shows as the clients' connections gone back to `pending` with no
	 * handshake: the world closed them (closeSession), so this session's clients are closed.
	 */
	#noticeClosed(): void {
		if (this.state !== 'initialized') return;
		for (const client of this.clients.values()) {
			if (client.state !== 'initialized') continue;
			const connection = this.host.connection(client.server);
			if (connection && connection.status === 'pending' && connection.init === null)
				return this.close();
		}
	}

	#took(client: MiniClient): void {
		const connection = this.host.connection(client.server);
		const link = this.host.connected(client.server);
		if (connection?.status === 'connected' && connection.init && link) {
			client.state = 'initialized';
			client.error = '';
			client.link = link;
			client.tools = connection.tools;
			// A copy: the panel and the embed snapshot get plain data, not the SDK's object.
			const capabilities = JSON.parse(JSON.stringify(link.client.getServerCapabilities() ?? {}));
			client.metadata = {
				protocolVersion: connection.init.protocolVersion,
				capabilities,
				serverName: connection.init.serverName,
				serverVersion: connection.init.serverVersion
			};
			this.cache.store(client.server, connection.tools, this.host.clock.now);
			this.host.emit({
				kind: 'profile',
				profile: 'miniharness',
				event: 'initialized',
				params: {
					server: client.server,
					version: connection.init.protocolVersion,
					tools: String(connection.tools.length)
				}
			});
			return;
		}
		const detail = connection?.detail ?? '';
		const timeout = detail.includes('Request timed out');
		if (!connection?.init)
			this.#fail(client, timeout ? initializeTimedOut : initializeFailed(detail));
		else this.#fail(client, timeout ? timedOut('tools/list') : detail);
	}

	#fail(client: MiniClient, error: string): void {
		client.state = 'failed';
		client.error = error;
		client.link = null;
		this.host.emit({
			kind: 'profile',
			profile: 'miniharness',
			event: 'skipped',
			params: { server: client.server, error }
		});
	}
}
