import { describe, expect, it } from 'vitest';
import { BoundedList } from './bounded-list';

describe('BoundedList', () => {
	it('keeps the newest window of items and counts the rest as dropped', () => {
		const list = new BoundedList<number>(4);
		for (let i = 1; i <= 11; i++) list.push(i);
		expect(list.items).toEqual([8, 9, 10, 11]);
		expect(list.dropped).toBe(7);
		expect(list.last).toBe(11);
	});

	it('hands out the same array until something changes', () => {
		const list = new BoundedList<number>(10);
		list.push(1);
		const first = list.items;
		expect(list.items).toBe(first);
		list.push(2);
		expect(list.items).not.toBe(first);
		expect(first).toEqual([1]);
	});

	it('replaces the newest match in place, leaving earlier views untouched', () => {
		const list = new BoundedList<{ id: string; n: number }>(10);
		list.push({ id: 'a', n: 1 });
		list.push({ id: 'a', n: 2 });
		const before = list.items;
		expect(
			list.replaceLast(
				(x) => x.id === 'a',
				(x) => ({ ...x, n: 9 })
			)
		).toEqual({ id: 'a', n: 9 });
		expect(list.items.map((x) => x.n)).toEqual([1, 9]);
		expect(before.map((x) => x.n)).toEqual([1, 2]);
		expect(
			list.replaceLast(
				(x) => x.id === 'z',
				(x) => x
			)
		).toBeUndefined();
	});
});
