import { createActor, type Subscription } from 'xstate';
import { connectionWithIo, listsResourcesIn } from '../machines/connection.machine';
import { managerMachine } from '../machines/manager.machine';
import { callEnded, CallRunner, type CallRecord, type CallSettings } from './calls';
import type { ToolSourceBinding } from './toolsource-binding';
import type { ProfileExtension, ProfileView } from './profile-extension';
import { ExecutingCalls } from './executing-calls';
import { ExecuteStage } from './execute-stage';
import { isExtensionProfile } from './profile-loaders';
import { OnDemand } from './on-demand';
import type { Reconciliation } from './toolsource-journal';
import type { PermissionMode } from '../profiles/openharness/permissions';
import {
	buildRegistry,
	type RegisteredTool,
	type Shadowed,
	type RegistryEntry
} from '../registry/registry';
import type { Scenario } from '../scenario/schema';
import { effectiveSim } from '../scenario/well-known';
import {
	enabledPluginTools,
	mergeServers,
	type MergedServer,
	type SkippedServer
} from '../scenario/plugins';
import { SimClock } from './clock';
import { refusal } from './command-errors';
import type { CommandName, NewWorldEvent, WorldEvent } from './events';
import { SimIo } from './sim-io';
import { SimProcess } from './sim-process';
import { macrotask } from './timeout';
import { DEFAULT_TIMEOUT_MS, type WorldOptions } from './world-options';
import { WireLog } from './wire';
import { perform, type LoggedAction, type WorldAction } from './actions';
import { CommandQueue } from './command-queue';
import { BoundedList } from './bounded-list';
import type { HostSide, ServerLogEntry } from './host-side';
import type { ElicitationAnswer, HostRequest, SamplingAnswer } from './host-requests';
import type { ProtocolRunner, ProtocolResult } from './protocol-results';
import { HostCommands, protocolRunner } from './host-commands';
import { isLiveServer, liveServers } from '../live/live-servers';
import type { LiveIo } from './live-io';
import type { PinTracker, PinsView } from '../pins/pin-tracker';
import { watchToolsChanged } from './list-changed';
import type { ManagerActor } from './manager-actor';
import { RegistryRecord, type RegistrySnapshot } from './registry-record';
import { StatusRecord } from './status-record';
import { ServerViews, type ServerView } from './server-views';

export { DEFAULT_TIMEOUT_MS, type WorldOptions } from './world-options';
export type { CallRecord } from './calls';
export type { RegistrySnapshot } from './registry-record';
export type { ServerView } from './server-views';

const MAX_EVENTS = 2000;

export class World {
	readonly clock = new SimClock();
	readonly wire: WireLog;
	readonly #processes = new Map<string, SimProcess>();
	readonly #configs: Map<string, MergedServer>;
	/** Plugin servers the merge left out (plugin disabled, or key already taken). */
	readonly skippedPluginServers: SkippedServer[];
	readonly #io: SimIo;
	/** The harness as an MCP host: its capabilities, the requests servers sent it, their logs. */
	#host: HostSide | null = null;
	/** Live servers' connections; their code loads only for worlds that have one. */
	#live: LiveIo | null = null;
	/** The learner's own requests (resources, prompts, log level) and their answers. */
	readonly #protocol: ProtocolRunner;
	/** The commands that answer servers' requests, set roots, or send the learner's own. */
	readonly #hostCommands: HostCommands;
	readonly #executing = new ExecutingCalls();
	readonly #manager: ManagerActor;
	readonly #idle: () => Promise<void>;
	readonly #pace: ((simMs: number) => Promise<void>) | undefined;
	readonly #timeoutMs: number;
	readonly #listeners = new Set<() => void>();
	readonly #subscriptions: Subscription[] = [];
	readonly #events = new BoundedList<WorldEvent>(MAX_EVENTS);
	#eventSeq = 0;
	readonly #calls: CallRunner;
	readonly #callSettings: CallSettings;
	/** The ToolSource profile's calls, journal and restart; null for other profiles. */
	#toolsource: ToolSourceBinding | null = null;
	/** A trust, miniharness or contextual profile (profile-extension.ts); null for the others. */
	#extension: ProfileExtension | null = null;
	/** Lab 09's definition pins (scenario `pins`), loaded only by worlds that ask for them. */
	#pins: PinTracker | null = null;
	/** Loads the parts that only some worlds have (host side, live, profiles, pins…) and waits. */
	readonly #onDemand: OnDemand;
	/** OpenHarness's execute stage: tools/call on the wire, and its built-in resource tools. */
	readonly #execute: ExecuteStage;
	/** Calls already reported as waiting for approval. */
	readonly #askedFor = new Set<string>();
	readonly #views: ServerViews;
	readonly #registry: RegistryRecord;
	readonly #commands: CommandQueue;
	readonly #statuses: StatusRecord;
	#disposed = false;
	/** Bumped on every change; the UI re-reads when it moves. */
	version = 0;

