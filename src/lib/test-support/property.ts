import type fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';

/**
 * fast-check settings for the property tests: `FC_RUNS_SCALE=10` runs ten times longer,
 * `FC_SEED` and `FC_PATH` replay a failure fast-check printed.
 */
export function fcParams(numRuns: number): fc.Parameters<unknown> {
	const scale = Number(process.env.FC_RUNS_SCALE ?? '1');
	return {
		numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(scale) ? scale : 1))),
		...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
		...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {})
	};
}

/** Collects the promise rejections nobody handled while this test file runs. */
export function trackUnhandled(): unknown[] {
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => void unhandled.push(reason);
	beforeAll(() => void process.on('unhandledRejection', onUnhandled));
	afterAll(() => void process.off('unhandledRejection', onUnhandled));
	return unhandled;
}
