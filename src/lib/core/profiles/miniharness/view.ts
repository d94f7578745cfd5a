import type { ProfileView } from '../../world/profile-extension';
import type { CallDetail, MiniHarnessCalls } from './calls';
import type { CheckpointState } from './checkpoints';
import type { PolicyWord } from './config';
import { policyFor, type Approval } from './executor';
import type { Route } from './routing';
import type { ClientState, MiniClient, MiniSession, SessionState } from './session';

export type ClientWord = 'pending' | 'initializing' | 'initialized' | 'failed' | 'closed';

/** The miniharness view: what its panel reads (types only, so the page loads no profile code). */
export interface MiniHarnessView extends ProfileView {
	profile: 'miniharness';
	session: SessionState;
	starts: number;
	sessionId: string;
	user: string;
	timeoutMs: number;
	schemaTtlMs: number;
	servers: Array<{
		name: string;
		priority: number;
		transport: string;
		state: ClientWord;
		error: string;
		protocolVersion: string | null;
		capabilities: string[];
		capabilitiesJson: string;
		serverName: string;
		tools: string[];
		handshakes: number;
	}>;
	serverState: Record<string, ClientWord>;
	routes: Record<string, Route>;
	routeList: Route[];
	schemaCache: Array<{ key: string; listedAt: number; expiresAt: number; expired: boolean }>;
	/**
	 * `unrouted` (the lab's note, not MiniHarness's): the key names no tool the routing table has,
	 * so it decides no call; its value is the routed names it likely meant (another case). Absent
	 * before every client has initialized or failed; while one has failed (its tools unknown: the
	 * key may name one), only for a key that is another case of a routed name.
	 */
	policies: Array<{ tool: string; policy: PolicyWord; unrouted?: string[] }>;
	relisted: Array<{ server: string; tool: string; at: number }>;
	replayed: string[];
	approvals: Approval[];
	checkpoints: Array<{
		session: string;
		call: string;
		name: string;
		server: string;
		state: CheckpointState;
		result: string;
	}>;
	checkpointOf: Record<string, { state: CheckpointState; result: string }>;
	calls: Record<string, CallDetail>;
}

/**
 * A policy key no routed tool answers to, once start-up has settled. A failed client never
 * comes back, but its tools are unknown, so a key it may have offered is not marked unless it is
 * another case of a routed name (a world with one server down is the usual case: the mark
 * vanished with it).
 */
export function unroutedNote(
	session: Pick<MiniSession, 'state' | 'routes'>,
	clients: ReadonlyArray<Pick<MiniClient, 'state'>>,
	tool: string
): { unrouted?: string[] } {
	const settled =
		session.state === 'initialized' &&
		clients.every((c) => c.state === 'initialized' || c.state === 'failed');
	if (!settled || session.routes.some((r) => r.name === tool)) return {};
	const lower = tool.toLowerCase();
	const meant = session.routes.filter((r) => r.name.toLowerCase() === lower).map((r) => r.name);
	if (!meant.length && clients.some((c) => c.state === 'failed')) return {};
	return { unrouted: meant };
}

/**
 * The profile's state as plain data: for its panel, lab goals (`{profile:{path}}`) and the embed
 * snapshot. Lists are arrays in a fixed order so goals can name `servers.0.state`.
 */
export function miniHarnessView(
	session: MiniSession,
	calls: MiniHarnessCalls,
	now: number
): MiniHarnessView {
	const clients = [...session.clients.values()];
	const toolNames = new Set([
		...Object.keys(session.config.policy ?? {}),
		...session.routes.map((r) => r.name)
	]);
	return {
		profile: 'miniharness',
		session: session.state,
		starts: session.starts,
		sessionId: session.id,
		user: session.user,
		timeoutMs: session.timeoutMs,
		schemaTtlMs: session.cache.ttlMs,
		servers: clients.map((c) => ({
			name: c.server,
			priority: c.priority,
			transport: c.transport,
			state: word(c.state),
			error: c.error,
			protocolVersion: c.metadata?.protocolVersion ?? null,
			capabilities: c.metadata ? Object.keys(c.metadata.capabilities) : [],
			capabilitiesJson: c.metadata ? JSON.stringify(c.metadata.capabilities) : '',
			serverName: c.metadata?.serverName ?? '',
			tools: c.tools.map((t) => t.name),
			handshakes: c.handshakes
		})),
		serverState: Object.fromEntries(clients.map((c) => [c.server, word(c.state)])),
		// Keyed by tool name too, so a goal can say `routes.search.server`.
		routes: Object.fromEntries(session.routes.map((r) => [r.name, r])),
		routeList: session.routes,
		schemaCache: session.cache.entries.map((e) => ({
			key: e.key,
			listedAt: e.listedAt,
			expiresAt: e.expiresAt,
			expired: now >= e.expiresAt
		})),
		policies: [...toolNames].map((tool) => ({
			tool,
			policy: policyFor(session.config, tool) ?? 'ask',
			...unroutedNote(session, clients, tool)
		})),
		relisted: session.relisted.map((r) => ({ ...r })),
		replayed: [...session.replayed],
		approvals: session.approvals.map((a) => ({ ...a })),
		checkpoints: session.checkpoints.all.map((c) => ({
			session: c.session,
			call: c.call,
			name: c.name,
			server: c.server,
			state: c.state,
			result: c.result
		})),
		// Keyed by call id, so a goal can say `checkpointOf.c3.state`.
		checkpointOf: Object.fromEntries(
			session.checkpoints.all.map((c) => [c.call, { state: c.state, result: c.result }])
		),
		calls: Object.fromEntries(calls.details)
	};
}

/** A client not yet initialized is `pending`, like every server before its session. */
export const word = (state: ClientState): ClientWord => (state === 'new' ? 'pending' : state);
