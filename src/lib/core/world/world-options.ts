import type { FloodClock } from '../live/flood';
import type { LiveSecretsProvider } from './live-io';

export interface WorldOptions {
	/** Simulated ms before an unanswered request fails (see `DEFAULT_TIMEOUT_MS`). */
	timeoutMs?: number;
	/** How the world yields to pending promise chains before moving simulated time. */
	idle?: () => Promise<void>;
	/** How many protocol-log entries are kept. */
	wireWindow?: number;
	/**
	 * Called before simulated time jumps ahead by `simMs`, so a page can let a learner watch the
	 * steps go by. It changes only how long the run takes in real time, never what happens.
	 */
	pace?: (simMs: number) => Promise<void>;
	/** Wall-clock ms before a live server's request fails (30 000 unless given). */
	liveTimeoutMs?: number;
	/** Tokens and headers for live servers, held in memory by the page (see live-io.ts). */
	liveSecrets?: LiveSecretsProvider;
	/** The page's clock, for what only live servers do in real time: a flood (live/flood.ts). */
	realTime?: FloodClock;
}

/**
 * OpenHarness's Python session sets no read timeout, so a hung server would block forever;
 * the lab needs every run to end, so it chooses 30 simulated seconds (an illustration, said so
 * in the UI).
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
