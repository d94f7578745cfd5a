import { adaptClaudeCode } from './claude-code';
import { adaptLangChain } from './langchain';
import { adaptMiniHarness, miniHarnessDiscoveryOrder } from './miniharness';
import { adaptOpenAIAgents, prefixedBaseName, resolveOpenAIAgents } from './openai-agents';
import { adaptOpenHarness, openHarnessRegistrationOrder } from './openharness';
import { breaksProviderLimit } from './provider-limit';
import { adaptPydanticAI, resolvePydanticAI } from './pydantic-ai';
import { schemaRefused } from '../profiles/toolsource/strings';
import { adaptToolSource, toolSourceDuplicateReason } from './toolsource';
import { adaptTrust } from './trust';
import type { NamingOptions, ToolRef } from './types';

export type { NamingOptions, ToolRef } from './types';

export type HostId =
	| 'openharness'
	| 'toolsource'
	| 'trust'
	| 'miniharness'
	| 'claude-code'
	| 'openai-agents'
	| 'pydantic-ai'
	| 'langchain';

/**
 * What happens to two tools that end up with one name. Beyond the four the reference names:
 * `hash-suffix` (OpenAI Agents with server names: both are renamed), `kept-both`
 * (langchain-mcp-adapters: nothing de-duplicates) and `refuse-both` (the ToolSource harness, the
 * lab's illustration: neither is registered, the other tools are).
 */
export type CollisionRule =
	'last-wins' | 'first-wins' | 'error' | 'priority' | 'hash-suffix' | 'kept-both' | 'refuse-both';

/** Details that are the lab's choice, not the reference's or the host's source: the UI flags them. */
export type IllustrationId =
	| 'claude-code-normalisation'
	| 'claude-code-collision'
	| 'toolsource-collision'
	| 'trust-collision'
	| 'pydantic-ai-conflict-labels';

export interface HostDescriptor {
	id: HostId;
	/** The product's own name, never translated. */
	label: string;
	adapt(server: string, tool: string, options?: NamingOptions): string;
	/** A function because OpenAI Agents' rule depends on whether server names are included. */
	collision(options?: NamingOptions): CollisionRule;
	illustrations: IllustrationId[];
}

const fixed = (rule: CollisionRule) => () => rule;

export const hosts: readonly HostDescriptor[] = [
	{
		id: 'openharness',
		label: 'OpenHarness',
		adapt: adaptOpenHarness,
		collision: fixed('last-wins'),
		illustrations: []
	},
	{
		id: 'toolsource',
		label: 'ToolSource harness',
		adapt: adaptToolSource,
		collision: fixed('refuse-both'),
		illustrations: ['toolsource-collision']
	},
	{
		id: 'trust',
		label: 'Connector trust harness',
		adapt: adaptTrust,
		// The teaching harness keeps its tools in a dict: a later connector replaces an earlier one.
		collision: fixed('last-wins'),
		illustrations: ['trust-collision']
	},
	{
		id: 'miniharness',
		label: 'MiniHarness',
		adapt: adaptMiniHarness,
		collision: fixed('priority'),
		illustrations: []
	},
	{
		id: 'claude-code',
		label: 'Claude Code',
		adapt: adaptClaudeCode,
		// Third-party readings of the bundle show the tool pool de-duplicated by name, keeping the first.
		collision: fixed('first-wins'),
		illustrations: ['claude-code-normalisation', 'claude-code-collision']
	},
	{
		id: 'openai-agents',
		label: 'OpenAI Agents SDK',
		adapt: (server, tool, options) => adaptOpenAIAgents(server, tool, options?.prefix ?? false),
		collision: (options) => (options?.prefix ? 'hash-suffix' : 'error'),
		illustrations: []
	},
	{
		id: 'pydantic-ai',
		label: 'pydantic-ai',
		adapt: (server, tool, options) => adaptPydanticAI(server, tool, options?.prefix ?? false),
		collision: fixed('error'),
		illustrations: ['pydantic-ai-conflict-labels']
	},
	{
		id: 'langchain',
		label: 'langchain-mcp-adapters',
		adapt: (server, tool, options) => adaptLangChain(server, tool, options?.prefix ?? false),
		collision: fixed('kept-both'),
		illustrations: []
	}
];

export function getHost(id: HostId): HostDescriptor {
	const host = hosts.find((h) => h.id === id);
	if (!host) throw new Error(`unknown host ${id}`);
	return host;
}

export interface NamedEntry extends ToolRef {
	name: string;
	/** Fits the common provider limit `^[a-zA-Z0-9_-]{1,64}$`. */
	valid: boolean;
	/** The model sees this tool: false for a collision's losers and when the whole load failed. */
	exposed: boolean;
}

