import type { ParamRules } from '$lib/core/embed/param-check';
import { parseViews, VIEWS } from '$lib/core/embed/protocol';
import { i18n } from '$lib/i18n/locale.svelte';
import type { LabSession } from './lab-session.svelte';
import { isSpeed, SPEEDS } from './world-state.svelte';

/**
 * The URL parameters both lab routes take (embed-api.md: "on both routes"): `theme`, `speed`
 * and `step` act on the page and its session here; `view` and `controls` are returned for the
 * workspace, and `step` for the page to open its world at (open-at-step.ts), 0 without one.
 * Browser only: the pages are prerendered once for every query.
 */
export function applyPageParams(
	params: URLSearchParams,
	session: LabSession
): { views: string[]; controls: boolean; step: number } {
	const theme = params.get('theme');
	if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
	const speed = params.get('speed');
	if (isSpeed(speed)) session.world.speed = speed;
	const step = Number(params.get('step'));
	// A step the lab does not have is left out (and said: param-check.ts), not moved to the last.
	const steps = session.lab?.lab.steps.length ?? 0;
	const opensAt = Number.isInteger(step) && step > 0 && step < steps ? step : 0;
	// The narration moves at once; the world follows once started (see LabSession.startFrom).
	if (opensAt) session.lab?.goTo(opensAt);
	return {
		views: parseViews(params.get('view')),
		controls: params.get('controls') !== '0',
		step: opensAt
	};
}

/**
 * What the parameter notice checks a page's URL against (ParamsNotice.svelte, loaded on demand):
 * the lab's step count (null on a page without a lab) and whether the page reads `captions=`.
 */
export function paramRules(steps: number | null, captions = false): ParamRules {
	return { locales: i18n.locales, speeds: SPEEDS, views: VIEWS, steps, captions };
}
