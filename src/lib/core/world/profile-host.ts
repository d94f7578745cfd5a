import type { Scenario } from '../scenario/schema';
import type { SimClock } from './clock';
import type { ExecutingCalls } from './executing-calls';
import { stateString, type ManagerActor } from './manager-actor';
import type { ProfileHost } from './profile-extension';
import type { SimIo } from './sim-io';
import type { WireLog } from './wire';

/** The world's parts a profile host is made of (see ProfileHost for what each is for). */
export interface ProfileHostParts {
	clock: SimClock;
	scenario: Scenario;
	wire: WireLog;
	timeoutMs: number;
	manager: ManagerActor;
	io: SimIo;
	serverNames: () => string[];
	executing: ExecutingCalls;
	emit: ProfileHost['emit'];
	changed: () => void;
}

/** What a trust, miniharness or contextual profile may use of its world. */
export function profileHost(parts: ProfileHostParts): ProfileHost {
	const { manager, io } = parts;
	const connections = () => manager.getSnapshot().context.connections;
	return {
		clock: parts.clock,
		scenario: parts.scenario,
		wire: parts.wire,
		timeoutMs: parts.timeoutMs,
		serverNames: parts.serverNames,
		connection: (server) => connections()[server]?.getSnapshot().context,
		phase: (server) => {
			const snapshot = connections()[server]?.getSnapshot();
			return snapshot && stateString(snapshot.value);
		},
		connected: (server) =>
			connections()[server]?.getSnapshot().context.status === 'connected'
				? (io.links.get(server) ?? null)
				: null,
		connect: (server) => connections()[server]?.send({ type: 'CONNECT' }),
		settled: (server) =>
			new Promise<void>((resolve) => {
				const actor = connections()[server];
				if (!actor || actor.getSnapshot().context.status !== 'pending') return resolve();
				const subscription = actor.subscribe({
					next: (snapshot) => {
						if (snapshot.context.status === 'pending') return;
						subscription.unsubscribe();
						resolve();
					},
					error: () => resolve(),
					complete: () => resolve()
				});
			}),
		close: (server) => connections()[server]?.send({ type: 'CLOSE' }),
		executingOn: (server, request) => parts.executing.on(server, request),
		emit: parts.emit,
		changed: parts.changed,
		wrapPipes: (wrap) => {
			io.pipes = wrap;
		},
		startSession: () => manager.send({ type: 'START_SESSION' })
	};
}
