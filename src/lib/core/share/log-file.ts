import { z } from 'zod';
import { formatPath } from '../scenario/parse';
import { scenarioSchema, type Scenario } from '../scenario/schema';
import { loggedActionSchema } from '../world/action-log-schema';
import type { LoggedAction } from '../world/actions';
import type { WireEntry } from '../world/wire';
import { redactActions, redactScenario } from './share-link';
import { failure, type Reason } from '../world/command-errors';
import { shareRefusal } from './refusals';
import { sequenceProblem } from './sequence';
import { jsonErrorPlace } from '../text/json-error-place';

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

export type LogFileResult = ({ ok: true } & LogFile) | { ok: false; error: string; why?: Reason };

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
		// Where it broke goes with the engine's sentence, for the page to say both in its language
		// (i18n/json-error-words.ts): the text itself is too big to carry.
		const place = jsonErrorPlace(text, reason);
		return failure(
			shareRefusal('log_not_json', {
				detail: reason,
				...(place ? { line: String(place.line), column: String(place.column) } : {})
			})
		);
	}
	const parsed = logFileSchema.safeParse(data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return failure(
			shareRefusal('log_invalid_at', { path: formatPath(issue.path), detail: issue.message })
		);
	}
	const { scenario, actions } = parsed.data;
	const unordered = sequenceProblem(actions, 'log');
	if (unordered) return failure(unordered);
	return { ok: true, scenario, actions };
}

/** The wire trace as kept (the wire holds a bounded window; `dropped` says how much left it). */
export function wireTraceJson(entries: readonly WireEntry[], dropped: number): string {
	return JSON.stringify({ dropped, entries }, null, '\t');
}
