import { clipped } from '../text/bound';
import { WorldCommandError } from './events';

/**
 * A value a refusal echoes (a server name, an id) comes from the host page or a scenario: each
 * is cut to this many characters, so a 1 MB name does not come back as a 1 MB error.
 */
export const ECHO_MAX = 500;

function bounded(params: unknown): Record<string, string> | undefined {
	if (!params || typeof params !== 'object') return undefined;
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(params)) {
		out[key] = clipped(String(value), ECHO_MAX);
	}
	return out;
}

/**
 * Why the lab refuses a command, by key: each table holds the English sentences of one part of
 * the world (the profiles' own tables sit beside them and load with them). The English sentence
 * is the error's message (what the embed API's results, the console and the tests carry); the
 * page says it in its own language from the key and values (i18n/command-error.ts, messages
 * `command_error_<key>`). The harness's own words (a call's output, a profile's strings.ts) are
 * not refusals: they stay as the harness says them.
 * An empty list value reads "none" in English; the page puts its own word for it.
 */
export type RefusalTable = Record<string, (p: never) => string>;

/** A refusal's key and values, as a result or a record carries them for the page to translate. */
export interface Reason {
	key: string;
	params?: Readonly<Record<string, string>>;
}

/** A failed result from a refusal: its English sentence as `error`, and its reason. */
export function failure(refused: WorldCommandError): { ok: false; error: string; why: Reason } {
	return { ok: false, error: refused.message, why: reasonOf(refused)! };
}

/** The key and values an error carries, if it is a refusal. */
export function reasonOf(error: unknown): Reason | undefined {
	if (!(error instanceof WorldCommandError) || error.key === undefined) return undefined;
	return { key: error.key, ...(error.params ? { params: error.params } : {}) };
}

type Values<T extends RefusalTable, K extends keyof T> = Parameters<T[K]>[0];

/** The refusals of one table: each makes the error with its English sentence, key and values. */
export function refusals<T extends RefusalTable>(table: T) {
	return <K extends keyof T & string>(
		key: K,
		...[params]: Values<T, K> extends undefined ? [] : [Values<T, K>]
	): WorldCommandError => {
		const english = table[key] as unknown as (p: unknown) => string;
		const values = bounded(params);
		return new WorldCommandError(english(values), key, values);
	};
}

/** The world's own refusals (the page loads these with every world). */
export const worldRefusals = {
	not_waiting_approval: (p: { id: string }) => `Call ${p.id} is not waiting for approval.`,
	not_waiting_step: (p: { id: string }) => `Call ${p.id} is not waiting for a step.`,
	no_command: (p: { profile: string; command: string }) =>
		`The ${p.profile} profile has no command '${p.command}'.`,
	toolsource_loading_retry: () => 'The ToolSource profile is still loading; try again in a moment.',
	toolsource_only: (p: { profile: string }) =>
		`This command belongs to the toolsource profile; this world runs ${p.profile}.`,
	delay_range: (p: { ms: string }) =>
		`A delay is a number of milliseconds from 0 to 3600000, not ${p.ms}.`,
	no_roots: () =>
		'This host declares no roots capability (the scenario has no host.roots), so it has no roots to change.',
	root_not_file: (p: { uri: string }) => `A root is a file:// URI, not "${p.uri}".`,
	log_level: (p: { levels: string; level: string }) =>
		`A log level is one of ${p.levels}; not "${p.level}".`,
	world_replaced: () => 'This world has been replaced.',
	unknown_server: (p: { server: string; servers: string }) =>
		`Unknown server '${p.server}'. Servers in this world: ${p.servers || 'none'}.`,
	host_request_not_waiting: (p: { id: string }) =>
		`Host request ${p.id} is not waiting for an answer.`
} satisfies RefusalTable;

export const refusal = refusals(worldRefusals);
