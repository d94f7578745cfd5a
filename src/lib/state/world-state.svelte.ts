import type {
	CallRecord,
	ProfileId,
	RegisteredTool,
	RegistrySnapshot,
	Scenario,
	ServerView,
	WireEntry,
	WorldEvent,
	WorldSnapshot
} from '$lib/core';
// Values straight from their modules, not the core's index: the index also re-exports scenario
// parsing, whose zod schemas a page loads only when it is given a world (LabSession.setScenario).
import { DEFAULT_MODEL_REPLY, logLevels } from '$lib/core/scenario/host-defaults';
import { inertPiece, mcpStatusText } from '$lib/core/profiles/openharness/status-text';
import { World } from '$lib/core/world/world';
import { worldSnapshot } from '$lib/core/world/snapshot';
import {
	DEFAULT_LIVE_TIMEOUT_MS,
	withLiveUrl,
	withoutLiveServer
} from '$lib/core/live/live-servers';
import type { LiveEntry } from '$lib/core/live/live-entry';
import type { WorldOptions } from '$lib/core/world/world';
import { wallClock } from './wall-clock';
import type { Reason } from '$lib/core/world/command-errors';
import { explain, explainLoaded, loadExplanations } from '$lib/i18n/explanations';

export const SPEEDS = ['instant', 'slow', 'realtime'] as const;
export type Speed = (typeof SPEEDS)[number];

/** Real milliseconds per simulated millisecond. */
const FACTOR: Record<Speed, number> = { instant: 0, slow: 10, realtime: 1 };
/** In slow motion no single wait is longer than this, so a 30 s timeout does not stall a demo. */
const LONGEST_WAIT_MS = 1500;

/**
 * The real milliseconds the page waits for `simMs` of simulated time. Real time is real: an
 * instructor who picks it to show a 30 s timeout gets 30 s (it was cut to 1.5 s, as in slow
 * motion, whose label says so).
 */
