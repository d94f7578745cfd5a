import type { ConnectionContext } from '../../machines/connection.machine';
import type { BuiltRegistry, RegisteredTool } from '../../registry/registry';
import { callEnded } from '../../world/calls';
import { trustRefusal } from './refusals';
import type { ProfileExtension, ProfileHost } from '../../world/profile-extension';
import { withClockTimeout } from '../../world/timeout';
import { errorDetail } from '../openharness/strings';
import { TrustCalls, type Outcome, type Progress } from './calls';
import { allows, denial, NO_GRANT, parseGrant, withTool, type Grant } from './grant';
import { DEFERRED_META_TOOLS, generatedPressure, pressureOf, type ModelTool } from './pressure';
import {
	callError,
	deferredBlock,
	namespaced,
	notFoundForSearch,
	notInConnectedConnector,
	PERMISSION_DENIED_CODE,
	schemaNotLoaded,
	TOOL_SEARCH,
	unknownTool
} from './strings';
import type { ConnectorState, ConnectorView, HealthCheck, TrustView } from './view';

/** A tool a connected connector offers, under its namespaced name. */
interface OfferedTool extends ModelTool {
	connector: string;
	tool: string;
}

/** The registry the model sees: two harness tools, never an MCP tool. */
const META_REGISTRY: RegisteredTool[] = DEFERRED_META_TOOLS.map((t) => ({
	name: t.name,
	server: '',
	tool: t.name,
	description: t.description,
	inputSchema: t.input_schema,
	readOnly: false,
	builtin: true
}));

const isRecord = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The connector trust profile (harness-behaviors.md §2). Trust decides whether a connector's
 * process may run at all; the grant decides which of its tools the active skill may reach; the
 * model only ever sees ToolSearch, DeferExecuteTool and the deferred block.
 */
class TrustExtension implements ProfileExtension {
	readonly calls: TrustCalls;
	readonly #trusted = new Set<string>();
	/** Trusted connectors the harness took down (disconnect, failed health check). */
	readonly #stopped = new Set<string>();
	#grant: Grant = NO_GRANT;
	/** Schemas ToolSearch loaded, as they were when loaded. */
	readonly #schemas = new Map<string, ModelTool>();
	#health: HealthCheck | null = null;
	/** Connectors a connect was refused for (untrusted), each once, oldest first. */
	readonly #refused = new Set<string>();
	#checking = 0;

	constructor(private readonly host: ProfileHost) {
		this.calls = new TrustCalls(
			host.clock,
			(done) => host.emit(callEnded(done)),
			() => host.changed()
		);
	}

	build(): BuiltRegistry {
		return { tools: META_REGISTRY.map((t) => ({ ...t })), shadowed: [] };
	}

	connects(server: string): boolean {
		return this.#trusted.has(server);
	}

