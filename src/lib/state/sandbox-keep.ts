import { hasLiveServers } from '$lib/core/live/live-servers';
import { REDACTED, redactScenario } from '$lib/core/share/redact';
import { larger } from '$lib/core/text/larger';
import type { Scenario } from '$lib/core/scenario/schema';

/**
 * The sandbox's applied world across a reload of its tab (sessionStorage: a new tab starts from
 * the template). Never a secret: header and env values are replaced as a share link replaces
 * them, and a world with a live server is not kept at all (its URL's query may carry a key).
 */
export const SANDBOX_KEY = 'mcp-lab:sandbox-world';
const FORMAT = 1;
/** A scenario larger than this is not kept: storage is small and shared with the site. */
export const KEEP_MAX_CHARS = 1_000_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps what runs, or forgets it when it is the template again (or cannot be kept). */
export function keepSandboxWorld(store: Store, scenario: Scenario, template: Scenario): void {
	try {
		// A hostile world can hold megabytes of text, nested deep: it is measured (cheaply, and
		// only up to the bound) before anything is serialised, and then not kept.
		if (scenario === template || hasLiveServers(scenario) || larger(scenario, KEEP_MAX_CHARS))
			return store.removeItem(SANDBOX_KEY);
		const text = JSON.stringify({ v: FORMAT, scenario: redactScenario(scenario) });
		const keep =
			text.length <= KEEP_MAX_CHARS && JSON.stringify(scenario) !== JSON.stringify(template);
		if (keep) store.setItem(SANDBOX_KEY, text);
		else store.removeItem(SANDBOX_KEY);
	} catch {
		// Storage refused (full, or off in this browser): the world simply is not kept.
	}
}

/** The world kept before the reload, as scenario input for setScenario; null when none. */
export function keptSandboxWorld(store: Store): { scenario: unknown; redacted: boolean } | null {
	let text: string | null;
	try {
		text = store.getItem(SANDBOX_KEY);
	} catch {
		return null;
	}
	if (!text || text.length > KEEP_MAX_CHARS) return null;
	try {
		const kept = JSON.parse(text) as { v?: unknown; scenario?: unknown };
		if (kept.v !== FORMAT || typeof kept.scenario !== 'object' || kept.scenario === null)
			return null;
		return { scenario: kept.scenario, redacted: text.includes(JSON.stringify(REDACTED)) };
	} catch {
		return null;
	}
}

export function forgetSandboxWorld(store: Store): void {
	try {
		store.removeItem(SANDBOX_KEY);
	} catch {
		// Nothing kept can be read back either.
	}
}
