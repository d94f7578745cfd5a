import {
	adaptAll,
	hosts,
	type CollisionRule,
	type HostId,
	type IllustrationId,
	type NamingOptions,
	type ToolRef
} from '$lib/core/naming/hosts';
import {
	breaksProviderLimit,
	PROVIDER_LIMIT,
	type ProviderLimitBreak
} from '$lib/core/naming/provider-limit';
import { m } from '$lib/paraglide/messages';

/** The hosts the lab names by what they are (the others' names are their products' own). */
const described: Partial<Record<HostId, () => string>> = {
	toolsource: m.naming_host_toolsource,
	trust: m.naming_host_trust
};
const labelOf = (host: (typeof hosts)[number]) => described[host.id]?.() ?? host.label;

/** Inputs accept any text, but not megabytes: every name is typed by a learner. */
export const INPUT_MAX = 500;
export const LIMIT_PATTERN = PROVIDER_LIMIT.source;
/** Characters listed when a name breaks the limit; the rest are counted. */
export const CHARACTERS_SHOWN = 8;

export const defaults = {
	server: 'internal-api',
	tool: 'search.orders',
	// `.` and `_` both become `_` for OpenHarness, and the same tool name makes the raw-name
	// hosts collide too (with the prefix option off).
	a: { server: 'internal.api', tool: 'search_orders' },
	b: { server: 'internal_api', tool: 'search_orders' }
} as const;

export interface NameRow {
	id: HostId;
	label: string;
	name: string;
	limit: ProviderLimitBreak | null;
	rule: CollisionRule;
	illustrations: IllustrationId[];
}

export function nameRows(server: string, tool: string, options: NamingOptions): NameRow[] {
	return hosts.map((host) => {
		const name = host.adapt(server, tool, options);
		return {
			id: host.id,
			label: labelOf(host),
			name,
			limit: breaksProviderLimit(name),
			rule: host.collision(options),
			illustrations: host.illustrations
		};
	});
}

export type PairOutcome =
	| { kind: 'same-tool' }
	| { kind: 'distinct' }
	| { kind: 'winner'; pair: 'A' | 'B' }
	| { kind: 'error'; message: string }
	| { kind: 'refused'; message: string }
	| { kind: 'renamed' }
	| { kind: 'kept-both' };

export interface CollisionRow {
	id: HostId;
	label: string;
	/** The names each pair ends up with (after any renaming). */
	names: [string, string];
	outcome: PairOutcome;
	illustrations: IllustrationId[];
}

/**
 * Pair A is listed first: input order for the hosts that use it, and the higher MiniHarness
 * priority. OpenHarness still registers by sorted server name.
 */
export function collisionRows(a: ToolRef, b: ToolRef, options: NamingOptions): CollisionRow[] {
	const same = a.server === b.server && a.tool === b.tool;
	return hosts.map((host) => {
		const result = adaptAll([a, b], host.id, { prefix: options.prefix });
		const [first, second] = result.entries;
		return {
			id: host.id,
			label: labelOf(host),
			names: [first.name, second.name],
			outcome: same
				? { kind: 'same-tool' }
				: outcomeOf(result.collisions[0]?.outcome, result.loadError),
			illustrations: host.illustrations
		};
	});
}

function outcomeOf(
	outcome: ReturnType<typeof adaptAll>['collisions'][number]['outcome'] | undefined,
	loadError: string | null
): PairOutcome {
	if (!outcome) return loadError ? { kind: 'error', message: loadError } : { kind: 'distinct' };
	if (outcome.kind === 'winner') return { kind: 'winner', pair: outcome.index === 0 ? 'A' : 'B' };
	return outcome;
}

/** The disallowed characters to show, each readable even when invisible. */
export function characterList(characters: readonly string[]): { shown: string[]; more: number } {
	return {
		shown: characters.slice(0, CHARACTERS_SHOWN).map(characterLabel),
		more: Math.max(0, characters.length - CHARACTERS_SHOWN)
	};
}

/**
 * A visible character as itself plus its code point (`. U+002E`); spaces, controls, format and
 * combining characters as the code point alone, so nothing invisible (or bidi-reordering) is
 * printed raw.
 */
export function characterLabel(ch: string): string {
	const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
	return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch) ? `${ch} ${code}` : code;
}

/** Every illustration the hosts carry, once, in host order. */
export function allIllustrations(): IllustrationId[] {
	return [...new Set(hosts.flatMap((h) => h.illustrations))];
}
