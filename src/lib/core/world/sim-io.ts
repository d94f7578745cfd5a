import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { LazyJsonSchemaValidator } from '../validation/lazy-validator';
import { z } from 'zod';
import type { ConnectionIo, InitInfo, ResourceInfo, ToolInfo } from '../machines/types';
import { loadOutputCheck } from '../profiles/openharness/lazy-output-check';
import { defaultInputSchema } from '../profiles/openharness/strings';
import type { SimClock } from './clock';
import { MAX_PAGES } from './listing-pages';
import type { HostSide } from './host-side';
import { createSimServer } from './sim-server';
import type { SimProcess } from './sim-process';
import { withClockTimeout } from './timeout';
import { Wire, type WireLog } from './wire';

/**
 * tools/list read leniently: the SDK's own result schema requires `inputSchema`, but the lab
 * must show what a harness does with a tool that has none (OpenHarness defaults it).
 */
export const laxToolsPage = z.looseObject({
	tools: z.array(
		z.looseObject({
			name: z.string(),
			description: z.string().optional(),
			inputSchema: z.record(z.string(), z.unknown()).optional()
		})
	),
	nextCursor: z.string().optional()
});

export const resourcesPage = z.looseObject({
	resources: z.array(
		z.looseObject({ uri: z.string(), name: z.string(), description: z.string().nullish() })
	),
	nextCursor: z.string().optional()
});

/** What the io asks of a connection's wire: the simulated one, or a live server's (live-wire.ts). */
export interface HostWire extends Transport {
	/** The pipe has closed (the host closed it, or the other end died or dropped it). */
	readonly closed: boolean;
	markHung(): void;
	kill(event?: 'killed' | 'exited'): Promise<void>;
}

/** One open connection: the host's SDK Client, the wire under it, and the process it reaches. */
export interface Link {
	client: Client;
	wire: HostWire;
	protocolVersion: string;
	/** Every tools/list page this session received, in order (OpenHarness's result check). */
	listings?: Array<Array<{ name: string; outputSchema?: unknown }>>;
}

/** Opens the connections of live servers (live-io.ts, loaded only by worlds that have one). */
export interface LiveOpener {
	owns(server: string): boolean;
	open(server: string, host: HostSide | null): Promise<Link>;
}

type Listing = 'tools/list' | 'resources/list';
const NONE_UNREAD: readonly Listing[] = Object.freeze([]);

export const CLIENT_INFO = { name: 'mcp-lab-openharness', version: '1.0.0' };

/** The host's client options: what it declares, and the CSP-safe schema validator. */
export const clientOptions = (host: HostSide | null) => ({
	capabilities: host?.capabilities ?? {},
	jsonSchemaValidator: new LazyJsonSchemaValidator()
});

/** Wraps a simulated connection's in-memory pair (the contextual profile's per-run HTTP headers). */
export type PipeWrap = (server: string, pair: [Transport, Transport]) => [Transport, Transport];

/**
 * Connection I/O on the real SDK: a fresh in-memory linked pair per connection, the server end
 * served by the process's SDK Server, the client end wrapped by the wire.
 */
export class SimIo implements ConnectionIo {
	readonly links = new Map<string, Link>();
	/** Set by a profile whose simulated URL connections carry more than the bare pair. */
	pipes: PipeWrap | null = null;
	/** Sees each new simulated server's client (lab 09's pin tracker listens for list_changed). */
	onClient: ((client: Client, server: string) => void) | null = null;

	constructor(
		private readonly processes: Map<string, SimProcess>,
		private readonly clock: SimClock,
		private readonly log: WireLog,
		private readonly timeoutMs: () => number,
		/** A simulated process crashed by itself (a `crash` tool): the world kills it. */
		private readonly crashed: (server: string) => void = () => {},
		/** The host's capabilities and handlers; absent, the client declares none. */
		private readonly host: () => HostSide | null = () => null,
		private readonly live: () => LiveOpener | null = () => null
	) {}

	async open(server: string): Promise<void> {
		// connect_all on a server that has a session replaces it: close the old one first.
		await this.close(server);
		const live = this.live();
		if (live?.owns(server)) {
			this.links.set(server, await live.open(server, this.host()));
			return;
		}
		const process = this.processes.get(server);
		if (!process) throw new Error(`unknown server`);
		const pair: [Transport, Transport] = InMemoryTransport.createLinkedPair();
		const [clientEnd, serverEnd] = this.pipes?.(server, pair) ?? pair;
		const wire = new Wire(server, clientEnd, this.clock, this.log, process);
		if (process.state === 'killed') {
			// The command starts and exits at once: the pipe closes under the client.
			this.clock.schedule(0, () => void wire.kill('exited'));
		} else {
			await createSimServer(server, process.sim, () => this.crashed(server)).connect(serverEnd);
		}
		const client = new Client(CLIENT_INFO, clientOptions(this.host()));
		this.host()?.attach(client, server);
		this.onClient?.(client, server);
		const link: Link = { client, wire, protocolVersion: '' };
		// The client never exposes the negotiated version; the SDK hands it to the transport.
		wire.setProtocolVersion = (version: string) => {
			link.protocolVersion = version;
		};
		this.links.set(server, link);
	}

	async initialize(server: string): Promise<InitInfo> {
		const link = this.#link(server);
		await withClockTimeout(this.clock, this.timeoutMs(), (options) =>
			link.client.connect(link.wire, options)
		);
		const info = link.client.getServerVersion();
		return {
			protocolVersion: link.protocolVersion,
			serverName: info?.name ?? '',
			serverVersion: info?.version ?? '',
			instructions: link.client.getInstructions() ?? ''
		};
	}

