import { describe, expect, it } from 'vitest';
import { EarlySaid } from './early-said';

describe('checks done before their turn, said', () => {
	it('once in a step, however often the mark comes and goes', () => {
		const said = new EarlySaid();
		const met = [true, false, false];
		expect(said.fresh(2, 0, [2], met)).toEqual([2]);
		expect(said.fresh(2, 0, [2], met)).toEqual([]);
		// A reconnect passes through pending: not early for a moment, then early again.
		expect(said.fresh(2, 0, [], met)).toEqual([]);
		expect(said.fresh(2, 0, [2], met)).toEqual([]);
		expect(said.fresh(2, 0, [1, 2], met)).toEqual([1]);
	});

	it('again in another step, after a reset, or once the check was met in between', () => {
		const said = new EarlySaid();
		expect(said.fresh(2, 0, [2], [true, false, false])).toEqual([2]);
		expect(said.fresh(3, 0, [2], [false, false, false])).toEqual([2]);
		expect(said.fresh(3, 1, [2], [false, false, false])).toEqual([2]);
		expect(said.fresh(3, 1, [], [false, false, true])).toEqual([]);
		expect(said.fresh(3, 1, [2], [false, false, false])).toEqual([2]);
	});
});
