import type { HostSettings } from './protocol-schema';

/**
 * What the world needs of the scenario's `host` block and logging at run time, apart from
 * protocol-schema.ts: its zod schemas (and the SDK's URI-template parser they use) load only
 * when a page is given a world to check, not with every page's start-up.
 */

/** The spec's eight syslog levels, least severe first (the order `logging/setLevel` filters by). */
export const logLevels = [
	'debug',
	'info',
	'notice',
	'warning',
	'error',
	'critical',
	'alert',
	'emergency'
] as const;

/** What the scripted model answers an approved sampling request, unless the scenario says. */
export const DEFAULT_MODEL_REPLY = 'Here is a short summary, written by the scripted model.';

/** Roots as the host declares them (a bare string is a URI without a name). */
export function normaliseRoots(
	roots: HostSettings['roots']
): Array<{ uri: string; name?: string }> {
	return (roots ?? []).map((r) =>
		typeof r === 'string'
			? { uri: r }
			: { uri: r.uri, ...(r.name !== undefined ? { name: r.name } : {}) }
	);
}
