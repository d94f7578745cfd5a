import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { CommandQueue } from './command-queue';

describe('CommandQueue', () => {
	it('logs a command queued behind a slower one at the time its turn came', async () => {
		const clock = new SimClock();
		const queue = new CommandQueue(clock);
		const first = queue.command({ do: 'startSession' }, async () => clock.advanceBy(40));
		const second = queue.command({ do: 'connectAll' }, async () => {});
		// Issued together: both logged at 0 until their turns come.
		const issued = queue.actions[1];
		expect(queue.actions.map((a) => [a.seq, a.t, a.action.do])).toEqual([
			[1, 0, 'startSession'],
			[2, 0, 'connectAll']
		]);
		await Promise.all([first, second]);
		expect(queue.actions.map((a) => [a.seq, a.t, a.during])).toEqual([
			[1, 0, null],
			[2, 40, null]
		]);
		// The entry read before its turn is not changed under its reader.
		expect(issued.t).toBe(0);
	});

	it('lets in an interrupt parked behind a turn that failed before any quiet point', async () => {
		const queue = new CommandQueue(new SimClock());
		let fail!: (error: Error) => void;
		const failing = queue.command(
			{ do: 'startSession' },
			() => new Promise<void>((_, reject) => (fail = reject))
		);
		const acted: string[] = [];
		const interrupt = queue.interrupt(
			{ do: 'restartHarness' },
			() => acted.push('restart'),
			async () => {}
		);
		expect(acted).toEqual([]);
		await new Promise((turnStarted) => setTimeout(turnStarted, 0));
		fail(new Error('This world has been replaced.'));
		await expect(failing).rejects.toThrow('This world has been replaced.');
		await interrupt;
		expect(acted).toEqual(['restart']);
		expect(queue.actions.map((a) => [a.action.do, a.during])).toEqual([
			['startSession', null],
			['restartHarness', null]
		]);
	});

	it('runs queued commands one at a time, in the order issued, and goes on after one fails', async () => {
		const queue = new CommandQueue(new SimClock());
		const ran: string[] = [];
		const failing = queue.command({ do: 'startSession' }, async () => {
			ran.push('start');
			throw new Error('Start failed.');
		});
		const next = queue.command({ do: 'closeSession' }, async () => {
			ran.push('close');
		});
		await expect(failing).rejects.toThrow('Start failed.');
		await next;
		expect(ran).toEqual(['start', 'close']);
		expect(queue.actions.map((a) => a.action.do)).toEqual(['startSession', 'closeSession']);
	});

	it('holds an interrupt asked for during a command until the quiet point that drains it', async () => {
		const queue = new CommandQueue(new SimClock());
		const order: string[] = [];
		let release = () => {};
		const gate = new Promise<void>((resolve) => (release = resolve));
		const command = queue.command({ do: 'startSession' }, async () => {
			order.push('command');
			await gate;
		});
		await Promise.resolve();
		expect(queue.drain()).toBe(false);
		const interrupt = queue.interrupt(
			{ do: 'restartHarness' },
			() => order.push('interrupt'),
			async () => {
				order.push('settled');
			}
		);
		expect(order).toEqual(['command']);
		expect(queue.drain()).toBe(true);
		expect(order).toEqual(['command', 'interrupt']);
		expect(queue.drain()).toBe(false);
		release();
		await Promise.all([command, interrupt]);
		expect(order).toEqual(['command', 'interrupt', 'settled']);
		expect(queue.actions.map((a) => [a.seq, a.during, a.action.do])).toEqual([
			[1, null, 'startSession'],
			[2, 1, 'restartHarness']
		]);
	});
});
