import type { ConnectionContext } from '../machines/connection.machine';
import type { BuiltRegistry, ConnectionFacts } from '../registry/registry';
import type { ProfileId, Scenario } from '../scenario/schema';
import type { CallRecord } from './calls';
import type { SimClock } from './clock';
import type { NewWorldEvent } from './events';
import type { Link, PipeWrap } from './sim-io';
import type { WireLog } from './wire';

/**
 * A harness profile beyond OpenHarness and ToolSource (trust, miniharness, contextual): its own
 * registry policy, call pipeline, commands and state, on the same real SDK world (the same
 * simulated servers, connection actors, wire log and clock). Loaded only by worlds that run it,
 * so other pages do not carry its code.
 */
export interface ProfileExtension {
	/** The profile's calls; the world routes every call-related command here. */
	readonly calls: ProfileCalls;
	/** What the model sees, built when the session starts (the manager's `build`). */
	build(connections: ConnectionFacts[]): BuiltRegistry;
	/** Whether connect_all connects this server now (trust: only trusted connectors). */
	connects?(server: string): boolean;
	/** The model proposes a call; returns its id. Throw WorldCommandError to refuse the command. */
	start(name: string, args: Record<string, unknown>, built: BuiltRegistry | null): string;
	/**
	 * A learner's profile command (`{do:'profile', command, args}` in the action log). Throw
	 * WorldCommandError with a sentence for a command the profile does not know or refuses.
	 */
	command(name: string, args: Record<string, unknown>): void | Promise<void>;
	/** The profile's own state for panels, lab goals (`{profile:{path}}`) and the embed snapshot. */
	view(): ProfileView;
	/** A server's state in the profile's own words (embed-api.md: trust says `disconnected`…). */
	serverState?(server: string, connection: ConnectionContext): string;
	/**
	 * The profile's own failure text for a server it failed or refused (MiniHarness: `Unknown MCP
	 * transport type: ws`; contextual: why it refuses the definition), where the connection
	 * itself has none: embed-api.md's `detail` is the profile's exact failure text.
	 */
	serverDetail?(server: string, connection: ConnectionContext): string | undefined;
	/** The learner closes the session (closeSession), before the world closes every connection. */
	sessionClosed?(): void;
	/** True while the profile has work of its own in flight (keeps the world settling). */
	readonly busy?: boolean;
	/**
	 * The extra request headers of a live server's connection opening now (contextual: the
	 * current run's), read at each open; undefined sends the scenario's and the page's only.
	 */
	liveHeaders?(server: string): RunHeaders | undefined;
	/** The world is disposed. */
	dispose?(): void;
}

/** One server's request headers in a contextual run: as sent, as shown, the secret values. */
export interface RunHeaders {
	sent: Readonly<Record<string, string>>;
	/** Secret values replaced by the mask: what the wire log and panels show. */
	shown: Readonly<Record<string, string>>;
	/** Only these are hidden (a user id is not a secret), wherever they appear. */
	secrets: readonly string[];
}

/** The world's call list, as any profile keeps it. */
export interface ProfileCalls {
	readonly records: readonly CallRecord[];
	readonly busy: boolean;
	find(id: string): CallRecord | undefined;
	inFlight(): Iterable<CallRecord>;
	/** The person answers a call waiting for approval. */
	answer(id: string, approve: boolean): void;
	stopAll(): void;
}

/** JSON-like data; `profile` says which profile's view it is. */
export interface ProfileView {
	profile: ProfileId;
	[key: string]: unknown;
}

/** What a world gives its profile extension. */
export interface ProfileHost {
	readonly clock: SimClock;
	readonly scenario: Scenario;
	readonly wire: WireLog;
	/** The world's request timeout in simulated ms (options.timeoutMs, default 30 s). */
	readonly timeoutMs: number;
	/** Server names in config order. */
	serverNames(): string[];
	/** A server's connection as its actor holds it (status, detail, tools, init). */
	connection(server: string): ConnectionContext | undefined;
	/**
	 * The connection actor's state as the server card names it (`connecting.initializing`,
	 * `closing`, `connected`…): the status alone does not tell connecting from closed.
	 */
	phase(server: string): string | undefined;
	/** The server's SDK client, if the connection is `connected`. */
	connected(server: string): Link | null;
	/** Connect one server now (its connection actor gets CONNECT; the world settles after). */
	connect(server: string): void;
	/**
	 * Settles once the server's connection has left `pending` (connected or failed; its timeout
	 * guarantees it does), or its actor stopped with the world: a wait on the actor itself, as a
	 * paced page can take real seconds to reach a 30 s timeout.
	 */
	settled(server: string): Promise<void>;
	/** Close one server's connection (back to `pending`, tools cleared by the actor). */
	close(server: string): void;
	/** Runs a tools/call, counted as executing on that server (host requests park it). */
	executingOn<T>(server: string, request: () => Promise<T>): Promise<T>;
	/** Logs an event; the world stamps the object itself (seq, t): pass a new one each time. */
	emit(event: NewWorldEvent): void;
	changed(): void;
	/** Wraps every simulated connection opened from now on (contextual: per-run HTTP headers). */
	wrapPipes(wrap: PipeWrap | null): void;
	/** The manager's start-up: connect_all (servers `connects` takes), then `build` (contextual: a run). */
	startSession(): void;
}

export type ExtensionProfile = 'trust' | 'miniharness' | 'contextual';

export type ExtensionModule = {
	createExtension(host: ProfileHost): ProfileExtension;
};
