import type { ConnectionContext } from '../../machines/connection.machine';
import type { BuiltRegistry, ConnectionFacts } from '../../registry/registry';
import { MASK } from '../../live/secret-mask';
import { mergeServers } from '../../scenario/plugins';
import type { ServerConfig } from '../../scenario/schema';
import { refusal } from '../../world/command-errors';
import { contextualRefusal } from './refusals';
import type {
	ProfileExtension,
	ProfileHost,
	ProfileView,
	RunHeaders
} from '../../world/profile-extension';
import { ContextualCalls } from './calls';
import type { ContextualConfig, ContextualServer } from './config';
import {
	aboutServer,
	asciiRefusal,
	protocolRefusal,
	definitionError,
	runHeaders,
	secretNames,
	secretValues,
	shownHeaders,
	type RunContext
} from './headers';
import { simHttpPair } from './sim-http';
import { DEFAULT_RESULT_CHARS, runTools, unknownTool, type RunTools } from './tools';
import { runArgs } from './run-args';

/** One logical run: its context, the servers it selected, and the headers resolved for it. */
interface Run {
	number: number;
	identity: string;
	context: RunContext;
	servers: string[];
	/** Why the run failed before connecting anything (a definition, a missing value, an overlap). */
	error: string | null;
	ended: boolean;
	/** Each selected server's headers; none at all when resolving them failed the run. */
	headers: ReadonlyMap<string, RunHeaders>;
	/** Servers whose connection this run opened: only these were sent the run's headers. */
	opened: Set<string>;
	/** The header whose value (or name) is not ASCII, when that failed the run (the lab's note names it). */
	notAscii: RefusedHeader | null;
	/** The header HTTP cannot carry as it is (h11), when that failed the run. */
	illegalHeader: RefusedHeader | null;
	/** The tool-name clash this run's tool load failed on, once it was said (see `build`). */
	clashSaid: string | null;
}

/** A header that failed the run, and whether its name or its value did. */
export interface RefusedHeader {
	server: string;
	header: string;
	part: 'name' | 'value';
}

export type RunState = 'starting' | 'running' | 'failed' | 'ended';

const EMPTY: ContextualConfig = { servers: {}, identities: {} };

/** The lab's sentences where the source has none (a harness refusing a learner's action). */
const NOT_CONNECTED = 'its connection was closed; start a new run.';

/**
 * a13n's ContextualMCP on pydantic-ai: each selected URL server gets, once per logical run, its
 * static headers plus headers resolved from the run's identity and context; the run then connects
 * with them (every request, simulated or live, carries them, on the wire log and to the server).
 * Nothing connects outside a run.
 */
class ContextualExtension implements ProfileExtension {
	readonly calls: ContextualCalls;
	readonly #config: ContextualConfig;
	readonly #servers: Map<string, ServerConfig>;
	#run: Run | null = null;
	#runs = 0;

	constructor(private readonly host: ProfileHost) {
		this.#config = host.scenario.contextual ?? EMPTY;
		this.#servers = new Map(mergeServers(host.scenario).servers.map((s) => [s.name, s.config]));
		this.calls = new ContextualCalls(host, this.#config.resultChars ?? DEFAULT_RESULT_CHARS);
		host.wrapPipes((server, pair) => {
			const headers = this.#opening(server);
			return headers ? simHttpPair(server, pair, headers, host.wire) : pair;
		});
	}

	/** A live server's connection carries the run's headers on every request, as a simulated one. */
	liveHeaders(server: string): RunHeaders | undefined {
		return this.#opening(server);
	}

	/** The run's headers for a connection opening now; the run then counts it as its own. */
	#opening(server: string): RunHeaders | undefined {
		const run = this.#live();
		const headers = run?.headers.get(server);
		if (headers) run!.opened.add(server);
		return headers;
	}

