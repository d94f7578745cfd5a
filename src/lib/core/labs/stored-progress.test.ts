import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	MAX_LABS,
	MAX_RAW_CHARS,
	emptyProgress,
	isFinished,
	markStepDone,
	parseStoredProgress,
	resetAll,
	resetLab,
	serialize,
	stepsDone,
	type StoredProgress
} from './stored-progress';

const raw = (value: unknown) => JSON.stringify(value);

describe('parseStoredProgress', () => {
	it('reads back what serialize wrote', () => {
		let progress = markStepDone(emptyProgress(), '02-naming', 0, 4);
		progress = markStepDone(progress, '02-naming', 2, 4);
		expect(parseStoredProgress(serialize(progress))).toEqual({
			v: 1,
			labs: { '02-naming': { done: [0, 2], finished: false } }
		});
	});

	it.each([
		['nothing stored', null],
		['empty string', ''],
		['not JSON', '{v:1'],
		['JSON null', 'null'],
		['a number', '42'],
		['an array', '[1,2]'],
		['another version', raw({ v: 2, labs: { '02-naming': { done: [0], finished: false } } })],
		['version as text', raw({ v: '1', labs: {} })],
		['labs as array', raw({ v: 1, labs: [{ done: [0] }] })]
	])('gives empty progress for %s', (_, input) => {
		expect(parseStoredProgress(input)).toEqual(emptyProgress());
	});

	it('refuses oversized input before parsing it', () => {
		const huge = raw({ v: 1, labs: {}, pad: 'x'.repeat(MAX_RAW_CHARS) });
		expect(parseStoredProgress(huge)).toEqual(emptyProgress());
	});

	it('keeps only valid, sorted, unique step indexes', () => {
		const input = raw({
			v: 1,
			labs: { '01-x': { done: [3, 1, 1, -1, 2.5, '0', null, 1e9, 0], finished: 'yes' } }
		});
		expect(parseStoredProgress(input).labs).toEqual({
			'01-x': { done: [0, 1, 3], finished: false }
		});
	});

	it('drops hostile lab ids without touching any prototype', () => {
		const input =
			'{"v":1,"labs":{"__proto__":{"done":[0],"finished":true},' +
			'"constructor":{"done":[0],"finished":true},"<img src=x>":{"done":[0],"finished":true},' +
			'"01-ok":{"done":[0],"finished":true}}}';
		const progress = parseStoredProgress(input);
		expect(Object.keys(progress.labs)).toEqual(['01-ok']);
		expect(Object.getPrototypeOf(progress.labs)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).done).toBeUndefined();
	});

	it('drops entries with nothing in them and entries of the wrong shape', () => {
		const input = raw({
			v: 1,
			labs: { '01-a': { done: [], finished: false }, '01-b': 'done', '01-c': { finished: true } }
		});
		expect(parseStoredProgress(input).labs).toEqual({});
	});

	it('drops unknown labs only when the known ids are given', () => {
		const input = raw({
			v: 1,
			labs: { '01-a': { done: [0], finished: false }, '09-gone': { done: [0], finished: true } }
		});
		expect(Object.keys(parseStoredProgress(input).labs)).toEqual(['01-a', '09-gone']);
		expect(Object.keys(parseStoredProgress(input, ['01-a']).labs)).toEqual(['01-a']);
	});

	it('caps the number of labs kept', () => {
		const labs = Object.fromEntries(
			Array.from({ length: MAX_LABS + 20 }, (_, i) => [
				`${String(i % 100).padStart(2, '0')}-lab-${i}`,
				{ done: [0], finished: false }
			])
		);
		expect(Object.keys(parseStoredProgress(raw({ v: 1, labs })).labs)).toHaveLength(MAX_LABS);
	});

	it('stores only the documented facts, whatever else was in storage', () => {
		const input = raw({
			v: 1,
			token: 'secret',
			labs: { '01-a': { done: [0], finished: false, scenario: { x: 1 }, prediction: 'p' } }
		});
		expect(serialize(parseStoredProgress(input))).toBe(
			'{"v":1,"labs":{"01-a":{"done":[0],"finished":false}}}'
		);
	});

	it('never throws and always returns the stored shape, whatever the input', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (input) => {
				const progress = parseStoredProgress(input);
				expect(progress.v).toBe(1);
				for (const record of Object.values(progress.labs)) {
					expect(record.done).toEqual([...new Set(record.done)].sort((a, b) => a - b));
					expect(typeof record.finished).toBe('boolean');
				}
			})
		);
	});
});

describe('markStepDone', () => {
	it('counts each step once and finishes the lab when every step is done', () => {
		let progress: StoredProgress = emptyProgress();
		for (const step of [2, 0, 2, 1]) progress = markStepDone(progress, '02-naming', step, 4);
		expect(stepsDone(progress, '02-naming', 4)).toBe(3);
		expect(isFinished(progress, '02-naming')).toBe(false);
		progress = markStepDone(progress, '02-naming', 3, 4);
		expect(progress.labs['02-naming']).toEqual({ done: [0, 1, 2, 3], finished: true });
	});

	it('finishes a lab whose steps were done over several visits', () => {
		const earlier = parseStoredProgress(raw({ v: 1, labs: { '01-a': { done: [0, 1] } } }));
		expect(isFinished(markStepDone(earlier, '01-a', 2, 3), '01-a')).toBe(true);
	});

	it('returns the same object when nothing changes, so nothing is written', () => {
		const once = markStepDone(emptyProgress(), '01-a', 0, 3);
		expect(markStepDone(once, '01-a', 0, 3)).toBe(once);
	});

	it.each([
		['a negative step', '01-a', -1, 3],
		['a step past the end', '01-a', 3, 3],
		['a fractional step', '01-a', 0.5, 3],
		['a hostile id', '__proto__', 0, 3],
		['an absurd step count', '01-a', 0, 10_000]
	])('ignores %s', (_, id, step, count) => {
		const progress = emptyProgress();
		expect(markStepDone(progress, id, step, count)).toBe(progress);
	});

	it('does not change the progress it was given', () => {
		const before = markStepDone(emptyProgress(), '01-a', 0, 3);
		const copy = structuredClone(before);
		markStepDone(before, '01-a', 1, 3);
		expect(before).toEqual(copy);
	});
});

describe('resetting', () => {
	const progress = markStepDone(markStepDone(emptyProgress(), '01-a', 0, 2), '02-b', 1, 2);

	it('forgets one lab and keeps the others', () => {
		expect(Object.keys(resetLab(progress, '01-a').labs)).toEqual(['02-b']);
		expect(resetLab(progress, '03-none')).toBe(progress);
	});

	it('forgets every lab', () => {
		expect(resetAll()).toEqual(emptyProgress());
		expect(stepsDone(resetAll(), '01-a', 2)).toBe(0);
	});
});
