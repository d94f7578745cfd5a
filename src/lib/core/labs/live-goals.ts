import type { LiveProblem, LiveProblemKind } from '../live/live-errors';
import type { WireEntry } from '../world/wire';

/** A live server's connection as goals see it: the harness's status and the live problem. */
export interface LiveFacts {
	status: string;
	problem: LiveProblem | null;
}

/**
 * A live server's connection is in this state. `connected: true` means the harness says
 * `connected` and the last attempt met no problem (a dropped or expired connection still says
 * `connected` until OpenHarness uses it, so the status alone cannot tell).
 */
export interface LiveGoal {
	server: string;
	connected?: boolean;
	problem?: LiveProblemKind;
	/** The HTTP status of the answer that failed. */
	status?: number;
	/** Whether the problem names the server's resource metadata (a 401's `resource_metadata`). */
	resourceMetadata?: boolean;
}

/** One HTTP exchange of a live connection, anywhere in the protocol log. */
export interface HttpGoal {
	server?: string;
	method?: 'GET' | 'POST' | 'DELETE';
	/** The JSON-RPC method its body carried (`''` for a GET or DELETE). */
	rpc?: string;
	status?: number;
}

export function liveMet(goal: LiveGoal, live: Readonly<Record<string, LiveFacts>>): boolean {
	const server = Object.hasOwn(live, goal.server) ? live[goal.server] : undefined;
	if (!server) return false;
	const { problem } = server;
	return (
		(goal.connected === undefined ||
			(server.status === 'connected' && problem === null) === goal.connected) &&
		(goal.problem === undefined || problem?.kind === goal.problem) &&
		(goal.status === undefined || problem?.status === goal.status) &&
		(goal.resourceMetadata === undefined ||
			(problem?.resourceMetadata !== undefined) === goal.resourceMetadata)
	);
}

export function httpMet(goal: HttpGoal, wire: readonly WireEntry[]): boolean {
	return wire.some(
		(e) =>
			e.kind === 'transport' &&
			e.event === 'http' &&
			(goal.server === undefined || e.server === goal.server) &&
			(goal.method === undefined || e.http.method === goal.method) &&
			(goal.rpc === undefined || e.http.rpc === goal.rpc) &&
			(goal.status === undefined || e.http.status === goal.status)
	);
}
