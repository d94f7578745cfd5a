import type { Scenario } from '../scenario/schema';
import type { LoggedAction } from '../world/actions';
import type { WireEntry } from '../world/wire';
import { failure, type Reason } from '../world/command-errors';
import { jsonErrorPlace } from '../text/json-error-place';
import { redactActions, redactScenario } from './redact';
import { shareRefusal } from './refusals';
import { sequenceProblem } from './sequence';

/**
 * An exported event log: the scenario and every action, as readable JSON a learner can keep,
 * diff or hand to someone else. Secrets are redacted on the way out exactly as a share link
 * redacts them. Written at once, without the scenario schemas (a download is made in the
 * click); the same schemas as share links check it on the way back in, loaded then
 * (tape-check.ts).
 */
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

export async function parseLogFile(text: string): Promise<LogFileResult> {
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
	const { checkLogFile } = await import('./tape-check');
	const checked = checkLogFile(data);
	if (!checked.ok) return failure(shareRefusal('log_invalid_at', checked.problem));
	const { scenario, actions } = checked.data;
	const unordered = sequenceProblem(actions, 'log');
	if (unordered) return failure(unordered);
	return { ok: true, scenario, actions };
}

/** The wire trace as kept (the wire holds a bounded window; `dropped` says how much left it). */
export function wireTraceJson(entries: readonly WireEntry[], dropped: number): string {
	return JSON.stringify({ dropped, entries }, null, '\t');
}
