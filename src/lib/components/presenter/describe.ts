import type { ActionSummary, CueSummary } from '$lib/core/presenter/channel';
import { i18n } from '$lib/i18n/locale.svelte';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { joinSentences } from '$lib/state/announcer.svelte';
import type { Outcome } from '$lib/state/presenter.svelte';

const requests: Record<string, string> = {
	listResources: 'resources/list',
	listResourceTemplates: 'resources/templates/list',
	readResource: 'resources/read',
	listPrompts: 'prompts/list',
	getPrompt: 'prompts/get'
};

/**
 * What one cue action does, in the person's language (both windows describe the same way). Its
 * own messages, not the lab panels' ("Kill {server}"): the notes page loads this, and reaching
 * the lab page's messages from there would split the lab's start-up chunks.
 */
export function describeAction(a: ActionSummary): string {
	const server = a.server ?? '';
	const detail = a.detail ?? '';
	switch (a.do) {
		case 'kill':
			return m.presenter_action_kill({ server });
		case 'restart':
			return m.presenter_action_restart({ server });
		case 'hang':
			return m.presenter_action_hang({ server });
		case 'startSession':
			return m.presenter_action_start();
		case 'closeSession':
			return m.presenter_action_close();
		case 'connectAll':
			return m.presenter_action_connect_all();
		case 'reconnectAll':
			return m.presenter_action_reconnect();
		case 'restartHarness':
			return m.presenter_action_restart_harness();
		case 'call':
			return m.presenter_action_call({ tool: a.tool ?? '' });
		case 'predict':
			return m.presenter_action_predict({ option: detail });
		case 'setPermissionMode':
			return m.presenter_action_mode({ mode: detail });
		case 'answer':
			return detail === 'approve' ? m.presenter_action_approve() : m.presenter_action_refuse();
		case 'cancel':
			return m.presenter_action_cancel();
		case 'reconcile':
			return m.presenter_action_reconcile({ verdict: detail });
		case 'setScenario':
			return m.presenter_action_scenario();
		case 'wireStep':
			return m.presenter_action_wire_step({ count: detail, server });
		case 'answerSampling':
			return m.presenter_action_sampling({ answer: detail });
		case 'answerElicitation':
			return m.presenter_action_elicitation({ answer: detail });
		case 'setRoots':
			return m.presenter_action_roots({ count: detail });
		default: {
			const method = requests[a.do];
			return method ? m.presenter_action_request({ method, server }) : a.do;
		}
	}
}

/** A cue's title: the lab's narration heading, else what it does first. */
export function cueTitle(
	cue: CueSummary,
	texts: Record<string, { title: string }> | undefined
): string {
	const own = texts?.[cue.id]?.title;
	if (own) return own;
	const first = cue.actions[0];
	return first ? describeAction(first) : m.presenter_cue_untitled({ n: cue.n });
}

/** The sentence a move is announced with; '' when the page says it otherwise. */
export function describeOutcome(outcome: Outcome, title: (n: number) => string): string {
	switch (outcome.kind) {
		case 'cue':
			return m.presenter_announce_cue({
				n: outcome.n,
				total: outcome.total,
				title: title(outcome.n)
			});
		case 'back':
			return m.presenter_announce_back({ n: outcome.n, total: outcome.total });
		case 'start':
			return m.presenter_announce_start();
		case 'end':
			return m.presenter_list_end();
		case 'reset':
			return m.presenter_reset_done();
		case 'confirmReset':
			return m.presenter_reset_confirm();
		case 'failed':
			return m.presenter_cue_failed({ n: outcome.n, error: outcome.error });
		case 'backFailed':
			return m.presenter_back_failed({ error: outcome.error });
		case 'recording':
			return m.presenter_recording_started();
		case 'recorded':
			return outcome.count === 0
				? m.presenter_recorded_none()
				: joinSentences(
						[
							m.presenter_recorded({ count: outcome.count }),
							outcome.skipped ? m.presenter_recorded_skipped({ count: outcome.skipped }) : ''
						].filter(Boolean),
						// The messages' language: Chinese puts no space after 。.
						getLocale()
					);
		case 'loaded':
			return m.presenter_loaded({ count: outcome.count });
		case 'invalid':
			if (outcome.problem === 'notJson') return m.presenter_file_not_json();
			if (outcome.problem === 'wrongLab')
				return m.presenter_file_wrong_lab({ made: outcome.made ?? '', lab: outcome.lab ?? '' });
			return m.presenter_file_invalid({
				path: outcome.path || m.presenter_file_top(),
				message: outcome.message
			});
		case 'labCues':
			return m.presenter_lab_cues_back();
		case 'resumed':
			return m.presenter_resumed({ n: outcome.n, total: outcome.total });
		case 'resumeFailed':
			return m.presenter_resume_failed({ n: outcome.n, error: outcome.error });
		case 'ownLost':
			return m.presenter_own_lost();
		case 'mode':
			if (!outcome.on) return m.presenter_off();
			return outcome.masked
				? joinSentences([m.presenter_on(), m.mask_secrets_on()], i18n.locale)
				: m.presenter_on();
		case 'step':
		case 'busy':
			return '';
	}
}
