import type { ProfileId } from '../scenario/schema';

/**
 * Lab 09's lesson: which defences against poisoned or changing tools each profile has, read
 * from the shared reference (`harness-behaviors.md`, the section in `ref`) and, where the lab
 * implements the profile, from the code in `code` (defences.test.ts checks those cells against
 * it). `unspecified`: the reference says nothing, so the lab claims nothing either way.
 */
export const DEFENCES = [
	'description',
	'annotations',
	'listChanged',
	'pinning',
	'credentialPaths',
	'approval',
	'grant'
] as const;
export type Defence = (typeof DEFENCES)[number];

export type Verdict = 'has' | 'lacks' | 'partial' | 'unspecified';

/** Why a cell says what it says; each has a sentence in both languages (defences_detail_*). */
export type Detail =
	| 'forwarded_whole'
	| 'bounded_1024'
	| 'deferred_line'
	| 'annotations_ignored'
	| 'effects_from_allowlist'
	| 'grant_only'
	| 'policy_only'
	| 'registry_once'
	| 'schema_ttl'
	| 'no_pinning'
	| 'rule_1'
	| 'every_call'
	| 'per_effect'
	| 'grant_rechecked'
	| 'cached_args'
	| 'allowed_denied_tools'
	| 'allowlist'
	| 'grant_network'
	| 'policy_deny'
	| 'allowed_tools_filter'
	| 'not_in_reference';

export interface Cell {
	verdict: Verdict;
	detail: Detail;
	/** The section of harness-behaviors.md the cell is read from. */
	ref: string;
	/** The lab's code that implements it, when the lab implements that behaviour. */
	code?: string;
}

export const TABLE_PROFILES = [
	'openharness',
	'toolsource',
	'trust',
	'miniharness',
	'contextual'
] as const satisfies readonly ProfileId[];

const silent = (ref: string): Cell => ({ verdict: 'unspecified', detail: 'not_in_reference', ref });

export const DEFENCE_TABLE: Record<(typeof TABLE_PROFILES)[number], Record<Defence, Cell>> = {
	openharness: {
		description: {
			verdict: 'lacks',
			detail: 'forwarded_whole',
			ref: '§1',
			code: 'src/lib/core/registry/registry.ts'
		},
		annotations: {
			verdict: 'has',
			detail: 'annotations_ignored',
			ref: '§1',
			code: 'src/lib/core/profiles/openharness/permissions.ts'
		},
		listChanged: {
			verdict: 'lacks',
			detail: 'registry_once',
			ref: '§1',
			code: 'src/lib/core/machines/manager.machine.ts'
		},
		pinning: { verdict: 'lacks', detail: 'no_pinning', ref: '§1' },
		credentialPaths: {
			verdict: 'has',
			detail: 'rule_1',
			ref: '§1',
			code: 'src/lib/core/profiles/openharness/permissions.ts'
		},
		approval: {
			verdict: 'has',
			detail: 'every_call',
			ref: '§1',
			code: 'src/lib/core/profiles/openharness/permissions.ts'
		},
		grant: {
			verdict: 'has',
			detail: 'allowed_denied_tools',
			ref: '§1',
			code: 'src/lib/core/profiles/openharness/permissions.ts'
		}
	},
	toolsource: {
		description: {
			verdict: 'has',
			detail: 'bounded_1024',
			ref: '§4',
			code: 'src/lib/core/registry/toolsource-registry.ts'
		},
		annotations: {
			verdict: 'has',
			detail: 'effects_from_allowlist',
			ref: '§4',
			code: 'src/lib/core/profiles/toolsource/policy.ts'
		},
		listChanged: silent('§4'),
		pinning: silent('§4'),
		credentialPaths: silent('§4'),
		approval: {
			verdict: 'has',
			detail: 'per_effect',
			ref: '§4',
			code: 'src/lib/core/profiles/toolsource/policy.ts'
		},
		grant: {
			verdict: 'has',
			detail: 'allowlist',
			ref: '§4',
			code: 'src/lib/core/profiles/toolsource/policy.ts'
		}
	},
	trust: {
		description: { verdict: 'unspecified', detail: 'deferred_line', ref: '§2' },
		annotations: { verdict: 'has', detail: 'grant_only', ref: '§2' },
		listChanged: silent('§2'),
		pinning: silent('§2'),
		credentialPaths: silent('§2'),
		approval: { verdict: 'partial', detail: 'grant_rechecked', ref: '§2' },
		grant: { verdict: 'has', detail: 'grant_network', ref: '§2' }
	},
	miniharness: {
		description: silent('§3'),
		annotations: { verdict: 'has', detail: 'policy_only', ref: '§3' },
		listChanged: { verdict: 'unspecified', detail: 'schema_ttl', ref: '§3' },
		pinning: silent('§3'),
		credentialPaths: silent('§3'),
		approval: { verdict: 'partial', detail: 'cached_args', ref: '§3' },
		grant: { verdict: 'has', detail: 'policy_deny', ref: '§3' }
	},
	contextual: {
		description: silent('§5'),
		annotations: silent('§5'),
		listChanged: silent('§5'),
		pinning: silent('§5'),
		credentialPaths: silent('§5'),
		approval: silent('§5'),
		grant: { verdict: 'has', detail: 'allowed_tools_filter', ref: '§5' }
	}
};
