import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { withClockTimeout } from './timeout';

/** A request that settles only when its signal aborts, with the signal's reason. */
const untilAborted = ({ signal }: { signal: AbortSignal }) =>
	new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('withClockTimeout', () => {
	it('fails the request with the SDK timeout error once the simulated time has passed', async () => {
		const clock = new SimClock();
		const request = withClockTimeout(clock, 5000, untilAborted);
		clock.advanceBy(4999);
		clock.advanceBy(1);
		const error = await request.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(McpError);
		expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
		expect((error as McpError).message).toBe('MCP error -32001: Request timed out');
	});

	it("a caller's own controller cancels first; the timeout then neither fires nor stays scheduled", async () => {
		const clock = new SimClock();
		const controller = new AbortController();
		const request = withClockTimeout(clock, 5000, untilAborted, controller);
		clock.advanceBy(100);
		controller.abort('Cancelled by the user');
		await expect(request).rejects.toBe('Cancelled by the user');
		expect(clock.pending).toBe(0);
		clock.advanceBy(10_000);
		expect(controller.signal.reason).toBe('Cancelled by the user');
	});

	it('a request answered in time leaves no timer behind', async () => {
		const clock = new SimClock();
		await expect(withClockTimeout(clock, 5000, async () => 'answer')).resolves.toBe('answer');
		expect(clock.pending).toBe(0);
	});
});
