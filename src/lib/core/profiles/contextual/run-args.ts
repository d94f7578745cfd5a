import { contextualRefusal as refusal } from './refusals';
import type { ContextualConfig } from './config';
import type { RunContext } from './headers';

export interface RunArgs {
	identity: string;
	context: RunContext;
	servers: string[];
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text field of the run's context: absent or empty means the run has no such value. */
function optionalText(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string') throw refusal('must_be_text', { field });
	return value;
}

/**
 * `startRun {identity, context, servers}` as a learner (or a lab's solution) gives it: an identity
 * the scenario offers, the run's context (run id, thread id, metadata; the scenario's metadata
 * when none is given) and which servers the run selects (all, in config order, when omitted).
 */
export function runArgs(
	args: Record<string, unknown>,
	config: ContextualConfig,
	serverNames: readonly string[]
): RunArgs {
	const identities = Object.keys(config.identities);
	const identity = args.identity;
	if (typeof identity !== 'string' || !identities.includes(identity))
		throw refusal('unknown_identity', {
			identity: String(identity),
			identities: identities.join(', ')
		});
	const context = isRecord(args.context) ? args.context : {};
	const metadata = context.metadata ?? config.metadata;
	if (metadata !== undefined && !isRecord(metadata)) throw refusal('metadata_not_object');
	const servers = args.servers ?? serverNames;
	if (!Array.isArray(servers) || servers.some((s) => !serverNames.includes(s)))
		throw refusal('run_servers', { servers: serverNames.join(', ') });
	return {
		identity,
		context: {
			identity: config.identities[identity],
			run_id: optionalText(context.run_id, 'run_id'),
			thread_id: optionalText(context.thread_id, 'thread_id'),
			metadata
		},
		servers: serverNames.filter((s) => servers.includes(s))
	};
}
