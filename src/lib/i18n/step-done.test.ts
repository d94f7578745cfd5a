import { afterEach, describe, expect, it } from 'vitest';
import type { LabProgressState } from '$lib/core/labs/progress';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { stepDoneSentence } from './step-done';

/** A lab of `done.length` one-check steps, standing at `step`. */
const state = (step: number, done: boolean[]): LabProgressState => ({
	step,
	steps: done.map((met) => ({ met: [met], since: 0, opened: 0, prediction: null }))
});

describe('stepDoneSentence', () => {
	afterEach(() => overwriteGetLocale(() => 'en'));

	it('on the last step with earlier steps open, names them (en, zh-CN)', () => {
		const skipped = state(3, [true, false, false, true]);
		expect(stepDoneSentence(skipped)).toBe(
			'Step complete. Steps 2, 3 are not done yet: Previous step goes back to them.'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(stepDoneSentence(skipped)).toBe('本步完成。第 2、3 步还没有完成：用“上一步”可以回去。');
	});

	it('names no step a step=<n> link opened past: the page played those for the reader', () => {
		const opened = state(3, [false, false, false, true]);
		expect(stepDoneSentence(opened, 3)).toBe('Step complete. Go on when you are ready.');
		expect(stepDoneSentence(state(3, [false, false, false, true]), 2)).toBe(
			'Step complete. Step 3 is not done yet: Previous step goes back to it.'
		);
	});

	it('says the plain sentence on any other step, and the lab’s end when all is done', () => {
		expect(stepDoneSentence(state(1, [false, true, false]))).toBe(
			'Step complete. Go on when you are ready.'
		);
		expect(stepDoneSentence(state(2, [true, true, true]))).toBe('Lab complete: every goal is met.');
	});
});
