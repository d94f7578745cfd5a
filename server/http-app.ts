import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { boundText } from '../src/lib/core/text/bound';
import { SimProcess } from '../src/lib/core/world/sim-process';
import { handleAdmin } from './admin';
import { corsHeaders, preflightHeaders } from './cors';
import {
	METADATA_PATH,
	NOT_MCP_HTML,
	NOT_MCP_PATH,
	mcpRoute,
	resourceMetadata,
	serverUrls
} from './endpoints';
import { Faults } from './faults';
import {
	allowedHosts,
	checkHostAndOrigin,
	hasBearer,
	hostWithPort,
	isWildcard,
	machineOf,
	type Machine
} from './guard';
import { RefusedOrigins, terminalText } from './refused-origins';
import { readJson, sendHtml, sendJson, sendRpcError, type Headers } from './respond';
import type { ServedServer } from './scenario-source';
import { MAX_SESSIONS, Sessions, type LabSession } from './sessions';

export interface LabAppOptions {
	/** What the start-up print and `/` call the scenario. */
	label: string;
	servers: readonly ServedServer[];
	/** The address listened on and the port actually bound. */
	host: string;
	port: number;
	origins: readonly string[];
	token: string | null;
	adminSecret: string;
	adminOpen: boolean;
	/** Waits before a request is served (latency, slow fault); tests pass a recorder. */
	delay?: (ms: number) => Promise<void>;
	log?: (line: string) => void;
	/** How long an unused session lives (DEFAULT_IDLE_MS unless given); `now`, its clock. */
	sessionIdleMs?: number;
	now?: () => number;
	/** This machine's addresses and name; read from the OS at start unless given (tests). */
	machine?: Machine;
}

/** The SDK transport's own default bound for a POST body. */
const MAX_BODY = 4 * 1024 * 1024;
const MAX_SHOWN = 200;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The lab server's request handler on plain `node:http`: Host/Origin guard, CORS, token, the
 * teaching endpoints, and stateful MCP sessions served by the SDK's Streamable HTTP transport.
 */
export class LabApp {
	readonly sessions: Sessions;
	readonly faults: Faults;
	/**
	 * `http://<listening address>:<port>/` (127.0.0.1 when bound to every interface): what this
	 * machine uses. A request is answered with the address it came by (`baseOf`).
	 */
	readonly base: string;
	/**
	 * Bound to every interface (0.0.0.0, ::): `http://<LAN address>:<port>/` for each address
	 * other machines can reach, IPv4 first; what the banner tells learners. Otherwise empty.
	 */
	readonly networkBases: string[];
	readonly machine: Machine;
	readonly #hosts: string[];
	readonly #servers: Map<string, ServedServer>;
	/** One per configured server, as in the world: its latencies apply to every session. */
	readonly #processes: Map<string, SimProcess>;
	readonly #delay: (ms: number) => Promise<void>;
	readonly #refusedOrigins: RefusedOrigins;
	readonly #expiry: ReturnType<typeof setInterval>;
	readonly log: (line: string) => void;

