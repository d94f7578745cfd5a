import { labComplete, stepComplete, type LabProgressState } from '$lib/core/labs/progress';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';

/**
 * What the narration says once a step's goals are all met. On the last step, with earlier steps
 * still open, it names them: "Step complete" with Next step disabled left a learner who had
 * skipped ahead nowhere to go (learner audit s15). Steps before `from`, the step a `step=<n>`
 * link opened at, are not named: the page played them for the reader, who skipped nothing.
 * Steps are numbered from 1, as the page shows.
 */
export function stepDoneSentence(state: LabProgressState, from = 0): string {
	if (labComplete(state)) return m.lab_all_done();
	const last = state.step === state.steps.length - 1;
	const open = state.steps.flatMap((_, i) => (i < from || stepComplete(state, i) ? [] : [i + 1]));
	if (!last || open.length === 0) return m.lab_step_done();
	if (open.length === 1) return m.lab_step_done_open_one({ step: open[0] });
	return m.lab_step_done_open({ steps: open.join(getLocale() === 'zh-CN' ? '、' : ', ') });
}