	constructor(
		readonly scenario: Scenario,
		options: WorldOptions = {}
	) {
		// What the world's parts are given to say something happened (one closure each, shared).
		const emit = (event: NewWorldEvent) => this.#emit(event);
		const changed = () => this.#changed();
		this.#idle = options.idle ?? macrotask;
		this.#pace = options.pace;
		this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		this.#commands = new CommandQueue(this.clock);
		this.wire = new WireLog(this.clock, changed, options.wireWindow);
		// The pin tracker listens on simulated servers' clients only (SimIo.onClient).
		watchToolsChanged(
			this.wire,
			(server) => !!scenario.pins && this.#processes.has(server),
			() => this.#events.last,
			emit
		);
		const merged = mergeServers(scenario);
		this.skippedPluginServers = merged.skipped;
		this.#configs = new Map(merged.servers.map((s) => [s.name, s]));
		for (const { name, config } of merged.servers) {
			// A live server is real: nothing of it is simulated.
			if (!isLiveServer(config))
				this.#processes.set(name, new SimProcess(name, effectiveSim(config)));
		}
		// MiniHarness's client times every request by its own block, initialize included (§3).
		const ioTimeoutMs =
			scenario.profile === 'miniharness'
				? (scenario.miniharness?.timeoutMs ?? this.#timeoutMs)
				: this.#timeoutMs;
		this.#io = new SimIo(
			this.#processes,
			this.clock,
			this.wire,
			() => ioTimeoutMs,
			(server) => void this.#crash(server),
			() => this.#host,
			() => this.#live
		);
		this.#io.checksOutput = scenario.profile === 'openharness';
		this.#io.openHarnessListing = scenario.profile === 'openharness';
		this.#callSettings = {
			hooks: scenario.hooks,
			// Without a permissions block the lab runs full_auto (OpenHarness's own default is
			// `default` mode, where every MCP call asks): a scenario opts into questions.
			permissions: scenario.permissions ?? { mode: 'full_auto' }
		};
		this.#calls = new CallRunner(
			this.clock,
			this.#callSettings,
			(input) => this.#execute.run(input),
			(done) => {
				if (done) this.#emit(callEnded(done));
				else this.#changed();
			}
		);
		const servers = merged.servers.map(({ name, config }) => ({
			server: name,
			transport: config.type,
			listsResources: listsResourcesIn(scenario.profile)
		}));
		this.#manager = createActor(
			managerMachine.provide({ actors: { connection: connectionWithIo(this.#io) } }),
			{
				input: {
					servers,
					build:
						scenario.profile === 'toolsource'
							? (connections) => this.#toolsource!.build(connections)
							: isExtensionProfile(scenario.profile)
								? (connections) => this.#extension!.build(connections)
								: (connections) =>
										buildRegistry(
											connections,
											this.#execute.resourceTools?.resourceTools() ?? [],
											enabledPluginTools(scenario)
										),
					connects: (server) => this.#extension?.connects?.(server) ?? true
				}
			}
		);
		this.#execute = new ExecuteStage(
			scenario,
			this.clock,
			this.#timeoutMs,
			this.#manager,
			this.#io,
			this.#executing
		);
		this.#onDemand = new OnDemand(
			{
				scenario,
				options,
				clock: this.clock,
				wire: this.wire,
				timeoutMs: this.#timeoutMs,
				manager: this.#manager,
				io: this.#io,
				processes: this.#processes,
				live: liveServers(merged.servers),
				serverNames: () => this.serverNames,
				executing: this.#executing,
				liveHeaders: (server) => this.#extension?.liveHeaders?.(server),
				emit,
				changed
			},
			{
				live: (live) => (this.#live = live),
				host: (host) => (this.#host = host),
				pins: (pins) => (this.#pins = pins),
				toolsource: (binding) => (this.#toolsource = binding),
				extension: (extension) => (this.#extension = extension),
				resourceTools: (module) => (this.#execute.resourceTools = module)
			}
		);
		this.#manager.start();
		this.#protocol = protocolRunner(this.clock, this.#manager, this.#io, emit);
		this.#hostCommands = new HostCommands(
			(command, server, action, act) => this.#command(command, server, action, act),
			this.#protocol,
			() => this.#host,
			this.#io,
			emit
		);
		this.#registry = new RegistryRecord(this.#manager, this.clock, emit);
		this.#views = new ServerViews(
			this.#configs,
			this.#processes,
			this.#manager,
			this.#io,
			() => this.#extension,
			() => this.#live
		);
		this.#statuses = new StatusRecord(
			this.#configs.keys(),
			this.#manager,
			(server, c) => this.#extension?.serverState?.(server, c),
			emit
		);
		for (const [server, ref] of Object.entries(this.#manager.getSnapshot().context.connections)) {
			this.#subscriptions.push(
				ref.subscribe(() => {
					this.#statuses.connectionChanged(server);
					this.#changed();
				})
			);
		}
		this.#subscriptions.push(this.#manager.subscribe(changed));
	}

	// ---- reading ------------------------------------------------------------------------

	/** Config order after OpenHarness's merge: settings first, then enabled plugins' servers. */
	get serverNames(): string[] {
		return [...this.#configs.keys()];
	}

	get events(): readonly WorldEvent[] {
		return this.#events.items;
	}

	get calls(): readonly CallRecord[] {
		return this.#runner().records;
	}

	/** A trust, miniharness or contextual profile's own state (null for the other profiles). */
	get profileView(): ProfileView | null {
		return this.#extension?.view() ?? null;
	}

	/** A server's state in the profile's own words (OpenHarness's status unless the profile says). */
	serverState(server: string): string | undefined {
		const connection = this.#manager
			.getSnapshot()
			.context.connections[server]?.getSnapshot().context;
		if (!connection) return undefined;
		return this.#extension?.serverState?.(server, connection) ?? connection.status;
	}

	/** A command of the world's profile (trust a connector, start a run…), logged as an action. */
	profileCommand(command: string, args: Record<string, unknown> = {}): Promise<void> {
		return this.#command('profile', undefined, { do: 'profile', command, args }, () => {
			if (!this.#extension)
				throw refusal('no_command', { profile: this.scenario.profile, command });
			return this.#extension.command(command, args);
		});
	}

	/** Lab 09's pinned tool definitions (null unless the scenario sets `pins`). */
	get pins(): PinsView | null {
		return this.#pins?.view() ?? null;
	}

	/** The ToolSource profile's journal and run state (null for other profiles). */
	get toolSource() {
		return this.#toolsource?.view() ?? null;
	}

	get registryHistory(): readonly RegistrySnapshot[] {
		return this.#registry.history;
	}

	/** What the model sees now (empty before start-up). */
	get registry(): RegistryEntry[] {
		return this.#registry.history.at(-1)?.entries ?? [];
	}

	/** The registry as built, with each tool's description and input schema as the model sees them. */
	get registeredTools(): readonly RegisteredTool[] {
		return this.#manager.getSnapshot().context.registry?.tools ?? [];
	}

	/** Registrations the latest build replaced with a later one of the same adapted name. */
	get shadowed(): readonly Shadowed[] {
		return this.#manager.getSnapshot().context.registry?.shadowed ?? [];
	}

	/** Requests servers sent the host (sampling, elicitation, roots), pending and answered. */
	get hostRequests(): readonly HostRequest[] {
		return this.#host?.requests.items ?? [];
	}

	/** Log messages servers sent (notifications/message), secrets masked, newest kept. */
	get serverLogs(): readonly ServerLogEntry[] {
		return this.#host?.logs ?? [];
	}

	/** Answers to the learner's own requests (resources, prompts, log level), newest kept. */
	get protocolResults(): readonly ProtocolResult[] {
		return this.#protocol.results.items;
	}

	/** What the host declares in `initialize` (from the scenario's `host` block). */
	get hostCapabilities() {
		return this.#host?.capabilities ?? {};
	}

	/** The roots the host exposes now. */
	get roots() {
		return this.#host?.roots ?? [];
	}

	/** True once start-up built a registry in this session. */
	get sessionStarted(): boolean {
		return this.#manager.getSnapshot().context.registry !== null;
	}

	/**
	 * Servers in config order (the UI sorts where the profile does). A server whose state did not
	 * change keeps the same view object, so a page re-renders only the cards that changed.
	 */
	servers(): ServerView[] {
		return this.#views.list();
	}

	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	// ---- commands (serialised; each resolves once the world has settled) ----------------

	startSession(): Promise<void> {
		return this.#command('startSession', undefined, { do: 'startSession' }, () =>
			this.#manager.send({ type: 'START_SESSION' })
		);
	}

	closeSession(): Promise<void> {
		return this.#command('closeSession', undefined, { do: 'closeSession' }, () => {
			this.#extension?.sessionClosed?.();
			this.#manager.send({ type: 'CLOSE_SESSION' });
		});
	}

	connectAll(): Promise<void> {
		return this.#command('connectAll', undefined, { do: 'connectAll' }, () =>
			this.#manager.send({ type: 'CONNECT_ALL' })
		);
	}

	reconnectAll(): Promise<void> {
		return this.#command('reconnectAll', undefined, { do: 'reconnectAll' }, () =>
			this.#manager.send({ type: 'RECONNECT_ALL' })
		);
	}

	/**
	 * The simulated process dies; OpenHarness's status does not change until a reconnect. A real
	 * server is not the lab's to kill: its connection is dropped instead, and at once (an
	 * interrupt): a command waiting up to its timeout for that server (a call, a connect) is
	 * what a learner drops it for, and it must not wait behind that command.
	 */
	kill(server: string): Promise<void> {
		if (this.#live?.owns(server))
			return this.#interrupt(
				'kill',
				{ do: 'kill', server },
				() => void this.#io.severProcess(server, 'killed'),
				undefined,
				server
			);
		return this.#command('kill', server, { do: 'kill', server }, () =>
			this.#live?.owns(server) ? this.#io.severProcess(server, 'killed') : this.#crash(server)
		);
	}

	/** The process dies, by a learner's kill or by itself mid-call (a `crash` tool). */
	async #crash(server: string): Promise<void> {
		const process = this.#process(server);
		if (process.state === 'killed') return;
		process.state = 'killed';
		this.#emit({ kind: 'process', server, process: 'killed' });
		await this.#io.severProcess(server, 'killed');
	}

	/** The process comes back; an existing pipe to the old process stays dead. */
	restart(server: string): Promise<void> {
		return this.#command('restart', server, { do: 'restart', server }, async () => {
			// Nothing to restart on a real server: the next connect_all or reconnect_all reconnects.
			if (this.#live?.owns(server)) return;
			const process = this.#process(server);
			const was = process.state;
			process.state = 'running';
			process.delayMs = 0;
			// A hung process is replaced, so its pipe closes; a killed one's pipe is already closed.
			if (was === 'hung') await this.#io.severProcess(server, 'exited');
			this.#emit({ kind: 'process', server, process: 'running' });
		});
	}

	/** The server stops answering: requests are written but never read, and time out. */
	hang(server: string): Promise<void> {
		return this.#command('hang', server, { do: 'hang', server }, () => {
			if (this.#live?.owns(server)) throw this.#live.refuse('hang', server);
			const process = this.#process(server);
			if (process.state !== 'running') return;
			process.state = 'hung';
			this.#io.markHung(server);
			this.#emit({ kind: 'process', server, process: 'hung' });
		});
	}

	/** Every answer of this server arrives `ms` simulated milliseconds later (0 removes the delay). */
	delay(server: string, ms: number): Promise<void> {
		// Out of range whatever runs first: refused before it is logged, as an unknown server is.
		if (this.#configs.has(server) && (!Number.isFinite(ms) || ms < 0 || ms > 3_600_000))
			return Promise.reject(refusal('delay_range', { ms: String(ms) }));
		return this.#command('delay', server, { do: 'delay', server, ms }, () => {
			if (this.#live?.owns(server)) throw this.#live.refuse('delay', server);
			this.#process(server).delayMs = Math.round(ms);
			this.#emit({ kind: 'delay', server, ms: Math.round(ms) });
		});
	}

	/** The model calls a tool by its adapted name (the minimal OpenHarness execute path). */
	callTool(name: string, args: Record<string, unknown> = {}): Promise<CallRecord> {
		// `?? {}` as callTools has it: a page's script may pass null.
		return this.#callTurn([{ name, arguments: args ?? {} }]).then((records) => records[0]);
	}

	/** One model turn proposing several calls: they run concurrently, as OpenHarness runs them. */
	callTools(
		calls: Array<{ name: string; arguments?: Record<string, unknown> }>
	): Promise<CallRecord[]> {
		return this.#callTurn(calls.map((c) => ({ name: c.name, arguments: c.arguments ?? {} })));
	}

	/** `turn` is the log's own copy of the calls (a single call's is made as it is logged). */
	#callTurn(
		turn: Array<{ name: string; arguments: Record<string, unknown> }>
	): Promise<CallRecord[]> {
		let ids: string[] = [];
		return this.#command('callTool', undefined, { do: 'callTools', calls: turn }, () => {
			this.#toolsource?.refuseWhileInterrupted();
			ids = turn.map((c) => this.#startCall(c.name, c.arguments));
		}).then(() => ids.map((id) => this.#findCall(id)!));
	}

	/** The permission mode for the calls that follow (OpenHarness's `/permissions` setting). */
	get permissionMode(): PermissionMode {
		return this.#callSettings.permissions.mode;
	}

	setPermissionMode(mode: PermissionMode): Promise<void> {
		return this.#command('setPermissionMode', undefined, { do: 'setPermissionMode', mode }, () => {
			this.#callSettings.permissions = { ...this.#callSettings.permissions, mode };
			this.#emit({ kind: 'permissions', mode });
		});
	}

	/** The user's answer to a call waiting for permission (OpenHarness `default` mode). */
	answerApproval(callId: string, approve: boolean): Promise<void> {
		return this.#command(
			'answerApproval',
			undefined,
			{ do: 'answerApproval', call: callId, approve },
			() => {
				// Approving lets a call act: not while a call's outcome waits to be reconciled.
				if (approve) this.#toolsource?.refuseWhileInterrupted();
				(this.#extension?.calls ?? this.#toolsource?.required() ?? this.#calls).answer(
					callId,
					approve
				);
				const call = approve ? this.#findCall(callId) : undefined;
				if (call) this.#pins?.approved(call);
			}
		);
	}

	/** Step mode: calls that start hold after every stage until the learner steps them on. */
	get stepMode(): boolean {
		return this.#calls.stepping;
	}

	/** Applies to the calls that follow; turning it off also lets every call in flight finish. */
	setStepMode(on: boolean): Promise<void> {
		return this.#command('setStepMode', undefined, { do: 'setStepMode', on }, () => {
			this.#calls.stepping = on;
			if (!on) this.#calls.runAll();
			this.#emit({ kind: 'stepMode', on });
		});
	}

	/** A call held in step mode moves on one stage, or (`toEnd`) runs to its end. */
	stepCall(callId: string, toEnd = false): Promise<void> {
		return this.#command('stepCall', undefined, { do: 'stepCall', call: callId, toEnd }, () =>
			this.#calls.step(callId, toEnd)
		);
	}

	/**
	 * ToolSource: stop waiting for a call now (`notifications/cancelled` if it was sent). It does
	 * not queue behind the command that is waiting for that call: it interrupts it.
	 */
	cancelCall(callId: string): Promise<void> {
		return this.#interrupt('cancelCall', { do: 'cancelCall', call: callId }, () =>
			this.#toolSourceRunner().cancel(callId)
		);
	}

	/** ToolSource: a person says whether an unknown call's side effect happened. */
	reconcile(callId: string, verdict: Reconciliation): Promise<void> {
		return this.#command('reconcile', undefined, { do: 'reconcile', call: callId, verdict }, () => {
			const runner = this.#toolSourceRunner();
			runner.reconcile(callId, verdict);
			this.#emit({ kind: 'reconciled', id: callId, verdict });
			if (runner.unreconciled.length === 0) this.#emit({ kind: 'run', state: 'running' });
		});
	}

	/**
	 * ToolSource: the harness process restarts. Calls in flight are abandoned, the session
	 * closes and starts again; the journal survives and lists what may have acted — nothing is
	 * replayed.
	 */
	restartHarness(): Promise<void> {
		return this.#interrupt(
			'restartHarness',
			{ do: 'restartHarness' },
			() => {
				this.#toolSourceBinding().abandon();
			},
			async () => {
				this.#manager.send({ type: 'CLOSE_SESSION' });
				await this.#settle();
				this.#registry.record();
				this.#manager.send({ type: 'START_SESSION' });
				this.#toolsource?.restarted();
			}
		);
	}

	// ---- the host side: server-to-host requests, roots, logging, resources and prompts ----

	/**
	 * A person answers a server's sampling request: approve sends the scripted model's reply (or
	 * the edited `text`), reject sends the server a JSON-RPC error. The tool call waiting on it
	 * then finishes as usual.
	 */
	answerSampling(request: string, answer: SamplingAnswer): Promise<void> {
		return this.#hostCommands.answerSampling(request, answer);
	}

	/**
	 * A person answers an elicitation. Accepted content is checked against the requested schema
	 * first: if it does not fit, the command fails with the reason and the request stays pending.
	 */
	answerElicitation(request: string, answer: ElicitationAnswer): Promise<void> {
		return this.#hostCommands.answerElicitation(request, answer);
	}

	/** The host's roots change: every open connection gets notifications/roots/list_changed. */
	setRoots(roots: ReadonlyArray<string | { uri: string; name?: string }>): Promise<void> {
		return this.#hostCommands.setRoots(roots);
	}

	/** logging/setLevel: the server sends only messages at this level or above. */
	setLogLevel(server: string, level: string): Promise<ProtocolResult> {
		return this.#hostCommands.setLogLevel(server, level);
	}

	/** One page of resources/list: the first, or the one after a server's `nextCursor`. */
	listResources(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#hostCommands.listResources(server, cursor);
	}

	listResourceTemplates(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#hostCommands.listResourceTemplates(server, cursor);
	}

	readResource(server: string, uri: string): Promise<ProtocolResult> {
		return this.#hostCommands.readResource(server, uri);
	}

	listPrompts(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#hostCommands.listPrompts(server, cursor);
	}

	getPrompt(
		server: string,
		name: string,
		args: Record<string, string> = {}
	): Promise<ProtocolResult> {
		return this.#hostCommands.getPrompt(server, name, args);
	}

	dispose(): void {
		this.#disposed = true;
		this.#calls.stopAll();
		this.#toolsource?.runner?.stopAll();
		this.#extension?.calls.stopAll();
		this.#extension?.dispose?.();
		for (const s of this.#subscriptions) s.unsubscribe();
		this.#manager.stop();
		for (const name of this.serverNames) void this.#io.close(name);
		this.#listeners.clear();
	}

	// ---- internals -----------------------------------------------------------------------

	#command(
		command: CommandName,
		server: string | undefined,
		action: WorldAction,
		act: () => void | Promise<void>
	): Promise<void> {
		// A world's servers are fixed when it is made, so a name it does not have is refused now,
		// before it is logged: the log (time travel's steps, a share link) holds no step that did
		// nothing. A refusal that depends on what runs first (an unknown call id) comes in its turn.
		if (server !== undefined && !this.#configs.has(server))
			return Promise.reject(
				refusal('unknown_server', { server, servers: this.serverNames.join(', ') })
			);
		return this.#commands.command(action, async () => {
			if (this.#disposed) throw refusal('world_replaced');
			await this.#onDemand.loaded();
			const live = server !== undefined && !!this.#live?.owns(server);
			if (server !== undefined && !live) this.#process(server);
			this.#emit(
				server === undefined
					? { kind: 'command', command }
					: live
						? { kind: 'command', command, server, live }
						: { kind: 'command', command, server }
			);
			await act();
			await this.#settle();
			this.#registry.record();
			this.#noteApprovals();
		});
	}

	/**
	 * Once the code this world loads on demand (its profile's, its features') is in: a replay
	 * waits for it before an interrupt, which, unlike a command, does not wait by itself.
	 */
	loaded(): Promise<void> {
		return this.#onDemand.loaded();
	}

	/** A command that does not wait its turn (see CommandQueue); the world then settles. */
	#interrupt(
		command: CommandName,
		action: WorldAction,
		act: () => void,
		thenQueued?: () => Promise<void>,
		/** A live server it acts on (a Disconnect): its event names it, as a command's does. */
		liveServer?: string
	): Promise<void> {
		// An interrupt acts at once, so on a world just made (a page opening) the ToolSource code
		// it acts on may still be loading: refused then, before it is logged, so no log holds a
		// step that a replay (which waits for the code, see `loaded`) would not refuse too.
		if (this.#onDemand.toolsourceLoading)
			return Promise.reject(refusal('toolsource_loading_retry'));
		return this.#commands.interrupt(
			action,
			() => {
				if (this.#disposed) throw refusal('world_replaced');
				this.#emit(
					liveServer === undefined
						? { kind: 'command', command }
						: { kind: 'command', command, server: liveServer, live: true }
				);
				act();
			},
			async () => {
				await this.#settle();
				this.#registry.record();
				if (!thenQueued) return;
				await thenQueued();
				await this.#settle();
				this.#registry.record();
			}
		);
	}

	/** Replay: apply a logged interrupt at the same quiet point of command `during`. */
	replayInterrupt(during: number, t: number, action: WorldAction): Promise<unknown> {
		return new Promise((resolve) =>
			this.#commands.replayInterrupt(
				during,
				t,
				() => void perform(this, action).then(resolve, resolve)
			)
		);
	}

	/** Every action taken on this world, in order: replaying them rebuilds it. */
	get actions(): readonly LoggedAction[] {
		return this.#commands.actions;
	}

	/** False once the log stopped recording (it keeps at most MAX_ACTIONS). */
	get actionsComplete(): boolean {
		return this.#commands.complete;
	}

	/** Each call that now waits for the person is said once (the UI announces it). */
	#noteApprovals(): void {
		// Only a call in flight can wait for a person: a session's older calls are not looked at.
		for (const call of this.#runner().inFlight())
			if (
				(call.state === 'awaiting_approval' || call.state === 'waiting_for_approval') &&
				!this.#askedFor.has(call.id)
			) {
				this.#askedFor.add(call.id);
				this.#emit({ kind: 'approval', id: call.id, name: call.name });
			}
	}

	#process(server: string): SimProcess {
		const process = this.#processes.get(server);
		if (!process) {
			throw refusal('unknown_server', { server, servers: this.serverNames.join(', ') });
		}
		return process;
	}

	#startCall(name: string, args: Record<string, unknown>): string {
		if (this.#extension)
			return this.#extension.start(name, args, this.#manager.getSnapshot().context.registry);
		if (!this.#toolsource) return this.#calls.start(name, args, this.registeredTools);
		return this.#toolsource.start(name, args, this.#manager.getSnapshot().context.registry);
	}

	#findCall(id: string): CallRecord | undefined {
		return this.#runner().find(id);
	}

	/** The calls of this world's profile. */
	#runner() {
		return this.#extension?.calls ?? this.#toolsource?.runner ?? this.#calls;
	}

	#toolSourceBinding(): ToolSourceBinding {
		if (!this.#toolsource)
			throw this.scenario.profile === 'toolsource'
				? refusal('toolsource_loading_retry')
				: refusal('toolsource_only', { profile: this.scenario.profile });
		return this.#toolsource;
	}

	#toolSourceRunner() {
		return this.#toolSourceBinding().required();
	}

	/** Runs the world until nothing is in flight, moving simulated time only when waiting. */
	async #settle(): Promise<void> {
		for (let rounds = 0; rounds < 1_000_000; rounds++) {
			await this.#idle();
			if (this.clock.runDue()) continue;
			if (this.#commands.drain()) continue;
			if (!this.#busy()) return;
			if (this.#live?.inFlight) {
				// Real network I/O is under way: wait for it in real time (it times out on the wall
				// clock); jumping simulated time ahead would time it out, or end the command early.
				await this.#commands.paced(this.#live.progress());
				continue;
			}
			const next = this.clock.nextAt;
			if (next !== undefined && this.#pace) {
				// A person's interrupt cuts the wait short: the cancel acts now, not after it.
				await this.#commands.paced(this.#pace(next - this.clock.now));
				// While the page waited, a person may have interrupted (cancel, restart).
				if (this.#commands.drain()) continue;
				if (!this.#busy()) return;
			}
			if (!this.clock.advanceToNext()) {
				// Nothing scheduled and still busy: give chains one more turn, then report what is stuck.
				await this.#idle();
				if (this.#busy() && this.clock.pending === 0) return;
			}
		}
	}

	#busy(): boolean {
		// `idle` is an atomic top-level state: comparing the value spares `matches` its parsing.
		if (this.#manager.getSnapshot().value !== 'idle' || this.#protocol.busy) return true;
		if (this.#extension?.busy) return true;
		if (this.#pins?.busy) return true;
		// Only the runner of the world's profile ever holds calls.
		if (!this.#runner().busy) return false;
		const parked = this.#executing.parked(this.#host);
		if (parked === 0) return true;
		// Some calls wait on a person's answer to their server: only the others keep time moving.
		const moving = this.calls.filter(
			(c) =>
				c.endedAt === null &&
				!c.held &&
				c.state !== 'awaiting_approval' &&
				c.state !== 'waiting_for_approval'
		).length;
		return moving > parked;
	}

	/**
	 * Stamped in place (every caller passes a literal made for it, so the keys keep their order):
	 * a copy spread from dozens of event shapes at this one site takes V8's slow path, and with the
	 * wire log's copies it was a tenth of a tools/call's time (`npm run bench`).
	 */
	#emit(event: NewWorldEvent): void {
		const logged = event as WorldEvent;
		logged.seq = ++this.#eventSeq;
		logged.t = this.clock.now;
		this.#events.push(logged);
		this.#changed();
	}

	#changed(): void {
		this.version++;
		for (const listener of this.#listeners) listener();
	}
}
