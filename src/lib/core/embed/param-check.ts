/**
 * The URL parameters of the lab and embed pages whose value the page did not understand, so a
 * docs author hears about `theme=blue` instead of getting a page that quietly ignores it.
 * Unknown parameter names are not ours to judge (host pages add their own), and `s=` and
 * `origin=` have their own notices. An empty value counts as not given, as the pages read it.
 * The values are as given: param-text.ts bounds them for showing. This module is in every lab
 * page's start-up, so it stays small.
 */

export type ParamProblem =
	| {
			name: 'lang' | 'theme' | 'controls' | 'speed' | 'captions' | 'announce';
			value: string;
			accepted: readonly string[];
	  }
	| { name: 'view'; value: string; unknown: string[]; accepted: readonly string[] }
	/** `max` is the last step of the lab; null on a page without a lab (no steps at all). */
	| { name: 'step'; value: string; max: number | null };

export interface ParamRules {
	locales: readonly string[];
	speeds: readonly string[];
	/** The `view` names the page takes (protocol.ts' VIEWS; given, so this module imports nothing). */
	views: readonly string[];
	/** How many steps the page's lab has; null when the page has no lab (`/embed/sandbox`). */
	steps: number | null;
	/**
	 * Whether the page reads the embed's own `captions=` and `announce=` (the lab page has its own
	 * captions toggle, and its live region is the page's only one).
	 */
	captions?: boolean;
}

export function checkPageParams(params: URLSearchParams, rules: ParamRules): ParamProblem[] {
	const problems: ParamProblem[] = [];
	const oneOf = (
		name: 'lang' | 'theme' | 'controls' | 'speed' | 'captions' | 'announce',
		accepted: readonly string[]
	) => {
		const value = params.get(name);
		if (value && !accepted.includes(value)) problems.push({ name, value, accepted });
	};
	oneOf('lang', rules.locales);
	oneOf('theme', ['light', 'dark']);

	const view = params.get('view');
	if (view) {
		// As parseViews reads it: names trimmed, empty ones skipped.
		const unknown = [
			...new Set(
				view
					.split(',')
					.map((v) => v.trim())
					.filter((v) => v && !rules.views.includes(v))
			)
		];
		if (unknown.length)
			problems.push({
				name: 'view',
				value: view,
				unknown,
				accepted: rules.views
			});
	}

	const step = params.get('step');
	if (step) {
		const n = Number(step);
		const max = rules.steps && rules.steps > 0 ? rules.steps - 1 : null;
		if (max === null || !(Number.isInteger(n) && n >= 0 && n <= max))
			problems.push({ name: 'step', value: step, max });
	}

	oneOf('controls', ['0', '1']);
	oneOf('speed', rules.speeds);
	if (rules.captions) {
		oneOf('captions', ['0', '1']);
		oneOf('announce', ['always', 'focus']);
	}
	return problems;
}