	async listTools(server: string): Promise<ToolInfo[]> {
		const link = this.#link(server);
		const tools: ToolInfo[] = [];
		let cursor: string | undefined;
		// Until this listing ends: one that fails leaves nothing said of an earlier connect's.
		this.#unread(server, 'tools/list', undefined);
		for (let page = 0; page < this.#pages(); page++) {
			const result = await withClockTimeout(this.clock, this.timeoutMs(), (options) =>
				link.client.request(
					{ method: 'tools/list', params: cursor ? { cursor } : {} },
					laxToolsPage,
					options
				)
			);
			(link.listings ??= []).push(result.tools);
			// Loaded from here, so that it is there before any call needs it (World's #command).
			if (this.checksOutput && result.tools.some((tool) => tool.outputSchema)) {
				const tools = result.tools;
				// The check, and what its schemas need loaded (the pattern engine) before a call.
				this.outputCheck = (this.outputCheck ?? loadOutputCheck()).then(async (check) => {
					await check.prepare(tools);
					return check;
				});
			}
			for (const tool of result.tools)
				tools.push({
					name: tool.name,
					description: tool.description ?? '',
					inputSchema: this.#schemaOf(tool.inputSchema)
				});
			cursor = result.nextCursor;
			if (!cursor) break;
		}
		this.#unread(server, 'tools/list', cursor);
		return tools;
	}

	/** Whether the world's harness checks results (OpenHarness): no other world loads the check. */
	checksOutput = false;
	/** OpenHarness's result check, once a tool with an outputSchema has been listed. */
	outputCheck?: ReturnType<typeof loadOutputCheck>;

	/**
	 * OpenHarness's reading of a server at connect: `session.list_tools()` and
	 * `list_resources()` once each, so the first page only (a `nextCursor` is not followed), and
	 * `tool.inputSchema or {…}`, so an empty schema is taken as none. Other harnesses follow
	 * every page (up to MAX_PAGES) and keep the schema as sent.
	 */
	openHarnessListing = false;

	/**
	 * Per server, the listings whose last answer still had a `nextCursor` nobody followed, sorted.
	 * A new array only when it changes: the server views compare it by identity on every repaint.
	 */
	readonly #unreadPages = new Map<string, readonly Listing[]>();

	#unread(server: string, listing: Listing, cursor: string | undefined): void {
		const before = this.unreadPages(server);
		if (before.includes(listing) === !!cursor) return;
		const after = cursor ? [...before, listing].sort() : before.filter((l) => l !== listing);
		this.#unreadPages.set(server, after.length ? after : NONE_UNREAD);
	}

	/**
	 * The listings of this server's last connect whose pages were left unread: OpenHarness reads
	 * one page, the others stop after MAX_PAGES. What they held never reached the harness.
	 */
	unreadPages(server: string): readonly Listing[] {
		return this.#unreadPages.get(server) ?? NONE_UNREAD;
	}

	#pages(): number {
		return this.openHarnessListing ? 1 : MAX_PAGES;
	}

	#schemaOf(schema: Record<string, unknown> | undefined): Record<string, unknown> {
		const none = !schema || (this.openHarnessListing && Object.keys(schema).length === 0);
		return none ? defaultInputSchema() : schema;
	}

	async listResources(server: string): Promise<ResourceInfo[]> {
		const link = this.#link(server);
		const resources: ResourceInfo[] = [];
		let cursor: string | undefined;
		this.#unread(server, 'resources/list', undefined);
		for (let page = 0; page < this.#pages(); page++) {
			const result = await withClockTimeout(this.clock, this.timeoutMs(), (options) =>
				link.client.request(
					{ method: 'resources/list', params: cursor ? { cursor } : {} },
					resourcesPage,
					options
				)
			);
			// As OpenHarness records them: `resource.name or uri`, `resource.description or ""`.
			for (const r of result.resources)
				resources.push({ uri: r.uri, name: r.name || r.uri, description: r.description || '' });
			cursor = result.nextCursor;
			if (!cursor) break;
		}
		this.#unread(server, 'resources/list', cursor);
		return resources;
	}

	/**
	 * One request a learner sends from a panel (resources, prompts, log level), through the wire
	 * with the world's simulated timeout. The SDK client does not check the server's capabilities
	 * first (not strict), so an undeclared one is answered by the server: Method not found.
	 */
	async request<T extends AnySchema>(
		server: string,
		method: string,
		params: Record<string, unknown>,
		schema: T
	): Promise<SchemaOutput<T>> {
		const link = this.#link(server);
		return withClockTimeout(this.clock, this.timeoutMs(), (options) =>
			link.client.request({ method, params }, schema, options)
		);
	}

	/** notifications/roots/list_changed to every open connection. */
	async rootsChanged(): Promise<void> {
		for (const link of this.links.values())
			// A dead or never-initialised connection has nobody to tell; nothing crosses its wire.
			await link.client.sendRootsListChanged().catch(() => undefined);
	}

	async close(server: string): Promise<void> {
		const link = this.links.get(server);
		if (!link) return;
		this.links.delete(server);
		await link.wire.close();
		await link.client.close();
	}

	/**
	 * The host's session with this server runs on a pipe that has closed under it: the process
	 * died or was replaced (a restart), and no connect has opened another since.
	 */
	sessionClosed(server: string): boolean {
		return this.links.get(server)?.wire.closed ?? false;
	}

	/** The process stops reading: noted on its open pipe, if any. */
	markHung(server: string): void {
		this.links.get(server)?.wire.markHung();
	}

	/** The process dies (or is replaced): every pipe to it closes under its client. */
	async severProcess(server: string, event: 'killed' | 'exited'): Promise<void> {
		await this.links.get(server)?.wire.kill(event);
	}

	#link(server: string): Link {
		const link = this.links.get(server);
		if (!link) throw new Error('Not connected');
		return link;
	}
}
