import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams } from '$lib/test-support/property';
import { SimClock } from './clock';

describe('SimClock', () => {
	it('runs timers by time, and timers due at the same time in the order they were scheduled', () => {
		const clock = new SimClock();
		const ran: string[] = [];
		clock.schedule(20, () => ran.push('b@20'));
		clock.schedule(10, () => ran.push('a@10'));
		clock.schedule(20, () => ran.push('c@20'));
		clock.schedule(0, () => ran.push('now'));
		expect(clock.nextAt).toBe(0);
		expect(clock.runDue()).toBe(true);
		expect(ran).toEqual(['now']);
		clock.advanceBy(20);
		expect(ran).toEqual(['now', 'a@10', 'b@20', 'c@20']);
		expect(clock.now).toBe(20);
		expect(clock.pending).toBe(0);
	});

	it('a cancelled timer never runs, and cancelling twice or after it ran changes nothing', () => {
		const clock = new SimClock();
		const ran: string[] = [];
		const cancelA = clock.schedule(5, () => ran.push('a'));
		const cancelB = clock.schedule(5, () => ran.push('b'));
		clock.schedule(5, () => ran.push('c'));
		cancelB();
		cancelB();
		expect(clock.pending).toBe(2);
		expect(clock.advanceToNext()).toBe(true);
		cancelA();
		expect(ran).toEqual(['a', 'c']);
		expect(clock.advanceToNext()).toBe(false);
	});

	it('a timer scheduled while timers run, due now, runs in the same pass after them', () => {
		const clock = new SimClock();
		const ran: string[] = [];
		clock.schedule(0, () => {
			ran.push('first');
			clock.schedule(0, () => ran.push('scheduled by first'));
		});
		clock.schedule(0, () => ran.push('second'));
		clock.runDue();
		expect(ran).toEqual(['first', 'second', 'scheduled by first']);
	});

	it('(property) runs exactly the timers not cancelled, in (time, scheduling) order', () => {
		const op = fc.oneof(
			fc.record({ schedule: fc.integer({ min: 0, max: 50 }) }),
			fc.record({ cancel: fc.nat(40) }),
			fc.record({ advance: fc.integer({ min: 0, max: 30 }) })
		);
		fc.assert(
			fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
				const clock = new SimClock();
				const ran: number[] = [];
				// The model: every timer with its due time, in the order it was scheduled.
				const model: { id: number; at: number; cancelled: boolean; ran: boolean }[] = [];
				const cancels: (() => void)[] = [];
				for (const o of ops) {
					if ('schedule' in o) {
						const id = model.length;
						model.push({ id, at: clock.now + o.schedule, cancelled: false, ran: false });
						cancels.push(clock.schedule(o.schedule, () => ran.push(id)));
					} else if ('cancel' in o) {
						const target = model[o.cancel];
						if (target) {
							cancels[o.cancel]();
							if (!target.ran) target.cancelled = true;
						}
					} else {
						const until = clock.now + o.advance;
						const due = model
							.filter((t) => !t.cancelled && !t.ran && t.at <= until)
							.sort((a, b) => a.at - b.at || a.id - b.id);
						const before = ran.length;
						clock.advanceBy(o.advance);
						expect(ran.slice(before)).toEqual(due.map((t) => t.id));
						for (const t of due) t.ran = true;
					}
				}
				expect(clock.pending).toBe(model.filter((t) => !t.cancelled && !t.ran).length);
			}),
			fcParams(300)
		);
	});
});