export function wallWait(speed: Speed, simMs: number): number {
	const wait = simMs * FACTOR[speed];
	return speed === 'realtime' ? wait : Math.min(wait, LONGEST_WAIT_MS);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A refusal's key and values, read by shape (as i18n/command-error.ts reads them): no world code loads. */
function reasonShape(error: unknown): Reason | null {
	const { key, params } = (typeof error === 'object' && error !== null ? error : {}) as {
		key?: unknown;
		params?: unknown;
	};
	if (typeof key !== 'string') return null;
	return typeof params === 'object' && params !== null
		? { key, params: params as Record<string, string> }
		: { key };
}

export function isSpeed(value: string | null): value is Speed {
	return (SPEEDS as readonly string[]).includes(value ?? '');
}

/**
 * Runes over one World: the world changes many times per command (every message on the wire),
 * so its views are re-read at most once per animation frame into `$state.raw` fields.
 */
/** One object, so a world without an allowlist does not redraw its readers on every change. */
const NO_ALLOW: Readonly<Record<string, string>> = Object.freeze({});

export class WorldState {
	world: World;
	servers = $state.raw<ServerView[]>([]);
	registryHistory = $state.raw<readonly RegistrySnapshot[]>([]);
	/** The built registry with schemas: what the model is shown for each tool. */
	registeredTools = $state.raw<readonly RegisteredTool[]>([]);
	/** Plugin servers OpenHarness's merge left out (disabled plugin, or key taken). */
	skippedPlugins = $state.raw<World['skippedPluginServers']>([]);
	wire = $state.raw<readonly WireEntry[]>([]);
	wireDropped = $state(0);
	calls = $state.raw<readonly CallRecord[]>([]);
	events = $state.raw<readonly WorldEvent[]>([]);
	sessionStarted = $state(false);
	permissionMode = $state<World['permissionMode']>('full_auto');
	/** The scenario's `permissions` block as written (undefined without one). */
	permissions = $state.raw<Scenario['permissions']>(undefined);
	/** The scenario's `hooks` block as written (undefined without one). */
	hooks = $state.raw<Scenario['hooks']>(undefined);
	/** Calls hold after every stage until the learner steps them on. */
	stepMode = $state(false);
	now = $state(0);
	/** The world's harness profile (a replaced world may run another one). */
	profile = $state<ProfileId>('openharness');
	/** ToolSource's allowlist, journal and run state; null for other profiles. */
	toolSource = $state.raw<World['toolSource']>(null);
	/**
	 * ToolSource's allowlist as the scenario writes it: known at once, while `toolSource` waits for
	 * its code. Drawn from `toolSource` alone, the allowlist first said "empty: every call is
	 * refused", then grew by a row per entry.
	 */
	toolSourceAllow = $state.raw<Readonly<Record<string, string>>>({});
	/** A trust, miniharness or contextual profile's own state; null for the other profiles. */
	profileView = $state.raw<World['profileView']>(null);
	/** Lab 09's pinned tool definitions; null unless the scenario sets `pins`. */
	pins = $state.raw<World['pins']>(null);
	/** Requests servers sent the host (sampling, elicitation, roots), pending and answered. */
	hostRequests = $state.raw<World['hostRequests']>([]);
	serverLogs = $state.raw<World['serverLogs']>([]);
	/** Answers to the learner's own resources, prompts and log-level requests. */
	protocolResults = $state.raw<World['protocolResults']>([]);
	hostCapabilities = $state.raw<World['hostCapabilities']>({});
	roots = $state.raw<World['roots']>([]);
	/** The scripted model's reply to an approved sampling request (the Edit box starts with it). */
	modelReply = $state('');
	/** The spec's log levels, least severe first: read here so lazy panels need not load the core. */
	readonly logLevels = logLevels;
	/** Commands in progress (the UI disables controls and shows progress). */
	pending = $state(0);
	/**
	 * The last failed command's sentence, cleared by the next command: its message, then (a
	 * moment later, once their words have loaded) a refusal the lab words itself in the page's
	 * language (i18n/command-error.ts).
	 */
	error = $state<string | null>(null);
	/** That failure's refusal key and values, when it has them: shown, it follows the language. */
	errorWhy = $state.raw<Reason | null>(null);
	/** How fast simulated time runs on screen; what happens is the same at every speed. */
	speed = $state<Speed>('slow');
	/** Display only (screen sharing): URL queries, header values and token-like text show as ••••. */
	maskSecrets = $state(false);
	/** Wall-clock ms before a live request fails (the world's default). */
	readonly liveTimeoutMs = DEFAULT_LIVE_TIMEOUT_MS;
	/** Says a sentence in the page's polite live region (the page's session sets it). */
	announce: (text: string, options?: { last?: boolean }) => void = () => {};
	/** Told when this state swaps in a world of another scenario by itself (a live server added). */
	onReplaced: (scenario: Scenario) => void = () => {};

	/** Live servers that have a bearer token in memory (the names, never the tokens). */
	liveTokens = $state.raw<readonly string[]>([]);
	/** Tokens for live servers (live-tokens.ts), loaded with the first one. */
	#tokens: import('./live-tokens').LiveTokens | null = null;

	#unsubscribe: () => void = () => {};
	#frame: number | null = null;

	constructor(scenario: Scenario) {
		this.world = this.#attach(this.#create(scenario));
	}

	/**
	 * The status panel's text in OpenHarness's `/mcp` format. Each line's state is the one the
	 * server's card shows (the profile's own word, e.g. MiniHarness's `failed` or `closed`), so it
	 * never contradicts the detail after it, which is the profile's too. For OpenHarness the two
	 * are its own status: the text is exactly what its `/mcp` prints.
	 */
	get statusText(): string {
		return mcpStatusText(
			this.servers.map((s) => ({
				name: s.name,
				state: s.state,
				detail: s.detail,
				tools: s.connection.tools.map((t) => t.name),
				resources: s.connection.resources.map((r) => r.uri)
			})),
			inertPiece
		);
	}

	get registry(): RegistrySnapshot | undefined {
		return this.registryHistory.at(-1);
	}

	snapshot(lab: string, step: number): WorldSnapshot {
		return worldSnapshot(this.world, { lab, step });
	}

	/** Swaps in a new world (new scenario, or reset); the old one is shut down. */
	replace(scenario: Scenario): void {
		this.adopt(this.#create(scenario));
	}

	/** Swaps in a world built elsewhere (time travel replays one); the old one is shut down. */
	adopt(world: World): void {
		this.#unsubscribe();
		this.#endWaits();
		this.world.dispose();
		this.world = this.#attach(world);
		// Forgotten with their server or its URL: a later world of that name cannot get them back.
		if (this.#tokens) this.liveTokens = this.#tokens.keep(world);
	}

	async #tokenStore() {
		return (this.#tokens ??= new (await import('./live-tokens')).LiveTokens());
	}

	/** What a world needs to run on this page at its speed (a replay builds worlds with these). */
	get worldOptions(): WorldOptions {
		return {
			pace: (simMs) => this.#pace(simMs),
			realTime: wallClock,
			// Read at each connect, so a token set now is used by the next (re)connect.
			liveSecrets: (server, url) => {
				const token = this.#tokens?.for(server, url);
				return token ? { token } : undefined;
			}
		};
	}

	/**
	 * Keeps (or with null forgets) a live server's bearer token in memory, then reconnects every
	 * server the profile's way (reconnect_all) so it takes effect; before a session, starts one;
	 * where reconnecting opens nothing (`tokenRestarts`), starts a new session in a fresh world.
	 */
	async setLiveToken(server: string, token: string | null): Promise<void> {
		this.liveTokens = (await this.#tokenStore()).set(this.world, server, token);
		if (this.tokenRestarts && this.world.sessionStarted) return this.startFresh();
		return this.run((w) => (w.sessionStarted ? w.reconnectAll() : w.startSession()));
	}

	/**
	 * A new session in a fresh world of the same scenario: how a MiniHarness user starts over
	 * once a client has closed or its server forgot the session (`tokenRestarts`). The tokens
	 * stay (they are bound to server and URL).
	 */
	async startFresh(): Promise<void> {
		const scenario = this.world.scenario;
		this.replace(scenario);
		this.onReplaced(scenario);
		return this.run((w) => w.startSession());
	}

	/**
	 * Whether a token takes effect in a new session of a fresh world rather than by reconnecting:
	 * MiniHarness never reopens a closed MCPClient, and the lab's reconnect for it opens none, so
	 * reconnecting would close every client for good and send the token nowhere.
	 */
	get tokenRestarts(): boolean {
		return this.profile === 'miniharness';
	}

	/**
	 * Adds a real server to the world: the scenario plus `{type: 'http', url, live: true, headers}`
	 * replaces the world, whose session then starts. Tokens stay; `token` (optional) is kept in
	 * memory for this server first, so the very first connect carries it.
	 */
	async addLiveServer(entry: LiveEntry, token?: string | null): Promise<void> {
		// Loaded here: pages only pay for it once a learner connects a live server.
		const live = await import('$lib/core/live/live-entry');
		let scenario: Scenario;
		try {
			scenario = live.addToScenario(this.world.scenario, this.world.serverNames, entry);
		} catch (error) {
			this.#failed(error);
			throw error;
		}
		// The scenario keeps the entry's URL trimmed: the token is bound to that.
		if (token?.trim())
			(await this.#tokenStore()).set(this.world, entry.name.trim(), token, entry.url.trim());
		this.replace(scenario);
		this.onReplaced(scenario);
		await this.run((w) => w.startSession());
	}

	/**
	 * Takes a live server out of the world (one that never connects can then be added again under
	 * its name): the scenario without it replaces the world, as adding one does, and its token is
	 * forgotten. The old world closes its connections, so each live session gets its DELETE. The
	 * session starts again only if one was running: a learner who closed it asked for no connect.
	 * The world is replaced before this returns; the promise is the session's start.
	 */
	removeLiveServer(name: string): Promise<void> {
		let scenario: Scenario;
		try {
			scenario = withoutLiveServer(this.world.scenario, name);
		} catch (error) {
			this.#failed(error);
			return Promise.reject(error);
		}
		this.#tokens?.set(this.world, name, null);
		return this.#edited(scenario);
	}

	/** An edited scenario replaces the world; the session starts again only if one was running. */
	#edited(scenario: Scenario): Promise<void> {
		const running = this.world.sessionStarted;
		this.error = null;
		this.errorWhy = null;
		this.replace(scenario);
		this.onReplaced(scenario);
		return running ? this.run((w) => w.startSession()) : Promise.resolve();
	}

	/**
	 * Moves a live server to another URL (a port taken on the learner's computer): the scenario
	 * with the new URL replaces the world, as adding one does, and the session starts again if one
	 * was running. A token typed for the old URL is forgotten with it (LiveTokens: a token is
	 * only sent where it was given). Refused with a sentence, the world kept, for a bad URL or a
	 * server that is not live; the same URL changes nothing.
	 */
	async setLiveUrl(name: string, url: string): Promise<void> {
		const { urlProblem, LiveEntryError } = await import('$lib/core/live/live-entry');
		let scenario: Scenario;
		try {
			const problem = urlProblem(url);
			if (problem) throw new LiveEntryError([problem]);
			scenario = withLiveUrl(this.world.scenario, name, url);
		} catch (error) {
			this.#failed(error);
			throw error;
		}
		if (this.servers.find((s) => s.name === name)?.live?.url === url.trim()) return;
		return this.#edited(scenario);
	}

	/** Counts `work` as a command in progress: the page reads as busy, not settled, until it ends. */
	busy<T>(work: Promise<T>): Promise<T> {
		this.pending++;
		return this.#settled(work);
	}

	/** The end of work counted in `pending` (incremented before it started, so at once). */
	#settled<T>(work: Promise<T>): Promise<T> {
		return work.finally(() => {
			this.pending--;
			this.#refresh();
		});
	}

	run<T>(command: (world: World) => Promise<T>): Promise<T> {
		this.error = null;
		this.errorWhy = null;
		this.pending++;
		const world = this.world;
		return this.#settled(
			command(world).catch((error: unknown) => {
				// A world replaced meanwhile (a second reset) took its commands with it: the page
				// shows the new world, which has not failed.
				if (world === this.world) this.#failed(error);
				throw error;
			})
		);
	}

	/** Counts failures shown, so a caller can tell whether a command's own failure was. */
	failures = 0;

	/**
	 * A command decided outside `run` (an embedding page's setScenario, setProfile or step, or
	 * one refused for its arguments) ended: a refusal shows and is said as a failed command's is,
	 * unless that command already showed it; success clears the last failure, which was about
	 * the world before. Without this the box kept an older command's failure under a new world.
	 */
	ended(error: string | null, failuresBefore: number): void {
		if (error === null) {
			this.error = null;
			this.errorWhy = null;
		} else if (this.failures === failuresBefore) this.#failed(new Error(error));
	}

	/**
	 * A command failed: its message at once, then its words in the page's language, said in the
	 * live region. The words load on the first failure: most sessions never see one.
	 */
	#failed(error: unknown): void {
		this.failures++;
		const message = messageOf(error);
		this.error = message;
		this.errorWhy = reasonShape(error);
		void loadExplanations().then(({ commandErrorText, failureAnnouncement }) => {
			// A later command may have cleared or replaced it meanwhile.
			if (this.error !== message) return;
			const text = commandErrorText(error) ?? message;
			this.error = text;
			this.announce(failureAnnouncement(text));
		});
	}

	/** A failure's sentence in the page's language (its message when the lab has no words for it). */
	explain(error: unknown): Promise<string> {
		return explain(messageOf(error), error);
	}

	/** As `explain`, drawn once that has run: in the page's language of the moment it is read. */
	explained(error: unknown): string {
		return explainLoaded(messageOf(error), error);
	}

	/** Step mode on or off; off lets every call in flight finish. Failures land in `error`. */
	setStepMode(on: boolean): Promise<void> {
		return this.run((w) => w.setStepMode(on));
	}

	/** A held call's next stage, or (`toEnd`) the rest of it. Failures land in `error`. */
	stepCall(id: string, toEnd = false): Promise<void> {
		return this.run((w) => w.stepCall(id, toEnd));
	}

	/**
	 * ToolSource: stop waiting for a call. Not queued behind the command that waits for that
	 * call (the world interrupts it), so it works while `pending > 0`.
	 */
	cancelCall(id: string): Promise<void> {
		return this.run((w) => w.cancelCall(id));
	}

	/** ToolSource: a person says whether an unknown call's side effect happened. */
	reconcile(id: string, verdict: 'applied' | 'not_applied'): Promise<void> {
		return this.run((w) => w.reconcile(id, verdict));
	}

	/** ToolSource: the harness process dies and starts again; acts at once, like a cancel. */
	restartHarness(): Promise<void> {
		return this.run((w) => w.restartHarness());
	}

	dispose(): void {
		this.#unsubscribe();
		if (this.#frame !== null && typeof cancelAnimationFrame === 'function')
			cancelAnimationFrame(this.#frame);
		this.#endWaits();
		this.world.dispose();
	}

	/** The page's pending waits for simulated time (see #pace), each ended by its function. */
	#waits: Array<() => void> = [];

	#create(scenario: Scenario): World {
		return new World(scenario, this.worldOptions);
	}

	#pace(simMs: number): Promise<void> {
		const wait = wallWait(this.speed, simMs);
		if (wait <= 0 || typeof window === 'undefined') return Promise.resolve();
		// Show what has happened so far before waiting.
		this.#refresh();
		return new Promise((resolve) => {
			const end = () => {
				clearTimeout(timer);
				this.#waits = this.#waits.filter((other) => other !== end);
				resolve();
			};
			const timer = setTimeout(end, wait);
			this.#waits.push(end);
		});
	}

	/**
	 * A replaced world's waits end at once: in real time one lasts as long as the simulated
	 * time it paces (a 30 s timeout, 30 s), and what the old world was doing is answered only
	 * after it (a reset posted to an embed was answered 30 s later).
	 */
	#endWaits(): void {
		for (const end of this.#waits) end();
	}

	#attach(world: World): World {
		this.#unsubscribe = world.subscribe(() => this.#schedule());
		this.#refresh(world);
		return world;
	}

	#schedule(): void {
		if (this.#frame !== null) return;
		if (typeof requestAnimationFrame !== 'function') return this.#refresh();
		// At instant speed a command's steps are not meant to be watched: repainting every panel
		// between them only slows a large world down (seconds at 100 servers). The page is
		// refreshed when the command ends (see run).
		if (this.speed === 'instant' && this.pending > 0) return;
		this.#frame = requestAnimationFrame(() => {
			this.#frame = null;
			this.#refresh();
		});
	}

	#refresh(world: World = this.world): void {
		this.servers = world.servers();
		this.registryHistory = world.registryHistory;
		this.registeredTools = world.registeredTools;
		this.skippedPlugins = world.skippedPluginServers;
		this.wire = world.wire.entries;
		this.wireDropped = world.wire.dropped;
		this.calls = world.calls;
		this.events = world.events;
		this.sessionStarted = world.sessionStarted;
		this.permissionMode = world.permissionMode;
		this.permissions = world.scenario.permissions;
		this.hooks = world.scenario.hooks;
		this.stepMode = world.stepMode;
		this.now = world.clock.now;
		this.profile = world.scenario.profile;
		this.toolSource = world.toolSource;
		this.toolSourceAllow =
			world.toolSource?.policy.allow ?? world.scenario.toolsource?.allow ?? NO_ALLOW;
		this.profileView = world.profileView;
		this.pins = world.pins;
		this.hostRequests = world.hostRequests;
		this.serverLogs = world.serverLogs;
		this.protocolResults = world.protocolResults;
		this.hostCapabilities = world.hostCapabilities;
		this.roots = world.roots;
		this.modelReply = world.scenario.host?.modelReply ?? DEFAULT_MODEL_REPLY;
	}
}
