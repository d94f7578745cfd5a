import type { Scenario } from '../scenario/schema';

/** A real server the learner connects to: it joins the world's scenario as `live: true`. */
export interface LiveEntry {
	name: string;
	url: string;
	/** Extra request headers; they travel in the scenario (redacted in links and exports). */
	headers?: Record<string, string>;
}

/**
 * Why an entry cannot join the world, one reason a form can say in the learner's language.
 * `header-authorization`: a credential belongs in the token field, which stays in memory only.
 */
export type LiveEntryProblem =
	| 'name-empty'
	| 'name-long'
	| 'name-taken'
	| 'url-invalid'
	| 'url-scheme'
	| 'url-credentials'
	| 'header-name'
	| 'header-value'
	| 'header-authorization';

export const NAME_MAX = 100;

/** The sentences an API caller gets (the UI translates the problem instead). */
export const LIVE_ENTRY_MESSAGES: Record<LiveEntryProblem, string> = {
	'name-empty': 'A live server needs a name.',
	'name-long': `A server name has at most ${NAME_MAX} characters.`,
	'name-taken': 'This world already has a server with that name: choose another.',
	'url-invalid': 'The URL is not a valid address (e.g. http://127.0.0.1:8787/filesystem/mcp).',
	'url-scheme': 'A live server is reached over http:// or https://.',
	'url-credentials':
		'A live server’s URL cannot carry a user name or password: put a token in the token field (it stays in memory).',
	'header-name': 'A header name is letters, digits and - only (e.g. X-Api-Key).',
	'header-value': 'A header value cannot span lines.',
	'header-authorization':
		'Put a bearer token in the token field (it stays in memory), not in an Authorization header.'
};

/**
 * `http://user:pass@host`: the browser refuses to fetch it and quotes the whole URL, password
 * included, in its error, which would reach the status, the log and an embedding page.
 */
function hasCredentials(url: string): boolean {
	const parsed = URL.parse(url);
	return !!parsed && (parsed.username !== '' || parsed.password !== '');
}

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Every problem of an entry, in the order of the form's fields; none means it can join. */
export function checkLiveEntry(entry: LiveEntry, taken: readonly string[]): LiveEntryProblem[] {
	const problems: LiveEntryProblem[] = [];
	const name = entry.name.trim();
	if (!name) problems.push('name-empty');
	else if (name.length > NAME_MAX) problems.push('name-long');
	else if (taken.includes(name)) problems.push('name-taken');
	const url = urlProblem(entry.url);
	if (url) problems.push(url);
	for (const [key, value] of Object.entries(entry.headers ?? {}))
		problems.push(...headerProblems(key, value));
	return [...new Set(problems)];
}

/** What is wrong with a live server's URL (trimmed first), if anything. */
export function urlProblem(text: string): LiveEntryProblem | null {
	const url = text.trim();
	if (!URL.canParse(url)) return 'url-invalid';
	if (!['http:', 'https:'].includes(new URL(url).protocol)) return 'url-scheme';
	return hasCredentials(url) ? 'url-credentials' : null;
}

/** The problems of one header, so the form can mark the row at fault. */
export function headerProblems(key: string, value: string): LiveEntryProblem[] {
	const problems: LiveEntryProblem[] = [];
	if (!HEADER_NAME.test(key)) problems.push('header-name');
	else if (key.toLowerCase() === 'authorization') problems.push('header-authorization');
	if (/[\r\n]/.test(value)) problems.push('header-value');
	return problems;
}

/** Why a world cannot take this entry, as an Error with the first problem's sentence. */
export class LiveEntryError extends Error {
	constructor(readonly problems: LiveEntryProblem[]) {
		super(LIVE_ENTRY_MESSAGES[problems[0]]);
	}
}

/** The scenario with the entry added, once checked against the world's server names. */
export function addToScenario(
	scenario: Scenario,
	taken: readonly string[],
	entry: LiveEntry
): Scenario {
	const problems = checkLiveEntry(entry, taken);
	if (problems.length) throw new LiveEntryError(problems);
	return withLiveServer(scenario, entry);
}

/**
 * The scenario with the live server added (after the others, so connect_all reaches it last).
 * Built as the schema's output directly, for an entry checkLiveEntry accepted: the scenario
 * parser stays out of the chunk that loads on connect (a value import of it from there would
 * split the pages' start-up chunks).
 */
export function withLiveServer(scenario: Scenario, entry: LiveEntry): Scenario {
	const server = {
		type: 'http' as const,
		url: entry.url.trim(),
		headers: { ...entry.headers },
		live: true
	};
	return { ...scenario, mcp_servers: { ...scenario.mcp_servers, [entry.name.trim()]: server } };
}

/** A free name to suggest: `live`, else `live-2`, `live-3`… */
export function freeName(taken: readonly string[], base = 'live'): string {
	if (!taken.includes(base)) return base;
	let n = 2;
	while (taken.includes(`${base}-${n}`)) n++;
	return `${base}-${n}`;
}