export interface Involved extends ToolRef {
	/** Position in the input list, to tell apart two pairs on one server. */
	index: number;
}

export type CollisionOutcome =
	| { kind: 'winner'; server: string; tool: string; index: number }
	| { kind: 'error'; message: string }
	/** Neither tool is registered; `message` is what a call to the name is answered with. */
	| { kind: 'refused'; message: string }
	| { kind: 'renamed'; names: string[] }
	| { kind: 'kept-both' };

export interface Collision {
	/** The name the tools would share (before any renaming). */
	name: string;
	/** In the order the host meets them (registration, discovery or input order). */
	involved: Involved[];
	outcome: CollisionOutcome;
}

export interface AdaptAllResult {
	entries: NamedEntry[];
	collisions: Collision[];
	/** The error that fails the host's whole tool load, or null. */
	loadError: string | null;
}

/** Every tool under one host's naming and collision rule, as the model would (not) see them. */
export function adaptAll(
	tools: readonly ToolRef[],
	hostId: HostId,
	options: NamingOptions = {}
): AdaptAllResult {
	const host = getHost(hostId);
	const single = tools.map((t) => host.adapt(t.server, t.tool, options));
	let names = single;
	const exposed = tools.map(() => true);
	const collisions: Collision[] = [];
	let loadError: string | null = null;
	const involved = (order: number[]) => order.map((i) => ({ ...tools[i], index: i }));
	const winner = (i: number): CollisionOutcome => ({ kind: 'winner', ...tools[i], index: i });
	const groups = sharedNames(single);

	const rule = host.collision(options);
	if (rule === 'last-wins' || rule === 'first-wins' || rule === 'priority') {
		const order =
			hostId === 'openharness'
				? openHarnessRegistrationOrder(tools)
				: hostId === 'miniharness'
					? miniHarnessDiscoveryOrder(tools, options.priority)
					: tools.map((_, i) => i);
		const position = new Map(order.map((i, p) => [i, p]));
		for (const [name, indices] of groups) {
			const met = [...indices].sort((a, b) => position.get(a)! - position.get(b)!);
			const kept = rule === 'last-wins' ? met[met.length - 1] : met[0];
			for (const i of met) if (i !== kept) exposed[i] = false;
			collisions.push({ name, involved: involved(met), outcome: winner(kept) });
		}
	} else if (rule === 'kept-both') {
		for (const [name, indices] of groups)
			collisions.push({ name, involved: involved(indices), outcome: { kind: 'kept-both' } });
	} else if (hostId === 'openai-agents') {
		const resolved = resolveOpenAIAgents(tools, options.prefix ?? false);
		names = resolved.names;
		loadError = resolved.error;
		// Over 64 characters each name is hashed on its own already: compare the unshortened names.
		const bases = options.prefix ? tools.map((t) => prefixedBaseName(t.server, t.tool)) : single;
		for (const [name, indices] of sharedNames(bases))
			collisions.push({
				name,
				involved: involved(indices),
				outcome: loadError
					? { kind: 'error', message: loadError }
					: { kind: 'renamed', names: indices.map((i) => names[i]) }
			});
	} else if (hostId === 'pydantic-ai') {
		loadError = resolvePydanticAI(tools, single).error;
		for (const [name, indices] of groups) {
			// One server listing a name twice: its dict keeps the later tool, no error of its own.
			const kept = indices[indices.length - 1];
			for (const i of indices) if (i !== kept) exposed[i] = false;
			collisions.push({
				name,
				involved: involved(indices),
				outcome: loadError ? { kind: 'error', message: loadError } : winner(kept)
			});
		}
	} else if (hostId === 'toolsource') {
		// The lab's illustration, as its profile runs it (toolsource-registry.ts): a name that could
		// reach either server is registered for neither; the other tools stay.
		for (const [name, indices] of groups) {
			const message = schemaRefused(name, toolSourceDuplicateReason(indices.map((i) => tools[i])));
			for (const i of indices) exposed[i] = false;
			collisions.push({ name, involved: involved(indices), outcome: { kind: 'refused', message } });
		}
	} else {
		throw new Error(`no collision handling for ${hostId}`);
	}

	if (loadError) exposed.fill(false);
	return {
		entries: tools.map((t, i) => ({
			...t,
			name: names[i],
			valid: breaksProviderLimit(names[i]) === null,
			exposed: exposed[i]
		})),
		collisions,
		loadError
	};
}

/** Names given to more than one tool, each with its tools' input positions, in input order. */
function sharedNames(names: readonly string[]): [string, number[]][] {
	const byName = new Map<string, number[]>();
	names.forEach((name, i) => byName.set(name, [...(byName.get(name) ?? []), i]));
	return [...byName].filter(([, indices]) => indices.length > 1);
}
