import type { HostSide } from './host-side';

/** tools/call requests on the wire now, per server (see `parked`). */
export class ExecutingCalls {
	readonly #count = new Map<string, number>();

	/** Runs `request` counted as a tools/call on the wire to `server`. */
	async on<T>(server: string, request: () => Promise<T>): Promise<T> {
		this.#count.set(server, (this.#count.get(server) ?? 0) + 1);
		try {
			return await request();
		} finally {
			// A server's count stays at 0 rather than leaving: a Map shrinks and regrows its table
			// on every delete and set of a lone key, and `parked` counts nothing for a 0.
			this.#count.set(server, this.#count.get(server)! - 1);
		}
	}

	/**
	 * Calls in tools/call whose server is waiting for a person (sampling, elicitation): like a
	 * call awaiting approval, they wait without moving the clock. Counted per server, since the
	 * wire does not tie a server's request to the call that caused it.
	 */
	parked(host: HostSide | null): number {
		let n = 0;
		for (const [server, count] of this.#count)
			n += Math.min(count, host?.requests.pendingFor(server) ?? 0);
		return n;
	}
}
