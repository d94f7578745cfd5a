import { liveServers, withLiveUrl } from '$lib/core/live/live-servers';
import type { Lab } from '$lib/core/labs/lab-schema';
import { mergeServers } from '$lib/core/scenario/plugins';
import type { Scenario } from '$lib/core/scenario/schema';

/**
 * The addresses a learner gave a lab's live servers (Change address on the card, the world
 * editor), kept for this tab so that a reload, Reset the lab or a step link does not send them
 * back to the lab's own port (lab 08 on a computer where 8787 is taken). Only a plain address is
 * kept: one with a query string, a fragment or a user name may carry a secret, and secrets never
 * go into storage.
 */
export const LIVE_ADDRESSES_KEY = 'mcp-lab.live-addresses.v1';

type Stored = Record<string, Record<string, string>>;
type LabWorld = Pick<Lab, 'id' | 'scenario'>;

/** An http(s) address with nothing that could be a credential in it. */
function plain(text: unknown): text is string {
	if (typeof text !== 'string' || text.length > 2_000) return false;
	const url = URL.parse(text);
	return (
		!!url &&
		/^https?:$/.test(url.protocol) &&
		!url.username &&
		!url.password &&
		!url.search &&
		!url.hash
	);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function read(storage: Storage | null): Stored {
	try {
		const parsed: unknown = JSON.parse(storage?.getItem(LIVE_ADDRESSES_KEY) ?? '{}');
		return isRecord(parsed) ? (parsed as Stored) : {};
	} catch {
		return {};
	}
}

/** The lab's own live servers and their addresses, by name. */
const ownLive = (lab: LabWorld) => liveServers(mergeServers(lab.scenario).servers);

/** The lab's live servers whose address in `scenario` differs from the lab's and is plain. */
function changedAddresses(lab: LabWorld, scenario: Scenario): Record<string, string> {
	const now = liveServers(mergeServers(scenario).servers);
	const changed: Record<string, string> = {};
	for (const [name, own] of ownLive(lab)) {
		const url = now.get(name)?.url;
		if (url !== undefined && url !== own.url && plain(url)) changed[name] = url;
	}
	return changed;
}

/**
 * The lab's world at `addresses` (checked again: only the lab's live servers, only plain
 * addresses), or null when none applies.
 */
function atAddresses(lab: LabWorld, addresses: unknown): Scenario | null {
	if (!isRecord(addresses)) return null;
	let scenario: Scenario | null = null;
	for (const [name, own] of ownLive(lab)) {
		const url = Object.hasOwn(addresses, name) ? addresses[name] : undefined;
		if (plain(url) && url !== own.url) scenario = withLiveUrl(scenario ?? lab.scenario, name, url);
	}
	return scenario;
}

/**
 * Keeps, for this lab, each of its live servers whose address in `scenario` differs from the
 * lab's and is plain; forgets the others. Returns the lab's world at the addresses kept (null
 * when none), which lasts as long as the page even where storage refuses.
 */
export function rememberLiveAddresses(
	lab: LabWorld,
	scenario: Scenario,
	storage: Storage | null = browserStorage()
): Scenario | null {
	const kept = changedAddresses(lab, scenario);
	const stored = read(storage);
	if (Object.keys(kept).length) stored[lab.id] = kept;
	else delete stored[lab.id];
	try {
		if (Object.keys(stored).length) storage?.setItem(LIVE_ADDRESSES_KEY, JSON.stringify(stored));
		else storage?.removeItem(LIVE_ADDRESSES_KEY);
	} catch {
		// A full or refused storage: the addresses last as long as the page.
	}
	return atAddresses(lab, kept);
}

/** The lab's world with the addresses kept for it in this tab, or null when none applies. */
export function withRememberedAddresses(
	lab: LabWorld,
	storage: Storage | null = browserStorage()
): Scenario | null {
	return atAddresses(lab, read(storage)[lab.id]);
}

function browserStorage(): Storage | null {
	try {
		return typeof window === 'undefined' ? null : window.sessionStorage;
	} catch {
		return null;
	}
}
