import { describe, expect, it } from 'vitest';
import { FLOOD_PER_SECOND, FloodMeter, type FloodClock } from './flood';

/** A clock the test moves: `every` timers run as time passes them. */
function testClock() {
	let now = 0;
	const timers: Array<{ next: number; ms: number; run: () => void; on: boolean }> = [];
	const clock: FloodClock = {
		now: () => now,
		every: (ms, run) => {
			const timer = { next: now + ms, ms, run, on: true };
			timers.push(timer);
			return () => void (timer.on = false);
		}
	};
	const advance = (ms: number) => {
		const end = now + ms;
		for (;;) {
			const due = timers.filter((t) => t.on && t.next <= end).sort((a, b) => a.next - b.next)[0];
			if (!due) break;
			now = due.next;
			due.next += due.ms;
			due.run();
		}
		now = end;
	};
	return { clock, advance, running: () => timers.filter((t) => t.on).length };
}

/** `n` messages spread evenly over `ms`. */
function send(meter: FloodMeter, advance: (ms: number) => void, n: number, ms: number) {
	for (let i = 0; i < n; i++) {
		meter.count();
		advance(ms / n);
	}
}

describe('FloodMeter', () => {
	it('says a flood once, past the rate, and its end once a whole second is under it', () => {
		const { clock, advance, running } = testClock();
		const said: boolean[] = [];
		const meter = new FloodMeter((flooding) => said.push(flooding), clock);
		// A busy but ordinary server: 90 % of the rate, for five seconds.
		send(meter, advance, FLOOD_PER_SECOND * 0.9 * 5, 5_000);
		expect(said).toEqual([]);
		expect(running()).toBe(0);
		// A flood: ten times the rate for three seconds, said once.
		send(meter, advance, FLOOD_PER_SECOND * 30, 3_000);
		expect(said).toEqual([true]);
		expect(meter.flooding).toBe(true);
		// It slows to a trickle: over once a whole second has passed under the rate.
		send(meter, advance, 10, 2_500);
		expect(said).toEqual([true, false]);
		expect(running()).toBe(0);
		// It stops dead: the same, with no message to count.
		send(meter, advance, FLOOD_PER_SECOND * 2, 1_000);
		expect(said).toEqual([true, false, true]);
		advance(2_100);
		expect(said).toEqual([true, false, true, false]);
	});

	it('stops when the connection closes, once', () => {
		const { clock, advance, running } = testClock();
		const said: boolean[] = [];
		const meter = new FloodMeter((flooding) => said.push(flooding), clock);
		send(meter, advance, FLOOD_PER_SECOND, 500);
		meter.stop();
		meter.stop();
		expect(said).toEqual([true, false]);
		expect(running()).toBe(0);
	});
});
