import type { ConnectionContext } from '../machines/connection.machine';
import type { ConnectionStatus } from '../machines/types';
import type { LiveProblem } from '../live/live-errors';
import { isLiveServer } from '../live/live-servers';
import type { MergedServer } from '../scenario/plugins';
import type { ServerConfig } from '../scenario/schema';
import type { LiveIo } from './live-io';
import { stateString, type ConnectionRef, type ManagerActor } from './manager-actor';
import type { ProfileExtension } from './profile-extension';
import type { SimIo } from './sim-io';
import type { SimProcess } from './sim-process';

export interface ServerView {
	name: string;
	config: ServerConfig;
	transport: ServerConfig['type'];
	status: ConnectionStatus;
	detail: string;
	process: SimProcess['state'];
	/** Extra simulated ms on every answer of this server (the delay fault). */
	delayMs: number;
	/**
	 * The harness's session runs on a pipe that closed under it: the process died or was
	 * replaced (a restart), or a live connection was dropped, and no connect opened another.
	 */
	sessionClosed: boolean;
	/** OpenHarness: `env` non-empty for stdio, `headers` non-empty for http/ws. */
	authConfigured: boolean;
	/** The plugin that contributed this server, or null for the settings' own servers. */
	plugin: string | null;
	/** The status in the profile's own words (trust: `disconnected`, `trusted`…; else `status`). */
	state: string;
	/** The connection actor's machine state, e.g. `connecting.initializing`. */
	machineState: string;
	connection: ConnectionContext;
	/**
	 * A live server (connected for real; `process` then stays `running`), else null. `flooding`:
	 * it sends more than FLOOD_PER_SECOND messages a second now (core/live/flood.ts).
	 */
	live: {
		url: string;
		problem: LiveProblem | null;
		flooding: boolean;
		/** Listings whose pages the harness left unread (`SimIo.unreadPages`), sorted. */
		unreadPages: readonly string[];
	} | null;
}

/**
 * The servers as a page shows them. A server whose state did not change keeps the same view
 * object, so a page re-renders only the cards that changed.
 */
export class ServerViews {
	readonly #cache = new Map<string, { snapshot: unknown; view: ServerView }>();
	readonly #configs: ReadonlyMap<string, MergedServer>;
	readonly #processes: ReadonlyMap<string, SimProcess>;
	readonly #manager: ManagerActor;
	readonly #io: SimIo;
	/** The profile and live parts, null while they load (or for worlds without them). */
	readonly #extension: () => ProfileExtension | null;
	readonly #live: () => LiveIo | null;

	constructor(
		configs: ReadonlyMap<string, MergedServer>,
		processes: ReadonlyMap<string, SimProcess>,
		manager: ManagerActor,
		io: SimIo,
		extension: () => ProfileExtension | null,
		live: () => LiveIo | null
	) {
		this.#configs = configs;
		this.#processes = processes;
		this.#manager = manager;
		this.#io = io;
		this.#extension = extension;
		this.#live = live;
	}

	/** Servers in config order (the UI sorts where the profile does). */
	list(): ServerView[] {
		const connections = this.#manager.getSnapshot().context.connections;
		const live = this.#live();
		return [...this.#configs.keys()].map((name) => {
			const snapshot = connections[name].getSnapshot();
			const process = this.#processes.get(name);
			const cached = this.#cache.get(name);
			if (
				cached &&
				cached.snapshot === snapshot &&
				// A profile's word may change without the connection (trust: a connector trusted).
				cached.view.state === this.#state(name, snapshot.context) &&
				cached.view.detail === this.#detail(name, snapshot.context) &&
				cached.view.process === (process?.state ?? 'running') &&
				cached.view.delayMs === (process?.delayMs ?? 0) &&
				cached.view.sessionClosed === this.#io.sessionClosed(name) &&
				(cached.view.live?.problem ?? null) === (live?.problem(name) ?? null) &&
				(cached.view.live?.flooding ?? false) === (live?.flooding(name) ?? false) &&
				(cached.view.live?.unreadPages ?? this.#io.unreadPages(name)) === this.#io.unreadPages(name)
			)
				return cached.view;
			const view = this.#view(name, snapshot, live);
			this.#cache.set(name, { snapshot, view });
			return view;
		});
	}

	#view(
		name: string,
		snapshot: ReturnType<ConnectionRef['getSnapshot']>,
		live: LiveIo | null
	): ServerView {
		const { config, plugin } = this.#configs.get(name)!;
		const process = this.#processes.get(name);
		const c = snapshot.context;
		return {
			name,
			config,
			transport: config.type,
			status: c.status,
			state: this.#state(name, c),
			detail: this.#detail(name, c),
			process: process?.state ?? 'running',
			delayMs: process?.delayMs ?? 0,
			sessionClosed: this.#io.sessionClosed(name),
			authConfigured:
				config.type === 'stdio'
					? Object.keys(config.env ?? {}).length > 0
					: Object.keys(config.headers ?? {}).length > 0,
			machineState: stateString(snapshot.value),
			plugin,
			connection: c,
			live: isLiveServer(config)
				? {
						url: config.url,
						problem: live?.problem(name) ?? null,
						flooding: live?.flooding(name) ?? false,
						unreadPages: this.#io.unreadPages(name)
					}
				: null
		};
	}

	/** The status in the profile's own words, as `World.serverState` says it. */
	#state(name: string, connection: ConnectionContext): string {
		return this.#extension()?.serverState?.(name, connection) ?? connection.status;
	}

	/**
	 * A server's failure text: the profile's own where it has one (embed-api.md: `detail` is the
	 * profile's exact failure text, e.g. MiniHarness's `MCP initialize timed out` over the SDK's
	 * `Request timed out`), else the connection's.
	 */
	#detail(name: string, connection: ConnectionContext): string {
		return this.#extension()?.serverDetail?.(name, connection) || connection.detail;
	}
}
