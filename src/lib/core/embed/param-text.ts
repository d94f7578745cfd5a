import { boundText } from '../text/bound';
import type { ParamProblem } from './param-check';

/**
 * A URL parameter's value as the parameter notice and its console lines show it. URL text is
 * anyone's: it is bounded, and control characters, line separators and bidi overrides (which
 * would break a log line or turn the sentence around) become U+FFFD. Loaded with the notice only.
 */
export const VALUE_MAX = 100;
/** How many unknown views are named; the rest is '…'. */
export const NAMED_MAX = 5;

const UNSAFE = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function shownValue(value: string): string {
	const bounded = boundText(value, VALUE_MAX);
	return bounded.text.replace(UNSAFE, '\ufffd') + (bounded.omitted ? '…' : '');
}

/** The problem with its given values as they are shown. */
export function shownProblem(problem: ParamProblem): ParamProblem {
	const value = shownValue(problem.value);
	if (problem.name !== 'view') return { ...problem, value };
	const named = problem.unknown.slice(0, NAMED_MAX).map(shownValue);
	return {
		...problem,
		value,
		unknown: problem.unknown.length > NAMED_MAX ? [...named, '…'] : named
	};
}
