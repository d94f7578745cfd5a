import { worldSnapshot } from '$lib/core';
import type { LabSession } from '$lib/state/lab-session.svelte';

/**
 * What a learner or a host sees of a session's world, as one string, to compare two moments
 * byte for byte. `wire`: the protocol log too (a world rebuilt from a kept moment has its own).
 */
export const seenWorld = (session: LabSession, { wire = true } = {}) =>
	JSON.stringify({
		snapshot: worldSnapshot(session.world.world, { lab: 'x', step: 0 }),
		status: session.world.statusText,
		...(wire ? { wire: session.world.wire } : {}),
		calls: session.world.calls,
		now: session.world.now
	});
