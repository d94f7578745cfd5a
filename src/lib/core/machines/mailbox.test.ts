import { describe, expect, it } from 'vitest';
import { Mailbox } from './mailbox';

describe('Mailbox', () => {
	it('processes an event posted during another after it, in the order posted', () => {
		const seen: string[] = [];
		const mailbox: Mailbox = new Mailbox((event) => {
			seen.push('start');
			event();
			seen.push('end');
		});
		mailbox.post(() => {
			seen.push('a');
			mailbox.post(() => seen.push('b'));
			mailbox.post(() => seen.push('c'));
		});
		expect(seen).toEqual(['start', 'a', 'end', 'start', 'b', 'end', 'start', 'c', 'end']);
	});

	it('drops what was queued behind an event that threw, and takes the next post afresh', () => {
		const seen: string[] = [];
		const mailbox: Mailbox = new Mailbox((event) => event());
		expect(() =>
			mailbox.post(() => {
				mailbox.post(() => seen.push('queued'));
				throw new Error('boom');
			})
		).toThrow('boom');
		mailbox.post(() => seen.push('next'));
		expect(seen).toEqual(['next']);
	});
});
