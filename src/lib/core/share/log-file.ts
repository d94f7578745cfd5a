import { z } from 'zod';
import { formatPath } from '../scenario/parse';
import { scenarioSchema, type Scenario } from '../scenario/schema';
import { loggedActionSchema, type LoggedAction } from '../world/actions';
import type { WireEntry } from '../world/wire';
import { redactActions, redactScenario } from './share-link';

/**
 * An exported event log: the scenario and every action, as readable JSON a learner can keep,
 * diff or hand to someone else. The same schemas as share links check it on the way back in,
 * and secrets are redacted on the way out exactly as a share link redacts them.
 */
const MAX_ACTIONS = 50_000;

const logFileSchema = z.strictObject({
	scenario: scenarioSchema,
	actions: z.array(loggedActionSchema).max(MAX_ACTIONS)
});

export interface LogFile {
	scenario: Scenario;
	actions: LoggedAction[];
}

export type LogFileResult = ({ ok: true } & LogFile) | { ok: false; error: string };

export function logFileJson(scenario: Scenario, actions: readonly LoggedAction[]): string {
	return JSON.stringify(
		{ scenario: redactScenario(scenario), actions: redactActions(actions) },
		null,
		'\t'
	);
}

export function parseLogFile(text: string): LogFileResult {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return { ok: false, error: `The file is not JSON (${reason}).` };
	}
	const parsed = logFileSchema.safeParse(data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return {
			ok: false,
			error: `The file is not an MCP Lab log at ${formatPath(issue.path) || 'its top level'}: ${issue.message}`
		};
	}
	const { scenario, actions } = parsed.data;
	// Replay renumbers what it re-runs; a log whose numbers disagree with its order would
	// replay into a world whose own log is not this one, so it is refused with the place.
	for (const [i, entry] of actions.entries()) {
		if (entry.seq !== i + 1)
			return {
				ok: false,
				error: `The file is not an MCP Lab log at ${formatPath(['actions', i, 'seq'])}: expected ${i + 1}, found ${entry.seq}.`
			};
		if (entry.during !== null && entry.during >= entry.seq)
			return {
				ok: false,
				error: `The file is not an MCP Lab log at ${formatPath(['actions', i, 'during'])}: an interrupt can only land in an earlier action (found ${entry.during}).`
			};
	}
	return { ok: true, scenario, actions };
}

/** The wire trace as kept (the wire holds a bounded window; `dropped` says how much left it). */
export function wireTraceJson(entries: readonly WireEntry[], dropped: number): string {
	return JSON.stringify({ dropped, entries }, null, '\t');
}
