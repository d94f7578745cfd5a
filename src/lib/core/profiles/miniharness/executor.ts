import type { MiniHarnessConfig, PolicyWord } from './config';
import { deniedByPolicy } from './strings';

/** One approval the user gave, reused for the same user, tool and arguments. */
export interface Approval {
	user: string;
	tool: string;
	argsHash: string;
	at: number;
}

export type Decision =
	| { kind: 'deny'; error: string }
	| { kind: 'allow'; because: 'auto' | 'approved_before' }
	| { kind: 'ask' };

/** JSON with object keys sorted, so the same arguments hash the same whatever their order. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/**
 * The arguments' fingerprint for the approval cache. Illustration: the reference says "args
 * hash" without naming one; FNV-1a (32 bits) is short enough to read in the panel.
 */
export function argsHash(args: Record<string, unknown>): string {
	let hash = 0x811c9dc5;
	for (const char of canonicalJson(args)) {
		hash ^= char.codePointAt(0)!;
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

export function policyFor(config: MiniHarnessConfig, tool: string): PolicyWord | null {
	const policies = config.policy ?? {};
	return Object.hasOwn(policies, tool) ? policies[tool] : null;
}

/**
 * The secure executor's decision before any MCP request: DENY refuses, AUTO runs, and a tool
 * without a policy (or `ask`) asks the user unless this user already approved these arguments.
 */
export function decide(
	config: MiniHarnessConfig,
	approvals: readonly Approval[],
	user: string,
	tool: string,
	hash: string
): Decision {
	const policy = policyFor(config, tool);
	if (policy === 'deny') return { kind: 'deny', error: deniedByPolicy(tool) };
	if (policy === 'auto') return { kind: 'allow', because: 'auto' };
	const approved = approvals.some((a) => a.user === user && a.tool === tool && a.argsHash === hash);
	return approved ? { kind: 'allow', because: 'approved_before' } : { kind: 'ask' };
}
