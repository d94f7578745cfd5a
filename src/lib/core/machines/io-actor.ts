import { fromPromise, type PromiseActorLogic } from 'xstate';

/** The events `fromPromise` sends itself when its promise settles (xstate 5's own names). */
const RESOLVE = 'xstate.promise.resolve';
const REJECT = 'xstate.promise.reject';

/**
 * A connection's I/O step as an invoked actor: `fromPromise`'s logic and snapshots, started
 * without the `AbortController` that `fromPromise` makes for every start. Nothing here reads
 * the abort signal (a step that is left is ignored, not cancelled), and a reconnect starts
 * about ten of these, so the controllers were pure cost (Node's cost about 2–3 µs each, plus
 * their garbage) on a path that time travel replays hundreds of times.
 *
 * The promise settles on the same microtask as with `fromPromise` (its `Promise.resolve` of a
 * native promise is that promise), so the machine hears the answer at the same point.
 */
export function fromIo<TOutput>(
	run: (server: string) => Promise<TOutput>
): PromiseActorLogic<TOutput, { server: string }> {
	const logic = fromPromise<TOutput, { server: string }>(({ input }) => run(input.server));
	return {
		...logic,
		start: (state, { self }) => {
			if (state.status !== 'active') return;
			const { server } = state.input as { server: string };
			run(server).then(
				(data) => {
					if (self.getSnapshot().status === 'active') self.send({ type: RESOLVE, data });
				},
				(data: unknown) => {
					if (self.getSnapshot().status === 'active') self.send({ type: REJECT, data });
				}
			);
		}
	};
}
