import {
	MCP_REQUEST_HEADERS,
	type LiveProblem,
	type LiveProblemKind
} from '$lib/core/live/live-errors';
import type { LiveEntryProblem } from '$lib/core/live/live-entry';
import { NAME_MAX } from '$lib/core/live/live-entry';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { joinSentences } from '$lib/state/announcer.svelte';

export interface ProblemContext {
	/** This page's origin: the one a server's CORS must allow. */
	origin: string;
	/** The world's live timeout. */
	timeoutMs: number;
	/**
	 * Reconnecting opens nothing (MiniHarness never reopens a closed client): the way back is a
	 * new session, which the card offers instead of Reconnect (WorldState.tokenRestarts).
	 */
	restarts?: boolean;
}

/** What went wrong with a live server, as one sentence with the likely fix, in the page's language. */
export function problemMessage(
	problem: Pick<LiveProblem, 'kind' | 'headers' | 'tokenSent' | 'sessionId' | 'status'>,
	context: ProblemContext
): string {
	// The custom headers sent last: the server must allow them too, and one is often at fault.
	const headers = [...MCP_REQUEST_HEADERS, ...(problem.headers ?? [])].join(
		getLocale() === 'zh-CN' ? '、' : ', '
	);
	const restarts = context.restarts ?? false;
	const messages: Record<LiveProblemKind, () => string> = {
		refused: m.live_problem_refused,
		cors: () => m.live_problem_cors({ origin: context.origin, headers }),
		'cors-session-id': m.live_problem_cors_session_id,
		// A token that was sent and refused is not a token missing.
		unauthorized: problem.tokenSent
			? m.live_problem_token_refused
			: restarts
				? m.live_problem_unauthorized_restart
				: m.live_problem_unauthorized,
		'session-expired': restarts
			? m.live_problem_session_expired_restart
			: m.live_problem_session_expired,
		// A 404 is a path with nothing behind it, and the harness's "Session terminated" for it
		// reads like lab 08's expired session: said so.
		'not-mcp':
			problem.status === 404
				? () => m.live_problem_not_found({ status: 404 })
				: m.live_problem_not_mcp,
		'invalid-answer': problem.sessionId
			? m.live_problem_session_id_bad
			: m.live_problem_invalid_answer,
		'server-error': m.live_problem_server_error,
		redirect: m.live_problem_redirect,
		closed: restarts ? m.live_problem_closed_restart : m.live_problem_closed,
		timeout: () =>
			(restarts ? m.live_problem_timeout_restart : m.live_problem_timeout)({
				seconds: context.timeoutMs / 1000
			}),
		'local-network-policy': m.live_problem_local_network_policy,
		'local-network-denied': restarts
			? m.live_problem_local_network_denied_restart
			: m.live_problem_local_network_denied,
		other: m.live_problem_other
	};
	return messages[problem.kind]();
}

/** Why the connect form cannot add a server, in the page's language. */
export function entryProblemMessage(problem: LiveEntryProblem): string {
	const messages: Record<LiveEntryProblem, () => string> = {
		'name-empty': m.live_entry_name_empty,
		'name-long': () => m.live_entry_name_long({ max: NAME_MAX }),
		'name-taken': m.live_entry_name_taken,
		'url-invalid': m.live_entry_url_invalid,
		'url-scheme': m.live_entry_url_scheme,
		'url-credentials': m.live_entry_url_credentials,
		'header-name': m.live_entry_header_name,
		'header-value': m.live_entry_header_value,
		'header-authorization': m.live_entry_header_authorization
	};
	return messages[problem]();
}

/** Every problem of the connect form, one sentence each, as the page's language joins them. */
export function entryProblemsText(problems: readonly LiveEntryProblem[]): string {
	return joinSentences(problems.map(entryProblemMessage), getLocale());
}