	/** The current run, while it has not failed or ended. */
	#live(): Run | null {
		const run = this.#run;
		return run && !run.ended && !run.error ? run : null;
	}

	#contextual(server: string): ContextualServer | undefined {
		const servers = this.#config.servers;
		return Object.hasOwn(servers, server) ? servers[server] : undefined;
	}

	#refused(server: string): string | null {
		const error = definitionError(server, this.#servers.get(server)!, this.#contextual(server));
		return error && aboutServer(server, error);
	}

	connects(server: string): boolean {
		return this.#live()?.servers.includes(server) ?? false;
	}

	/**
	 * The run's tools; none when its tool load failed (a name clash fails the whole run). The
	 * clash is found here, when the tools are loaded, so the failure is said here: the run's state
	 * is derived from its connections' tools, and no other event would tell the learner. It is
	 * said once the start-up's own events are out (the last server's `connected` is logged after
	 * the manager builds), so the failure comes last, as it does in the harness.
	 */
	build(connections: ConnectionFacts[]): BuiltRegistry {
		const tools = this.#tools(connections);
		const run = this.#live();
		const error = tools.error;
		if (run && error && run.clashSaid !== error) {
			run.clashSaid = error;
			queueMicrotask(() => {
				if (this.#live() !== run) return;
				this.host.emit({
					kind: 'profile',
					profile: 'contextual',
					event: 'run_failed',
					params: { run: String(run.number), identity: run.identity, error }
				});
			});
		}
		return { tools: error ? [] : tools.tools, shadowed: [] };
	}

	#tools(connections?: ConnectionFacts[]): RunTools {
		const run = this.#live();
		if (!run) return { tools: [], filtered: [], unmatched: [], error: null };
		return runTools(
			run.servers.map((server) => {
				const c = this.#servers.get(server);
				const own = this.#contextual(server);
				const facts = connections?.find((f) => f.server === server) ?? this.host.connection(server);
				return {
					server,
					prefix: own?.prefix,
					allowed: own?.allowed_tools,
					tools: c && facts?.status === 'connected' ? facts.tools : null
				};
			})
		);
	}

	#state(): { state: RunState; error: string | null } {
		const run = this.#run!;
		if (run.ended) return { state: 'ended', error: null };
		if (run.error) return { state: 'failed', error: run.error };
		for (const server of run.servers) {
			const c = this.host.connection(server);
			if (c?.status === 'failed') return { state: 'failed', error: aboutServer(server, c.detail) };
			// Opened for this run, then closed under it (the session was closed): a reconnect_all
			// passes through `closed` too, but only for a moment inside its command.
			if (run.opened.has(server) && this.host.phase(server) === 'closed')
				return { state: 'failed', error: aboutServer(server, NOT_CONNECTED) };
			if (c?.status !== 'connected') return { state: 'starting', error: null };
		}
		const collision = this.#tools().error;
		return collision ? { state: 'failed', error: collision } : { state: 'running', error: null };
	}

	start(name: string, args: Record<string, unknown>): string {
		if (!this.#run || this.#run.ended) throw contextualRefusal('no_run');
		const { state, error } = this.#state();
		if (state === 'failed') throw contextualRefusal('run_failed', { error: error! });
		if (state === 'starting') throw contextualRefusal('run_starting');
		const { tools } = this.#tools();
		const tool = tools.find((t) => t.name === name);
		if (!tool)
			return this.calls.refuse(
				name,
				args,
				unknownTool(
					name,
					tools.map((t) => t.name)
				)
			);
		return this.calls.start(name, args, tool);
	}

	command(name: string, args: Record<string, unknown>): void {
		if (name === 'startRun') return this.#startRun(args);
		if (name === 'endRun') return this.#endRun();
		throw refusal('no_command', { profile: 'contextual', command: name });
	}

	#startRun(args: Record<string, unknown>): void {
		const input = runArgs(args, this.#config, [...this.#servers.keys()]);
		const previous = this.#live()?.servers ?? [];
		const run: Run = {
			number: ++this.#runs,
			identity: input.identity,
			context: input.context,
			servers: input.servers,
			error: null,
			ended: false,
			headers: new Map(),
			opened: new Set(),
			notAscii: null,
			illegalHeader: null,
			clashSaid: null
		};
		const resolved = this.#resolve(run);
		if (resolved.ok) run.headers = resolved.headers;
		else {
			run.error = resolved.error;
			run.notAscii = resolved.notAscii ?? null;
			run.illegalHeader = resolved.illegalHeader ?? null;
		}
		this.#run = run;
		// A run connects its servers afresh: connect_all over the servers it selected (a connection
		// of the previous run is replaced, its I/O closing it first), then the model's tools are
		// built for it. The previous run's other servers close. A failed run connects nothing and
		// leaves the model no tools.
		const keeps = run.error ? [] : run.servers;
		for (const server of previous) if (!keeps.includes(server)) this.host.close(server);
		const params = { run: String(run.number), identity: run.identity };
		this.host.emit({
			kind: 'profile',
			profile: 'contextual',
			event: run.error ? 'run_failed' : 'run_started',
			params: run.error ? { ...params, error: run.error } : params
		});
		this.host.startSession();
	}

	/**
	 * Builds each selected server's headers for the run, in order; the first error fails it, and
	 * then no server has any (the whole run fails: nothing connects, no request goes out).
	 */
	#resolve(
		run: Run
	):
		| { ok: true; headers: Map<string, RunHeaders> }
		| { ok: false; error: string; notAscii?: RefusedHeader; illegalHeader?: RefusedHeader } {
		const resolved = new Map<string, RunHeaders>();
		for (const server of run.servers) {
			const refused = this.#refused(server);
			if (refused) return { ok: false, error: refused };
			const config = this.#servers.get(server)!;
			const headers = runHeaders(
				config.type === 'stdio' ? {} : config.headers,
				this.#contextual(server)?.headers ?? {},
				run.context
			);
			if (!headers.ok) return { ok: false, error: aboutServer(server, headers.error) };
			const secret = secretNames(headers.headers, this.#contextual(server)?.headers ?? {});
			resolved.set(server, {
				sent: headers.headers,
				shown: shownHeaders(headers.headers, secret),
				secrets: secretValues(headers.headers, secret)
			});
		}
		// Every run's headers are resolved (for_run) before any server's HTTP client is made,
		// which is where a name or value that is not ASCII fails (asciiRefusal).
		for (const [server, headers] of resolved) {
			const refused = asciiRefusal(headers.sent);
			if (refused)
				return {
					ok: false,
					error: aboutServer(server, refused.error),
					notAscii: { server, header: refused.header, part: refused.part }
				};
		}
		// Then the first request writes them (h11): a header HTTP cannot carry fails the run
		// before anything is sent, a line break in a value included (no header injection).
		for (const [server, headers] of resolved) {
			const secret = secretNames(headers.sent, this.#contextual(server)?.headers ?? {});
			const refused = protocolRefusal(headers.sent, secret);
			if (refused)
				return {
					ok: false,
					error: aboutServer(server, refused.error),
					illegalHeader: { server, header: refused.header, part: refused.part }
				};
		}
		return { ok: true, headers: resolved };
	}

	#endRun(): void {
		const run = this.#live();
		if (!run) throw contextualRefusal('no_run');
		run.ended = true;
		for (const server of run.servers) this.host.close(server);
		// The model's tools go with the run: the registry is built again, empty.
		this.host.startSession();
		this.host.emit({
			kind: 'profile',
			profile: 'contextual',
			event: 'run_ended',
			params: { run: String(run.number), identity: run.identity }
		});
	}

	/**
	 * Closing the session closes the run's connections under it: the run fails for good (a
	 * later Start session connects nothing for it; the learner starts a new run).
	 */
	sessionClosed(): void {
		const run = this.#live();
		const server = run?.servers.find((s) => run.opened.has(s));
		if (!run || !server) return;
		run.error = aboutServer(server, NOT_CONNECTED);
		this.host.emit({
			kind: 'profile',
			profile: 'contextual',
			event: 'run_failed',
			params: { run: String(run.number), identity: run.identity, error: run.error }
		});
	}

	serverState(server: string, connection: ConnectionContext): string {
		return this.#refused(server) ? 'refused' : connection.status;
	}

	serverDetail(server: string): string | undefined {
		return this.#refused(server) ?? undefined;
	}

	view(): ProfileView {
		const run = this.#run;
		const tools = this.#tools();
		return {
			profile: 'contextual',
			identities: Object.keys(this.#config.identities),
			claims: Object.fromEntries(
				Object.entries(this.#config.identities).map(([id, claims]) => [
					id,
					this.#hidden(claims, 'identity.')
				])
			),
			metadata: this.#hidden(this.#config.metadata ?? {}, 'context.metadata.'),
			resultChars: this.#config.resultChars ?? DEFAULT_RESULT_CHARS,
			run: run && {
				number: run.number,
				identity: run.identity,
				run_id: run.context.run_id ?? null,
				thread_id: run.context.thread_id ?? null,
				metadata: this.#hidden(run.context.metadata ?? {}, 'context.metadata.'),
				servers: run.servers,
				not_ascii: run.notAscii,
				illegal_header: run.illegalHeader,
				...this.#state()
			},
			servers: Object.fromEntries(
				[...this.#servers].map(([server, config]) => [
					server,
					{
						url: config.type === 'stdio' ? '' : config.url,
						refused: this.#refused(server),
						static: this.#staticShown(config),
						bindings: this.#contextual(server)?.headers ?? {},
						allowed_tools: this.#contextual(server)?.allowed_tools ?? null,
						prefix: this.#contextual(server)?.prefix ?? null,
						headers: this.#sent(run, server)
					}
				])
			),
			// As build() gives them: a name clash fails the whole tool load, so the model has none
			// (the panel listed the tools before the clash under "Tools the model sees").
			tools: tools.error ? [] : tools.tools.map((t) => t.name),
			filtered: tools.filtered,
			unmatched: tools.unmatched
		};
	}

	/**
	 * The headers the run sent a server ("Sent in this run"): only a connection the run opened
	 * carried them. A run that failed before connecting (a missing value, an overlap, a refused
	 * server) sent nothing to any server, those resolved before the failure included.
	 */
	#sent(run: Run | null, server: string): Record<string, string> | null {
		if (!run?.opened.has(server)) return null;
		return run.headers.get(server)?.shown ?? null;
	}

	/** Claims or metadata as the panel shows them: a value a secret binding reads is hidden. */
	#hidden(values: Readonly<Record<string, unknown>>, prefix: string): Record<string, unknown> {
		const secret = new Set(
			Object.values(this.#config.servers).flatMap((s) =>
				Object.values(s.headers).flatMap((b) => (b.secret ? [b.source] : []))
			)
		);
		return Object.fromEntries(
			Object.entries(values).map(([k, v]) => [k, secret.has(prefix + k) ? MASK : v])
		);
	}

	#staticShown(config: ServerConfig): Record<string, string> {
		const headers = config.type === 'stdio' ? {} : config.headers;
		return shownHeaders(headers, secretNames(headers, {}));
	}

	dispose(): void {
		this.host.wrapPipes(null);
	}
}

export function createExtension(host: ProfileHost): ProfileExtension {
	return new ContextualExtension(host);
}
