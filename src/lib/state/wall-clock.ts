import type { FloodClock } from '$lib/core/live/flood';

/** The page's own clock, which the core never reads by itself (its time is simulated). */
export const wallClock: FloodClock = {
	now: () => performance.now(),
	every: (ms, run) => {
		const timer = setInterval(run, ms);
		return () => clearInterval(timer);
	}
};
