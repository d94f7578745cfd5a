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
	run: (options: { signal: AbortSignal; timeout: number }) => Promise<T>,
	/**
	 * A caller that can also cancel the request passes its own controller: the first abort wins,
	 * as with `AbortSignal.any` of two signals, without making two more signals for every call.
	 */
	controller = new AbortController()
): Promise<T> {
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

/**
 * Yields to the host's task queue so every pending promise chain runs before time moves. Any
 * task does: the microtask queue is empty before the next one starts, and the simulation itself
 * queues no tasks (its timers are the SimClock's). Node's `setImmediate` is its cheapest task;
 * a browser gets one shared message channel (a new channel per yield cost half of a call's time).
 */
let channel: MessageChannel | null = null;
const waiting: Array<() => void> = [];

export function macrotask(): Promise<void> {
	if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
	if (typeof MessageChannel !== 'function')
		return new Promise((resolve) => queueMicrotask(resolve));
	if (!channel) {
		channel = new MessageChannel();
		channel.port1.onmessage = () => waiting.shift()?.();
		// A shared port must not keep a Node process alive once nothing waits on it.
		(channel.port1 as { unref?: () => void }).unref?.();
		(channel.port2 as { unref?: () => void }).unref?.();
	}
	return new Promise((resolve) => {
		waiting.push(resolve);
		channel!.port2.postMessage(null);
	});
}
