import type { contextualRefusals } from '$lib/core/profiles/contextual/refusals';
import type { miniharnessRefusals } from '$lib/core/profiles/miniharness/refusals';
import type { toolsourceRefusals } from '$lib/core/profiles/toolsource/refusals';
import type { trustRefusals } from '$lib/core/profiles/trust/refusals';
import type { shareRefusals } from '$lib/core/share/refusals';
import type { worldRefusals } from '$lib/core/world/command-errors';
import type { hostRefusals } from '$lib/core/world/host-refusals';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { misfitText } from './form-misfit-words';
import { jsonErrorDetail } from './json-error-words';

/** Every refusal the lab words itself, from all its tables (types only: none of them loads here). */
export type AllRefusals = typeof worldRefusals &
	typeof hostRefusals &
	typeof toolsourceRefusals &
	typeof contextualRefusals &
	typeof trustRefusals &
	typeof miniharnessRefusals &
	typeof shareRefusals;
export type CommandErrorKey = keyof AllRefusals;
export type CommandErrorParams<K extends CommandErrorKey> = Parameters<AllRefusals[K]>[0];

type Texts = { [K in CommandErrorKey]: (p: CommandErrorParams<K>) => string };

/** An empty list reads "none" in the page's language (the English sentence has it built in). */
const list = (names: string) => names || m.command_error_none();
/** The schema's words for what is wrong in a link or a file: zod's Chinese on a Chinese page. */
/** zod's words in the page's language, and the key or word most likely meant (tape-check.ts). */
const schemaDetail = (p: { detail: string; detail_zh?: string; meant?: string }) =>
	(getLocale() === 'zh-CN' && p.detail_zh ? p.detail_zh : p.detail) +
	(p.meant ? m.scenario_problem_meant({ key: p.meant }) : '');
/** An empty JSON path is the document's top level. */
const at = (path: string) => path || m.command_error_top_level();

/**
 * The world's refusal of a replayed action, which another refusal carries as `refusal` and
 * `refusal_<name>` (core/world/replay.ts, RefusedValues): in the page's language when it has
 * its words, else the English sentence (`detail`).
 */
function refusedText(p: Record<string, string | undefined>): string {
	const { detail = '', refusal } = p;
	if (!refusal) return detail;
	const params: Record<string, string> = {};
	for (const [name, value] of Object.entries(p))
		if (name.startsWith('refusal_') && value !== undefined) params[name.slice(8)] = value;
	return commandErrorText({ key: refusal, params }) ?? detail;
}

/**
 * Where a text broke as JSON and what is wrong there, in the page's language: the engine's
 * sentence on an English page (json-error-words.ts). The refusal carries the place it found in
 * the text, not the text.
 */
function notJsonText(p: { detail: string; line?: string; column?: string }): string {
	const place = p.line && p.column ? { line: Number(p.line), column: Number(p.column) } : null;
	return jsonErrorDetail(place, p.detail);
}

