import { ADMIN_HEADER } from './admin';
import { DEFAULT_HOST } from './args';
import { NOT_MCP_PATH } from './endpoints';
import { isWildcard } from './guard';
import type { LabApp } from './http-app';
import { span } from './sessions';

/** The first line printed once the port is bound; e2e tests read the URL from it. */
export const READY = 'MCP Lab server ready:';

export interface BannerInput {
	app: LabApp;
	skipped: readonly string[];
	/** Printed here and nowhere else. */
	token: string | null;
	tokenGenerated: boolean;
	slowMs: number;
	keys: boolean;
	warnings: readonly string[];
}

const pad = (text: string, width: number) => text.padEnd(width);

/** What a workshop needs on screen: the URLs to paste, what each teaching URL shows, the switches. */
export function bannerLines(input: BannerInput): string[] {
	const { app } = input;
	const { base } = app;
	// Bound to every interface, the URLs learners paste carry this machine's network address:
	// 127.0.0.1 on their own machines is not this one. The admin lines keep 127.0.0.1 (this machine).
	const shown = app.networkBases[0] ?? base;
	const urls = app.urls(shown);
	const width = Math.max(...urls.map((u) => u.name.length)) + 2;
	const sample = urls[0];
	const count = `${urls.length} server${urls.length === 1 ? '' : 's'}`;
	const lines = [
		`${READY} ${base}`,
		...input.warnings.map((w) => `Warning: ${w}`),
		...networkLines(app)
	];
	lines.push(
		`Serving ${app.options.label} (${count}). Paste a server's URL into the lab's live mode:`,
		...urls.map((u) => `  ${pad(u.name, width)}${u.url}`)
	);
	if (input.skipped.length)
		lines.push(`Not served (marked live in the scenario): ${input.skipped.join(', ')}`);
	lines.push(
		`Teaching endpoints, one error class each (every server has the first two; shown for ${sample.name}):`,
		`  CORS failure            ${sample.noCors}`,
		'                          no CORS headers: the page only sees "TypeError: Failed to fetch"',
		`  session id not exposed  ${sample.noExpose}`,
		'                          initialize works; the next request has no session id and gets 400',
		`  not an MCP endpoint     ${shown}${NOT_MCP_PATH.slice(1)}`,
		'                          a web page: 200 text/html',
		'  stale session           press k: an old Mcp-Session-Id gets 404 Session not found',
		`  unauthorized            press u${input.token ? '' : ' (or start with --token auto)'}: 401 with WWW-Authenticate`,
		`Allowed browser origins: ${app.options.origins.join(', ')} (more with --origin <url>)`
	);
	if (input.token)
		lines.push(
			// The token alone first: a learner copies it into the page's Bearer token field, and
			// copied from `Authorization: Bearer …` it came with the scheme's word.
			`Token required${input.tokenGenerated ? ' (generated)' : ''}: ${input.token} (printed only this once; a client sends it as "Authorization: Bearer <token>")`
		);
	else lines.push('Token: none required (start with --token auto to require one)');
	lines.push(
		`Sessions: one per connection; one with no request open and none for ${span(app.sessions.idleMs)} ends (its id then gets 404).`
	);
	lines.push(
		app.options.adminOpen
			? `Admin: POST ${base}_lab/faults is open (--admin-open); GET ${base}_lab/status`
			: `Admin: POST ${base}_lab/faults with header "${ADMIN_HEADER}: ${app.options.adminSecret}" from this machine; GET ${base}_lab/status`
	);
	lines.push(
		input.keys
			? keysLine(input.slowMs)
			: 'Keys: off (stdin is not a terminal); use the admin endpoint for faults.'
	);
	return lines;
}

/** Bound to every interface: the addresses learners on the network use, or that there is none. */
function networkLines(app: LabApp): string[] {
	if (!isWildcard(app.options.host)) return [];
	const [first, ...others] = app.networkBases;
	if (!first) return [`No network address on this machine yet: only it can connect (${app.base}).`];
	const also = others.length ? ` (also ${others.join(', ')})` : '';
	return [`On the network, learners use ${first}${also}: the URLs to paste below start with it.`];
}

export function keysLine(slowMs: number): string {
	return `Keys: k kill every session · s slow responses (+${slowMs} ms) · u 401 to everything · h help · q quit`;
}

export function helpLines(app: LabApp, slowMs: number): string[] {
	return [
		keysLine(slowMs),
		`Faults by HTTP: curl -X POST ${app.base}_lab/faults -H '${ADMIN_HEADER}: <secret>' -H 'content-type: application/json' -d '{"killSessions":true,"slowMs":0,"unauthorized":false}'`,
		`Sessions and faults: curl ${app.base}_lab/status`
	];
}

/** Listening beyond this machine exposes the servers to the network: said plainly at start. */
export function hostWarnings(host: string, loopback: boolean, token: boolean): string[] {
	if (loopback) return [];
	const advice = token ? '' : ' Consider --token auto.';
	return [
		`listening on ${host}, not ${DEFAULT_HOST}: anyone who can reach this address can use these servers.${advice}`
	];
}
