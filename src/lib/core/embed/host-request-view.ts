import type { HostRequest } from '$lib/core/world/host-requests';

/** A request a server sent the host, as an embed snapshot's `hostRequests` lists it. */
export interface EmbedHostRequest {
	id: string;
	server: string;
	kind: HostRequest['kind'];
	/** `pending` until answered (`approved`, `rejected`, `accepted`, …). */
	state: HostRequest['state'];
	/** What the server asks: an elicitation's message, a sampling request's last message. */
	message: string;
	/** Why the last answer was refused (content not matching the form), else ''. */
	problem: string;
}

/** The world bounds what a server sent (its text is hostile) before this copies it. */
export function embedHostRequest(request: HostRequest): EmbedHostRequest {
	const message =
		request.kind === 'elicitation'
			? request.ask.message
			: request.kind === 'sampling'
				? (request.ask.messages.at(-1)?.text ?? '')
				: '';
	const { id, server, kind, state, problem } = request;
	return { id, server, kind, state, message, problem };
}