// One entry per refusal of every table (the type makes a missing one an error).
const texts: Texts = {
	not_waiting_approval: m.command_error_not_waiting_approval,
	not_waiting_step: m.command_error_not_waiting_step,
	not_in_flight: m.command_error_not_in_flight,
	nothing_to_reconcile: m.command_error_nothing_to_reconcile,
	no_retry: m.command_error_no_retry,
	run_interrupted: m.command_error_run_interrupted,
	wait_seconds: m.command_error_wait_seconds,
	no_command: m.command_error_no_command,
	no_command_of: m.command_error_no_command_of,
	no_run: () => m.command_error_no_run(),
	run_starting: () => m.command_error_run_starting(),
	run_failed: m.command_error_run_failed,
	must_be_text: m.command_error_must_be_text,
	unknown_identity: (p) =>
		m.command_error_unknown_identity({ ...p, identities: list(p.identities) }),
	metadata_not_object: () => m.command_error_metadata_not_object(),
	run_servers: (p) => m.command_error_run_servers({ servers: list(p.servers) }),
	unknown_connector: (p) =>
		m.command_error_unknown_connector({ ...p, connectors: list(p.connectors) }),
	grant_tool_name: () => m.command_error_grant_tool_name(),
	must_be_boolean: m.command_error_must_be_boolean,
	toolsource_loading: () => m.command_error_toolsource_loading(),
	toolsource_loading_retry: () => m.command_error_toolsource_loading_retry(),
	toolsource_only: m.command_error_toolsource_only,
	delay_range: m.command_error_delay_range,
	no_roots: () => m.command_error_no_roots(),
	root_not_file: m.command_error_root_not_file,
	log_level: m.command_error_log_level,
	world_replaced: () => m.command_error_world_replaced(),
	unknown_server: (p) => m.command_error_unknown_server({ ...p, servers: list(p.servers) }),
	host_request_not_waiting: m.command_error_host_request_not_waiting,
	host_request_not_kind: m.command_error_host_request_not_kind,
	reply_too_long: m.command_error_reply_too_long,
	answer_shape: () => m.command_error_answer_shape(),
	answer_misfit: (p) => m.command_error_answer_misfit({ detail: misfitText(p) }),
	not_share_link: () => m.command_error_not_share_link(),
	share_newer: m.command_error_share_newer,
	share_older: m.command_error_share_older,
	share_too_big: () => m.command_error_share_too_big(),
	share_unpack: () => m.command_error_share_unpack(),
	share_not_json: () => m.command_error_share_not_json(),
	share_damaged_at: (p) =>
		m.command_error_share_damaged_at({ path: at(p.path), detail: schemaDetail(p) }),
	share_refused: (p) => m.command_error_share_refused({ path: at(p.path), detail: refusedText(p) }),
	share_seq: m.command_error_share_seq,
	share_during: m.command_error_share_during,
	share_during_action: m.command_error_share_during_action,
	share_step_past: m.command_error_share_step_past,
	log_not_json: (p) => m.command_error_log_not_json({ detail: notJsonText(p) }),
	log_invalid_at: (p) =>
		m.command_error_log_invalid_at({ path: at(p.path), detail: schemaDetail(p) }),
	log_seq: m.command_error_log_seq,
	log_during: m.command_error_log_during,
	log_during_action: m.command_error_log_during_action,
	log_refused: (p) => m.command_error_log_refused({ path: at(p.path), detail: refusedText(p) }),
	long_log: () => m.command_error_long_log(),
	no_step: m.command_error_no_step,
	step_refused: (p) => m.command_error_step_refused({ n: p.n, detail: refusedText(p) }),
	changed_while_replayed: m.command_error_changed_while_replayed,
	changed_while_rebuilt: m.command_error_changed_while_rebuilt,
	page_closed: () => m.command_error_page_closed(),
	check_unavailable: () => m.command_error_check_unavailable(),
	live_replay: m.command_error_live_replay
};

/** A live server's refusals (LiveCommandError) have messages of their own. */
const live: Record<string, (p: { server: string }) => string> = {
	live_refuses_hang: m.live_refuses_hang,
	live_refuses_delay: m.live_refuses_delay
};

/** What a refusal carries, as read from any object (an error, a record's reason). */
interface Carried {
	key?: unknown;
	params?: unknown;
}

/**
 * A refused command's sentence in the page's language, from the key and values the error
 * carries (read by shape, not class, so no world code need load to recognise it); null for any
 * other failure, whose own message stands.
 */
export function commandErrorText(reason: unknown): string | null {
	if (typeof reason !== 'object' || reason === null || !('key' in reason)) return null;
	const { key, params } = reason as Carried;
	if (typeof key !== 'string') return null;
	const values = (typeof params === 'object' && params !== null ? params : {}) as Record<
		string,
		string
	>;
	if (Object.hasOwn(texts, key))
		return (texts[key as CommandErrorKey] as (p: object) => string)(values);
	if (Object.hasOwn(live, key)) return live[key]({ server: values.server ?? '' });
	return null;
}

/** What the live region says of a failed command: "The last command failed: …". */
export function failureAnnouncement(text: string): string {
	return m.announce_command_failed({ error: text });
}
