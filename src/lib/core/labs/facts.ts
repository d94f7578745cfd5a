import { worldSnapshot } from '../world/snapshot';
import type { World } from '../world/world';
import type { WorldFacts } from './goals';

/** Everything lab goals may look at in a world, at one lab step. */
export function worldFacts(world: World, lab: string, step: number): WorldFacts {
	const servers = world.servers();
	return {
		snapshot: worldSnapshot(world, { lab, step }),
		sessionStarted: world.sessionStarted,
		events: world.events,
		calls: world.calls,
		registered: world.registeredTools,
		shadowed: world.shadowed,
		permissionMode: world.permissionMode,
		run: world.toolSource?.run ?? null,
		profile: world.profileView,
		pins: world.pins,
		wire: world.wire.entries,
		versions: Object.fromEntries(
			servers.flatMap((s) =>
				s.connection.init ? [[s.name, s.connection.init.protocolVersion]] : []
			)
		),
		live: Object.fromEntries(
			servers.flatMap((s) =>
				s.live ? [[s.name, { status: s.status, problem: s.live.problem }]] : []
			)
		)
	};
}