	constructor(readonly options: LabAppOptions) {
		this.log = options.log ?? (() => {});
		this.#delay = options.delay ?? sleep;
		this.#refusedOrigins = new RefusedOrigins(this.log);
		this.sessions = new Sessions(this.log, { idleMs: options.sessionIdleMs, now: options.now });
		// Checked at least once a minute: an idle session ends within a minute of its limit.
		// A failing close must not end the lab server (an unhandled rejection would); at least a
		// second apart, whatever the limit.
		this.#expiry = setInterval(
			() =>
				void this.sessions
					.expireIdle()
					.catch((error: unknown) => this.log(`Expiring idle sessions failed: ${String(error)}`)),
			Math.max(1000, Math.min(this.sessions.idleMs, 60_000))
		);
		// Never what keeps the process alive: stopping the listener is enough to exit.
		this.#expiry.unref();
		this.faults = new Faults(() => this.sessions.killAll());
		const wildcard = isWildcard(options.host);
		this.base = `http://${hostWithPort(wildcard ? '127.0.0.1' : options.host, options.port)}/`;
		this.machine = options.machine ?? machineOf(networkInterfaces(), hostname());
		this.networkBases = wildcard
			? this.machine.lan.map((a) => `http://${hostWithPort(a, options.port)}/`)
			: [];
		this.#hosts = allowedHosts(options.host, options.port, this.machine);
		this.#servers = new Map(options.servers.map((s) => [s.name, s]));
		this.#processes = new Map(options.servers.map((s) => [s.name, new SimProcess(s.name, s.sim)]));
	}

	/** Each served server's URLs (its MCP endpoint and teaching variants) under `base`. */
	urls(base = this.base) {
		return serverUrls(base, [...this.#servers.keys()]);
	}

	/** The 401's challenge, naming the metadata at the address the request came by (`baseOf`). */
	challenge(base = this.base): string {
		return `Bearer realm="mcp-lab", resource_metadata="${base}${METADATA_PATH.slice(1)}"`;
	}

	/**
	 * The base a request reached this server by. Its Host passed the allow-list, so it is one of
	 * this machine's own names: a learner on the network gets URLs with the address they used,
	 * where `base` would send them to 127.0.0.1, their own machine.
	 */
	baseOf(req: IncomingMessage): string {
		const host = req.headers.host;
		return host ? `http://${host.toLowerCase()}/` : this.base;
	}

	readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
		this.#route(req, res).catch((error: unknown) => {
			this.log(
				`Request ${terminalText(req.method ?? '')} ${terminalText(req.url ?? '')} failed: ${terminalText(String(error))}`
			);
			if (!res.headersSent) sendRpcError(res, 500, -32603, 'Internal error');
			else res.end();
		});
	};

	async close(): Promise<void> {
		clearInterval(this.#expiry);
		await this.sessions.killAll('closed');
	}

	async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const refused = checkHostAndOrigin(req.headers, this.#hosts, this.options.origins);
		if (refused?.header === 'Origin') this.#refusedOrigins.report(refused.value);
		if (refused)
			return sendRpcError(
				res,
				403,
				-32000,
				`Forbidden: ${refused.header} header ${JSON.stringify(bounded(refused.value))} is not allowed by this lab server (DNS-rebinding protection).`
			);
		const { pathname } = new URL(req.url ?? '/', this.base);
		if (pathname.startsWith('/_lab/')) return handleAdmin(this, req, res, pathname);
		const route = mcpRoute(pathname);
		const origin = req.headers.origin;
		if (req.method === 'OPTIONS') {
			res.writeHead(204, preflightHeaders(origin, route?.cors ?? 'full', req.headers));
			return void res.end();
		}
		const cors = corsHeaders(origin, route?.cors ?? 'full');
		if (pathname === '/') return sendJson(res, 200, this.index(this.baseOf(req)), cors);
		if (pathname === NOT_MCP_PATH) return sendHtml(res, 200, NOT_MCP_HTML, cors);
		if (pathname === METADATA_PATH || pathname.startsWith(`${METADATA_PATH}/`))
			return sendJson(res, 200, resourceMetadata(this.baseOf(req), pathname), cors);
		const served = route && this.#servers.get(route.server);
		if (!served) {
			const names = [...this.#servers.keys()].join(', ');
			const what = route ? `no server named "${bounded(route.server)}"` : 'not an MCP endpoint';
			return sendRpcError(
				res,
				404,
				-32000,
				`Not Found: ${what}. MCP endpoints are /<server>/mcp for: ${names}`,
				cors
			);
		}
		const unauthorized = this.#unauthorized(req);
		if (unauthorized)
			return sendRpcError(res, 401, -32000, unauthorized, {
				...cors,
				'WWW-Authenticate': this.challenge(this.baseOf(req))
			});
		return this.#mcp(req, res, served, cors);
	}

	#unauthorized(req: IncomingMessage): string | null {
		if (this.faults.unauthorized)
			return "Unauthorized: the lab server's 401 fault is on (the instructor switched it on).";
		const token = this.options.token;
		if (token === null || hasBearer(req.headers, token)) return null;
		return req.headers.authorization === undefined
			? 'Unauthorized: this lab server needs "Authorization: Bearer <token>" with the token it printed at start.'
			: 'Unauthorized: the bearer token is not the one this lab server printed at start.';
	}

	async #mcp(req: IncomingMessage, res: ServerResponse, served: ServedServer, cors: Headers) {
		let body: unknown;
		if (req.method === 'POST') {
			const read = await readJson(req, MAX_BODY);
			if (!read.ok) return sendRpcError(res, read.status, read.code, read.message, cors);
			body = read.value;
		}
		const header = req.headers['mcp-session-id'];
		let session: LabSession['transport'] | null = null;
		if (typeof header === 'string') {
			const found = this.sessions.get(header);
			// Unknown, killed, crashed, or another server's: the SDK transport's own answer.
			if (!found || found.server !== served.name)
				return sendRpcError(res, 404, -32001, 'Session not found', cors);
			session = found.transport;
			// Open until its response ends: a page's GET stream keeps its session from expiring.
			res.once('close', this.sessions.begin(header));
		} else if (req.method === 'POST' && initializes(body)) {
			if (this.sessions.size >= MAX_SESSIONS)
				return sendRpcError(
					res,
					503,
					-32000,
					`Service Unavailable: ${MAX_SESSIONS} sessions are open; kill them (k) first.`,
					cors
				);
			// Opened after the wait below, once the client is known to still be there.
		} else if (req.method === 'GET' || req.method === 'POST' || req.method === 'DELETE') {
			return sendRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required', cors);
		} else {
			return sendRpcError(res, 405, -32000, 'Method not allowed.', {
				...cors,
				Allow: 'GET, POST, DELETE'
			});
		}
		const wait = this.#latency(served, body);
		if (wait > 0) {
			await this.#delay(wait);
			// A client that gave up during the wait (a browser's 30 s timeout on a slow fault) is
			// gone: answering now would open a session nobody holds, listed until it expires.
			if (res.destroyed || req.socket.destroyed)
				return this.log(
					`Dropped a request to ${served.name}: its client went away during the ${wait} ms wait.`
				);
		}
		session ??= await this.sessions.open(served);
		for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
		await session.handleRequest(req, res, body);
	}

	/** The scenario's latency for the slowest request in the body, plus the slow fault. */
	#latency(served: ServedServer, body: unknown): number {
		const process = this.#processes.get(served.name);
		const requests = (Array.isArray(body) ? body : [body]).filter(isRequest);
		if (!process || !requests.length) return 0;
		const each = requests.map((r) =>
			process.latencyFor({
				method: r.method,
				tool: r.method === 'tools/call' ? String(r.params?.name ?? '') : undefined
			})
		);
		return Math.max(...each) + this.faults.slowMs;
	}

	/** `GET /`: what is served here, for people and for the lab's "connect" form alike. */
	index(base = this.base) {
		return {
			name: 'MCP Lab server',
			scenario: this.options.label,
			tokenRequired: this.options.token !== null,
			servers: this.urls(base),
			notMcp: `${base}${NOT_MCP_PATH.slice(1)}`
		};
	}
}

type Request = { method: string; id: unknown; params?: { name?: unknown } };

function isRequest(message: unknown): message is Request {
	return (
		typeof message === 'object' &&
		message !== null &&
		typeof (message as Request).method === 'string' &&
		'id' in message
	);
}

function initializes(body: unknown): boolean {
	return Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
}

/** Text from a request echoed back or logged: bounded, so a huge header stays small. */
function bounded(text: string): string {
	const cut = boundText(text, MAX_SHOWN);
	return cut.omitted ? `${cut.text}…` : cut.text;
}
