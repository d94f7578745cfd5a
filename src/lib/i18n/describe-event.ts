import type { LiveProblem } from '$lib/core/live/live-errors';
import type { WorldEvent } from '$lib/core/world/events';
import { boundText } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { problemMessage, type ProblemContext } from './live-problem';
import { issueWords } from './issue-words';
import { describeProfileEvent } from './profile-events';
import { processWord } from './process-word';

const SPOKEN_MAX = 160;
const LOOKED_AT = 20_000;

/**
 * Server text read aloud is cut short: a screen reader must not recite a 10 MB result. Its bidi
 * controls are dropped: a right-to-left override in a server name would otherwise reorder the
 * whole sentence around it, and a screen reader says nothing for them anyway. Line breaks and
 * runs of spaces (a pydantic error's layout) become one space, and a cut falls between words
 * where there is one, marked with "…", so no word is read half. A validation dump is said as its
 * issues (issue-words.ts).
 */
export function spoken(text: string): string {
	// A validation dump (zod's JSON) is read as its issues' words; only the start of a long text
	// is looked at, as only its start is said.
	const flat = issueWords(text.slice(0, LOOKED_AT))
		.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
		.replace(/\s+/g, ' ');
	const { text: cut, omitted } = boundText(flat, SPOKEN_MAX);
	if (!omitted) return cut;
	const space = cut.lastIndexOf(' ');
	return `${(space > SPOKEN_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const commands = {
	startSession: () => m.announce_command_startSession(),
	closeSession: () => m.announce_command_closeSession(),
	connectAll: () => m.announce_command_connectAll(),
	reconnectAll: () => m.announce_command_reconnectAll(),
	kill: (server: string) => m.announce_command_kill({ server }),
	restart: (server: string) => m.announce_command_restart({ server }),
	hang: (server: string) => m.announce_command_hang({ server }),
	delay: (server: string) => m.announce_command_delay({ server }),
	callTool: () => m.announce_command_callTool(),
	answerApproval: () => m.announce_command_answerApproval(),
	setPermissionMode: () => m.announce_command_setPermissionMode(),
	setStepMode: () => m.announce_command_setStepMode(),
	stepCall: () => m.announce_command_stepCall(),
	cancelCall: () => m.announce_command_cancelCall(),
	reconcile: () => m.announce_command_reconcile(),
	restartHarness: () => m.announce_command_restartHarness(),
	answerSampling: () => m.announce_command_answerSampling(),
	answerElicitation: () => m.announce_command_answerElicitation(),
	setRoots: () => m.announce_command_setRoots(),
	setLogLevel: (server: string) => m.announce_command_setLogLevel({ server }),
	listResources: (server: string) => m.announce_command_listResources({ server }),
	listResourceTemplates: (server: string) => m.announce_command_listResourceTemplates({ server }),
	readResource: (server: string) => m.announce_command_readResource({ server }),
	listPrompts: (server: string) => m.announce_command_listPrompts({ server }),
	getPrompt: (server: string) => m.announce_command_getPrompt({ server }),
	profile: () => m.announce_command_profile()
} as const;

type HostRequestEvent = Extract<WorldEvent, { kind: 'hostRequest' }>;

/** A server's request to the host: asked (waiting for a person), answered, or withdrawn. */
function describeHostRequest(event: HostRequestEvent): string {
	const args = { id: event.id, server: spoken(event.server) };
	switch (event.state) {
		case 'pending':
			return event.request === 'sampling'
				? m.announce_host_sampling_pending(args)
				: m.announce_host_elicitation_pending(args);
		case 'answered':
			return m.announce_host_roots_answered(args);
		case 'approved':
			return m.announce_host_request_approved(args);
		case 'rejected':
			return m.announce_host_request_rejected(args);
		case 'accepted':
			return m.announce_host_request_accepted(args);
		case 'declined':
			return m.announce_host_request_declined(args);
		case 'cancelled':
			return m.announce_host_request_cancelled(args);
		case 'withdrawn':
			return m.announce_host_request_withdrawn(args);
	}
}

type RegistryEvent = Extract<WorldEvent, { kind: 'registry' }>;

/** "Registry snapshot 4: 3 tools unavailable": only what changed, so the sentence stays short. */
function describeRegistry({ n, diff }: RegistryEvent): string {
	const parts: Array<[readonly unknown[], (count: number) => string]> = [
		[
			diff.becameUnavailable,
			(count) =>
				count === 1
					? m.announce_registry_unavailable_one()
					: m.announce_registry_unavailable({ count })
		],
		[
			diff.becameAvailable,
			(count) =>
				count === 1 ? m.announce_registry_available_one() : m.announce_registry_available({ count })
		],
		[diff.added, (count) => m.announce_registry_added({ count })],
		[diff.removed, (count) => m.announce_registry_removed({ count })],
		[diff.renamed, (count) => m.announce_registry_renamed({ count })]
	];
	const changes = parts.filter(([list]) => list.length > 0).map(([list, say]) => say(list.length));
	if (!changes.length) return m.announce_registry_unchanged({ n });
	// One change is the usual case (a page opening: "9 added"): no list to format. The first
	// Intl.ListFormat of a page loads its locale's list data (about 30 ms on this machine, four
	// times that on a slow laptop), so it is made only when needed, once per locale.
	const list = changes.length === 1 ? changes[0] : conjunction(getLocale()).format(changes);
	return m.announce_registry({ n, changes: list });
}

const conjunctions = new Map<string, Intl.ListFormat>();
function conjunction(locale: string): Intl.ListFormat {
	let format = conjunctions.get(locale);
	if (!format)
		conjunctions.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })));
	return format;
}

/** One world event as a sentence in the learner's language, for the live region and narration. */
/**
 * What the page knows that an event does not carry: a live server's problem now (its card's
 * sentence, with the likely fix), and what that sentence needs. Without it (the transcript, a
 * history), a failure is said in the harness's own words.
 */
export interface EventPage extends ProblemContext {
	liveProblem(server: string): LiveProblem | null | undefined;
}

export function describeEvent(event: WorldEvent, page?: EventPage): string {
	switch (event.kind) {
		case 'command':
			// On a real server, Kill is Disconnect (the card's button says so, and so must this).
			return event.live && event.command === 'kill'
				? m.announce_command_disconnect({ server: spoken(event.server ?? '') })
				: commands[event.command](spoken(event.server ?? ''));
		case 'status': {
			// In the profile's words, as the server card says it (trust: disconnected, not pending).
			// A live server's failure as its card explains it, not the browser's bare words.
			const problem = event.status === 'failed' ? page?.liveProblem(event.server) : null;
			const detail = problem && page ? problemMessage(problem, page) : spoken(event.detail);
			return detail
				? m.announce_status_detail({ server: spoken(event.server), status: event.state, detail })
				: m.announce_status({ server: spoken(event.server), status: event.state });
		}
		case 'process':
			return m.announce_process({
				server: spoken(event.server),
				process: processWord(event.process)
			});
		case 'permissions':
			return m.announce_permissions({ mode: event.mode });
		case 'stepMode':
			return event.on ? m.announce_step_mode_on() : m.announce_step_mode_off();
		case 'approval':
			return m.announce_approval({ id: event.id, name: spoken(event.name) });
		case 'run':
			return event.state === 'interrupted'
				? m.announce_run_interrupted()
				: m.announce_run_running();
		case 'reconciled':
			return event.verdict === 'applied'
				? m.announce_reconciled_applied({ id: event.id })
				: m.announce_reconciled_not_applied({ id: event.id });
		case 'delay':
			return m.announce_delay({ server: spoken(event.server), ms: event.ms });
		case 'registry':
			return describeRegistry(event);
		case 'hostRequest':
			return describeHostRequest(event);
		case 'protocol':
			return event.ok
				? m.announce_protocol_ok({
						id: event.id,
						server: spoken(event.server),
						method: event.method
					})
				: m.announce_protocol_error({
						server: spoken(event.server),
						method: event.method,
						detail: spoken(event.detail)
					});
		case 'roots':
			return m.announce_roots({ count: event.count });
		case 'flood':
			return m.announce_live_flood({ server: spoken(event.server), count: event.perSecond });
		case 'toolsChanged':
			return event.heeded
				? m.announce_tools_changed_heeded({ server: spoken(event.server) })
				: m.announce_tools_changed({ server: spoken(event.server) });
		case 'profile':
			return describeProfileEvent(event, spoken);
		case 'call':
			return event.isError
				? m.announce_call_error({
						id: event.id,
						name: spoken(event.name),
						output: spoken(event.output)
					})
				: m.announce_call_ok({ id: event.id, name: spoken(event.name) });
	}
}
