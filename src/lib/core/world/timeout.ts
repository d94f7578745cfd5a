import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SimClock } from './clock';

/**
 * The SDK's own timer runs on wall-clock time; the lab needs timeouts on the simulated clock.
 * So the SDK timer is pushed out of reach and the request is aborted from the clock instead,
 * with the same error the SDK raises for its own timeout (and the SDK then sends
 * notifications/cancelled, which the wire log shows).
 */
export const SDK_TIMER_OUT_OF_REACH = 2_000_000_000;

export async function withClockTimeout<T>(
	clock: SimClock,
	timeoutMs: number,
	run: (options: { signal: AbortSignal; timeout: number }) => Promise<T>
): Promise<T> {
	const controller = new AbortController();
	const cancel = clock.schedule(timeoutMs, () =>
		controller.abort(
			new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })
		)
	);
	try {
		return await run({ signal: controller.signal, timeout: SDK_TIMER_OUT_OF_REACH });
	} finally {
		cancel();
	}
}

/** Yields to the host's task queue so every pending promise chain runs before time moves. */
export function macrotask(): Promise<void> {
	if (typeof MessageChannel === 'function') {
		return new Promise((resolve) => {
			const channel = new MessageChannel();
			channel.port1.onmessage = () => {
				channel.port1.close();
				resolve();
			};
			channel.port2.postMessage(null);
		});
	}
	return new Promise((resolve) => queueMicrotask(resolve));
}