	/** A health check waits for its pings; a connection opening or closing is still moving. */
	get busy(): boolean {
		if (this.#checking > 0) return true;
		return this.host.serverNames().some((s) => {
			const phase = this.host.phase(s) ?? '';
			return phase.startsWith('connecting') || phase.startsWith('closing');
		});
	}

	serverState(server: string, connection: ConnectionContext): ConnectorState {
		if (!this.#trusted.has(server)) return 'disconnected';
		if (connection.status === 'connected') return 'connected';
		if (this.host.phase(server)?.startsWith('connecting')) return 'connecting';
		if (connection.status === 'failed' || this.#stopped.has(server)) return 'disconnected';
		return 'trusted';
	}

	start(name: string, args: Record<string, unknown>, built: BuiltRegistry | null): string {
		if (!built?.tools.some((t) => t.name === name))
			return this.calls.start(name, args, async () => failed(unknownTool(name)));
		if (name === TOOL_SEARCH) return this.calls.start(name, args, async () => this.#search(args));
		return this.calls.start(name, args, (progress) => this.#execute(args, progress));
	}

	command(name: string, args: Record<string, unknown>): void {
		switch (name) {
			case 'trust':
				return this.#trust(this.#connector(args));
			case 'untrust':
				return this.#untrust(this.#connector(args));
			case 'connect':
				return this.#connect(this.#connector(args));
			case 'disconnect':
				return this.#disconnect(this.#connector(args));
			case 'grant':
				return this.#setGrant(parseGrant(args));
			case 'grantTool':
				return this.#setGrant(withTool(this.#grant, this.#tool(args), this.#on(args, 'allowed')));
			case 'network':
				return this.#setGrant({ ...this.#grant, network: this.#on(args, 'on') });
			case 'revoke':
				return this.#setGrant(NO_GRANT, 'revoked');
			case 'healthCheck':
				return this.#healthCheck();
			default:
				throw trustRefusal('no_command_of', {
					profile: 'trust',
					command: name,
					commands:
						'trust, untrust, connect, disconnect, grant, grantTool, network, revoke, healthCheck'
				});
		}
	}

	view(): TrustView {
		const offered = this.#offered();
		const owner = new Map(offered.map((t) => [t.name, t.connector]));
		const connectors: Record<string, ConnectorView> = {};
		for (const server of this.host.serverNames()) {
			const connection = this.host.connection(server);
			const offers = this.#trusted.has(server) && connection?.status === 'connected';
			connectors[server] = {
				state: connection ? this.serverState(server, connection) : 'disconnected',
				trusted: this.#trusted.has(server),
				tools: offered.filter((t) => t.connector === server).map((t) => t.name),
				replaced: offers
					? connection.tools.flatMap((tool) => {
							const name = namespaced(server, tool.name);
							const by = owner.get(name);
							return by !== undefined && by !== server ? [{ name, by }] : [];
						})
					: []
			};
		}
		const connected = Object.values(connectors).filter((c) => c.state === 'connected').length;
		return {
			profile: 'trust',
			connectors,
			grant: { tools: [...this.#grant.tools], network: this.#grant.network },
			available: offered.map((t) => t.name),
			pool: offered.filter((t) => allows(this.#grant, t.name)).map((t) => t.name),
			loaded: [...this.#schemas.keys()],
			schemas: Object.fromEntries(
				[...this.#schemas].map(([k, v]) => [
					k,
					{ description: v.description, input_schema: v.input_schema }
				])
			),
			deferredBlock: deferredBlock(offered),
			connectRefused: [...this.#refused],
			health: this.#health,
			pressure: {
				current: pressureOf(connected, offered.map(modelTool)),
				generated: generatedPressure()
			}
		};
	}

	dispose(): void {
		this.calls.stopAll();
	}

	// ---- connectors ---------------------------------------------------------------------

	#connector(args: Record<string, unknown>): string {
		const names = this.host.serverNames();
		const c = args.connector;
		if (typeof c !== 'string' || !names.includes(c))
			throw trustRefusal('unknown_connector', {
				connector: String(c),
				connectors: names.join(', ')
			});
		return c;
	}

	/** s17's trust_connector: trust, then connect at once. */
	#trust(connector: string): void {
		this.#trusted.add(connector);
		// A refusal is news until the connector is trusted: untrusted again later, it has not
		// been refused since, and its card must not say it was.
		this.#refused.delete(connector);
		this.#emit('trusted', { connector });
		this.#connect(connector);
	}

	#untrust(connector: string): void {
		this.#trusted.delete(connector);
		this.#stopped.delete(connector);
		this.host.close(connector);
		this.#emit('untrusted', { connector });
	}

	/** Connecting an untrusted connector does nothing: no process, nothing on the wire. */
	#connect(connector: string): void {
		if (!this.#trusted.has(connector)) {
			this.#refused.add(connector);
			return this.#emit('connect_refused', { connector });
		}
		this.#stopped.delete(connector);
		this.host.connect(connector);
	}

	/** Closes the connection and drops its tools; trust stays. */
	#disconnect(connector: string): void {
		this.#stopped.add(connector);
		this.host.close(connector);
		this.#emit('disconnected', { connector });
	}

	/**
	 * Tools of connected connectors, in config order: what the deferred block lists. Two that
	 * namespace to one name (`a` + `b__c`, `a__b` + `c`) are one entry of a dict keyed by name:
	 * the later connector's tool replaces the earlier one in its place (illustration: the
	 * reference is silent; the naming lab says the same).
	 */
	#offered(): OfferedTool[] {
		const tools = new Map<string, OfferedTool>();
		for (const server of this.host.serverNames()) {
			const connection = this.host.connection(server);
			if (!this.#trusted.has(server) || connection?.status !== 'connected') continue;
			for (const tool of connection.tools) {
				const name = namespaced(server, tool.name);
				tools.set(name, {
					name,
					description: tool.description,
					input_schema: tool.inputSchema ?? { type: 'object', properties: {} },
					connector: server,
					tool: tool.name
				});
			}
		}
		return [...tools.values()];
	}

	/**
	 * Pings every connected connector (a real `ping`); one that does not answer falls back to
	 * `disconnected` and its tools leave the pool. The pings run after the command's turn.
	 */
	#healthCheck(): void {
		const targets = this.host
			.serverNames()
			.filter((s) => this.#trusted.has(s) && this.host.connection(s)?.status === 'connected');
		const check: HealthCheck = {
			at: this.host.clock.now,
			results: Object.fromEntries(targets.map((s) => [s, 'pending' as const])),
			reasons: {}
		};
		this.#health = check;
		this.#checking++;
		const pings = targets.map(async (server) => {
			const link = this.host.connected(server);
			try {
				if (!link) throw new Error('Not connected');
				await withClockTimeout(this.host.clock, this.host.timeoutMs, (options) =>
					link.client.ping(options)
				);
				check.results[server] = 'ok';
			} catch (error) {
				const detail = errorDetail(error);
				check.results[server] = 'down';
				check.reasons[server] = detail;
				this.#stopped.add(server);
				this.host.close(server);
				this.#emit('health_down', { connector: server, detail });
			}
		});
		void Promise.all(pings).then(() => {
			this.#checking--;
			const down = Object.values(check.results).filter((r) => r === 'down').length;
			this.#emit('health_checked', { checked: String(targets.length), down: String(down) });
		});
	}

	// ---- grant --------------------------------------------------------------------------

	#tool(args: Record<string, unknown>): string {
		if (typeof args.tool !== 'string') throw trustRefusal('grant_tool_name');
		return args.tool;
	}

	#on(args: Record<string, unknown>, key: string): boolean {
		if (typeof args[key] !== 'boolean') throw trustRefusal('must_be_boolean', { key });
		return args[key];
	}

	/** Any change of the grant drops every loaded schema: the next use must search again. */
	#setGrant(grant: Grant, event = 'grant_changed'): void {
		this.#grant = grant;
		this.#emit(event, { tools: String(grant.tools.length), network: String(grant.network) });
		const loaded = this.#schemas.size;
		this.#schemas.clear();
		if (loaded) this.#emit('schemas_cleared', { count: String(loaded) });
	}

	// ---- the model's two tools ----------------------------------------------------------

	/** Permission first, then the schema from the connection's tools/list, cached. */
	async #search(args: Record<string, unknown>): Promise<Outcome> {
		const names = Array.isArray(args.tool_names) ? args.tool_names.map(String) : [];
		const offered = this.#offered();
		let refused = false;
		let missing = false;
		const results = names.map((name) => {
			const reason = denial(this.#grant, name);
			if (reason) {
				refused = true;
				return { error: reason, code: PERMISSION_DENIED_CODE, tool: name };
			}
			const found = offered.find((t) => t.name === name);
			if (!found) {
				missing = true;
				return { error: notFoundForSearch(name) };
			}
			const schema = modelTool(found);
			this.#schemas.set(name, schema);
			return schema;
		});
		const output = JSON.stringify(results, null, 2);
		if (refused) return { state: 'permission_denied', output, isError: true };
		return { state: missing ? 'failed' : 'completed', output, isError: missing };
	}

	/** Permission again (the grant may have changed), then the loaded schema, then tools/call. */
	async #execute(args: Record<string, unknown>, progress: (p: Progress) => void): Promise<Outcome> {
		const name = typeof args.toolName === 'string' ? args.toolName : '';
		const params = isRecord(args.params) ? args.params : {};
		const reason = denial(this.#grant, name);
		if (reason) return { state: 'permission_denied', output: reason, isError: true };
		if (!this.#schemas.has(name)) return failed(schemaNotLoaded(name));
		const target = this.#offered().find((t) => t.name === name);
		const link = target && this.host.connected(target.connector);
		if (!target || !link) return failed(notInConnectedConnector(name));
		progress({ server: target.connector, tool: target.tool, sent: params });
		try {
			const result = await this.host.executingOn(target.connector, () =>
				withClockTimeout(this.host.clock, this.host.timeoutMs, (options) =>
					link.client.callTool({ name: target.tool, arguments: params }, undefined, options)
				)
			);
			return {
				state: 'completed',
				output: contentText(result.content),
				isError: result.isError === true
			};
		} catch (error) {
			const detail = errorDetail(error);
			// The SDK refuses before writing when the transport is already gone.
			if (detail === 'Not connected') progress({ sent: null });
			return failed(callError(detail));
		}
	}

	#emit(event: string, params: Record<string, string>): void {
		this.host.emit({ kind: 'profile', profile: 'trust', event, params });
	}
}

const failed = (output: string): Outcome => ({ state: 'failed', output, isError: true });

const modelTool = (t: ModelTool): ModelTool => ({
	name: t.name,
	description: t.description,
	input_schema: t.input_schema
});

/** The text parts of a result, one per line (non-text parts count as empty lines). */
function contentText(content: unknown): string {
	if (!Array.isArray(content)) return '';
	return content
		.filter(isRecord)
		.map((c) => (typeof c.text === 'string' ? c.text : ''))
		.join('\n');
}

/** The trust profile inside a world (profile-extension.ts). */
export function createExtension(host: ProfileHost): ProfileExtension {
	return new TrustExtension(host);
}
