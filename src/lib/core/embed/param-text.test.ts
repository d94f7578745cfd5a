import { describe, expect, it } from 'vitest';
import { checkPageParams } from './param-check';
import { shownProblem, shownValue } from './param-text';
import { VIEWS } from './protocol';

const rules = {
	locales: ['en', 'zh-CN'],
	speeds: ['instant', 'slow', 'realtime'],
	views: VIEWS,
	steps: 5
};
const shown = (query: string) =>
	checkPageParams(new URLSearchParams(query), rules).map(shownProblem);

describe('a URL value as the notice shows it', () => {
	it('is the value itself when it is short and plain', () => {
		expect(shownValue('fr')).toBe('fr');
		expect(shownValue('蓝色')).toBe('蓝色');
		expect(shown('lang=fr&step=99')).toEqual([
			{ name: 'lang', value: 'fr', accepted: ['en', 'zh-CN'] },
			{ name: 'step', value: '99', max: 4 }
		]);
	});

	it('is bounded, saying that it was cut', () => {
		expect(shown(`theme=${'x'.repeat(5000)}`)).toEqual([
			{ name: 'theme', value: `${'x'.repeat(100)}…`, accepted: ['light', 'dark'] }
		]);
		expect(shownValue('x'.repeat(100))).toBe('x'.repeat(100));
		// A surrogate pair is not cut in half at the bound.
		expect(shownValue(`${'a'.repeat(99)}😀`)).toBe(`${'a'.repeat(99)}…`);
	});

	it('stays on one line and reads the right way round', () => {
		expect(
			shown(`lang=${encodeURIComponent('fr\nWARN forged\r\u2028line\u202eevil\u2066\u0000')}`)
		).toEqual([
			{
				name: 'lang',
				value: 'fr\ufffdWARN forged\ufffd\ufffdline\ufffdevil\ufffd\ufffd',
				accepted: ['en', 'zh-CN']
			}
		]);
	});

	it('names at most five unknown views, each bounded', () => {
		const [view] = shown(`view=registry,${'y'.repeat(300)}`);
		expect(view).toMatchObject({
			value: `registry,${'y'.repeat(91)}…`,
			unknown: [`${'y'.repeat(100)}…`]
		});
		expect(shown('view=a,b,c,d,e,f,g')[0]).toMatchObject({
			value: 'a,b,c,d,e,f,g',
			unknown: ['a', 'b', 'c', 'd', 'e', '…']
		});
		expect(shown('view=a,b,c,d,e')[0]).toMatchObject({ unknown: ['a', 'b', 'c', 'd', 'e'] });
	});
});
