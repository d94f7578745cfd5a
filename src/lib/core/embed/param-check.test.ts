import { describe, expect, it } from 'vitest';
import { checkPageParams, type ParamRules } from './param-check';
import { VIEWS } from './protocol';

const LAB: ParamRules = {
	locales: ['en', 'zh-CN'],
	speeds: ['instant', 'slow', 'realtime'],
	views: VIEWS,
	steps: 5,
	captions: true
};
const check = (query: string, rules: ParamRules = LAB) =>
	checkPageParams(new URLSearchParams(query), rules);

describe('checkPageParams', () => {
	it('says nothing about values the page understands', () => {
		for (const query of [
			'',
			'lang=en',
			'lang=zh-CN',
			'theme=light',
			'theme=dark',
			'view=all',
			'view=servers,registry,pipeline,log,machine',
			'view=naming,input,editor,messages,protocol,host',
			'view= servers , log',
			'view=registry,,log,',
			'step=0',
			'step=4',
			'controls=0',
			'controls=1',
			'speed=instant',
			'speed=slow',
			'speed=realtime',
			'captions=0',
			'captions=1',
			'announce=always',
			'announce=focus',
			'lang=zh-CN&theme=dark&view=log&step=2&controls=0&speed=slow&captions=1'
		])
			expect(check(query), query).toEqual([]);
	});

	it('leaves empty values, unknown names, s= and origin= alone', () => {
		expect(check('lang=&theme=&view=&step=&controls=&speed=&captions=')).toEqual([]);
		expect(check('utm_source=docs&foo=bar&s=%%%garbage&origin=not-an-origin')).toEqual([]);
	});

	it('names each parameter it did not understand, with its value and what it takes', () => {
		expect(check('lang=fr')).toEqual([{ name: 'lang', value: 'fr', accepted: ['en', 'zh-CN'] }]);
		expect(check('theme=blue')).toEqual([
			{ name: 'theme', value: 'blue', accepted: ['light', 'dark'] }
		]);
		expect(check('controls=2')).toEqual([{ name: 'controls', value: '2', accepted: ['0', '1'] }]);
		expect(check('speed=warp')).toEqual([
			{ name: 'speed', value: 'warp', accepted: ['instant', 'slow', 'realtime'] }
		]);
		expect(check('captions=yes')).toEqual([
			{ name: 'captions', value: 'yes', accepted: ['0', '1'] }
		]);
		expect(check('announce=never')).toEqual([
			{ name: 'announce', value: 'never', accepted: ['always', 'focus'] }
		]);
		// Words are exact: the page compares them as written.
		expect(check('lang=zh-cn&theme=Dark')).toEqual([
			{ name: 'lang', value: 'zh-cn', accepted: ['en', 'zh-CN'] },
			{ name: 'theme', value: 'Dark', accepted: ['light', 'dark'] }
		]);
	});

	it('names the views it does not have, even next to ones it has', () => {
		expect(check('view=foo')).toEqual([
			{ name: 'view', value: 'foo', unknown: ['foo'], accepted: VIEWS }
		]);
		expect(check('view=registry,bogus')).toEqual([
			{ name: 'view', value: 'registry,bogus', unknown: ['bogus'], accepted: VIEWS }
		]);
		expect(check('view=Log,x,x,log')).toEqual([
			{ name: 'view', value: 'Log,x,x,log', unknown: ['Log', 'x'], accepted: VIEWS }
		]);
		expect(check('view=a,b,c,d,e,f,g')[0]).toMatchObject({
			unknown: ['a', 'b', 'c', 'd', 'e', 'f', 'g']
		});
	});

	it('takes a step of the lab as a whole number', () => {
		expect(check('step=abc')).toEqual([{ name: 'step', value: 'abc', max: 4 }]);
		expect(check('step=5')).toEqual([{ name: 'step', value: '5', max: 4 }]);
		expect(check('step=99')).toEqual([{ name: 'step', value: '99', max: 4 }]);
		expect(check('step=-1')).toEqual([{ name: 'step', value: '-1', max: 4 }]);
		expect(check('step=1.5')).toEqual([{ name: 'step', value: '1.5', max: 4 }]);
		expect(check('step=99', { ...LAB, steps: 7 })).toEqual([{ name: 'step', value: '99', max: 6 }]);
	});

	it('says a page without a lab has no steps, whatever the step', () => {
		const sandbox = { ...LAB, steps: null };
		expect(check('step=0', sandbox)).toEqual([{ name: 'step', value: '0', max: null }]);
		expect(check('step=2', sandbox)).toEqual([{ name: 'step', value: '2', max: null }]);
		expect(check('', sandbox)).toEqual([]);
	});

	it('leaves captions= alone on a page that does not read it', () => {
		expect(check('captions=yes', { ...LAB, captions: false })).toEqual([]);
	});

	it('reports in the order of the contract, one entry per parameter', () => {
		expect(
			check('speed=warp&step=99&controls=2&view=registry,bogus&theme=blue&lang=fr').map(
				(p) => p.name
			)
		).toEqual(['lang', 'theme', 'view', 'step', 'controls', 'speed']);
		// The page reads the first of a repeated parameter, and so does the check.
		expect(check('lang=fr&lang=en')).toEqual([
			{ name: 'lang', value: 'fr', accepted: ['en', 'zh-CN'] }
		]);
		expect(check('lang=en&lang=fr')).toEqual([]);
	});
});
