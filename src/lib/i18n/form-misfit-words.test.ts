import { afterEach, describe, expect, it } from 'vitest';
import {
	MISFIT_RULES,
	misfitEnglish,
	misfitParams,
	type MisfitIssue
} from '$lib/core/world/form-misfit';
import { hostRefusal } from '$lib/core/world/host-refusals';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { commandErrorText } from './command-error';
import { misfitText } from './form-misfit-words';

afterEach(() => overwriteGetLocale(() => 'en'));

const LIMITS: Record<string, string> = {
	type: 'integer',
	format: 'email',
	pattern: '^[a-z]+$',
	required: '',
	choice: ''
};
/** One problem of every rule, with the limit its rule takes. */
const every: MisfitIssue[] = MISFIT_RULES.map((rule) => ({
	rule,
	field: `f_${rule}`,
	limit: LIMITS[rule] ?? (rule === 'other' ? '3 is not a multiple of 2.' : '4')
}));
const types = ['integer', 'number', 'string', 'boolean', 'array', 'object'];

describe('a refused form answer in the page language', () => {
	it('says on an English page exactly the words of the refusal’s message, rule by rule', () => {
		for (const issue of [
			...every,
			...types.map((limit) => ({ rule: 'type' as const, field: 'n', limit })),
			{ rule: 'minimum' as const, field: '', limit: '1' },
			{ rule: 'other' as const, field: '', limit: 'Odd.' }
		])
			expect(misfitText(misfitParams([issue])), issue.rule).toBe(misfitEnglish(issue));
		const error = hostRefusal('answer_misfit', misfitParams(every.slice(0, 3)));
		expect(commandErrorText(error)).toBe(error.message);
	});

	it('says each rule in Chinese, with the field and its limit', () => {
		overwriteGetLocale(() => 'zh-CN');
		for (const issue of every) {
			const text = misfitText(misfitParams([issue]));
			expect(text, issue.rule).not.toBe(misfitEnglish(issue));
			expect(text, issue.rule).toContain(issue.field);
			if (issue.rule !== 'type' && issue.limit) expect(text, issue.rule).toContain(issue.limit);
		}
		const error = hostRefusal(
			'answer_misfit',
			misfitParams([
				{ rule: 'required', field: 'date', limit: '' },
				{ rule: 'type', field: 'people', limit: 'integer' }
			])
		);
		expect(commandErrorText(error)).toBe(
			'回答不符合所请求的表单：必须填写 date。people 必须是整数。'
		);
		// The answer as a whole is named in Chinese, with no space beside it.
		expect(misfitText(misfitParams([{ rule: 'type', field: '', limit: 'object' }]))).toBe(
			'回答的类型必须是 object。'
		);
		expect(misfitText(misfitParams([{ rule: 'required', field: '', limit: '' }]))).toBe(
			'必须填写回答。'
		);
	});

	it('falls back to the English words for a record without rules, or a rule it does not know', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(misfitText({ detail: 'people: 0 is less than 1.' })).toBe('people: 0 is less than 1.');
		expect(misfitText({ detail: 'x is odd.', rule1: 'oddness', field1: 'x', limit1: '' })).toBe(
			'x is odd.'
		);
	});
});
