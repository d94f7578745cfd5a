import { tick } from 'svelte';
import type { Lab } from '$lib/core';
import type { StepProgress } from '$lib/core/labs/progress';
import { checkShared, SHARE_FORMAT } from '$lib/core/share/share-link';
import { m } from '$lib/paraglide/messages';
import { madeUnder, readMoment } from './kept-moment';
import type { LabSession } from './lab-session.svelte';
import type { MomentKeeper } from './moment-keeper';
import { LESSON_TITLE_ID } from './panel-index.svelte';

/**
 * Opening a lab page on the moment this tab kept of it (kept-moment.ts), loaded only when there
 * is one: the page's start-up holds no more of it than the check that there is.
 */

/** What the page shows of it (MomentNotice.svelte), while the lab has not restarted since. */
export type MomentShown =
	| { state: 'restored'; step: number; redacted: boolean; restarts: number }
	| { state: 'failed'; restarts: number };

export type Restored = { ok: true; step: number; redacted: boolean } | { ok: false };

/**
 * Opens the page on `raw` and says in one sentence what became of it; null when the page's
 * address opens something of its own (`opening`) that the moment was not made under, which
 * then wins: nothing has been done, the page opens as its address says.
 */
export async function openOnMoment(
	session: LabSession,
	lab: Lab,
	raw: string,
	opening: string,
	keeper: Pick<MomentKeeper, 'forget'>
): Promise<MomentShown | null> {
	if (!madeUnder(raw, opening)) return null;
	const restored = await restoreMoment(session, lab, raw, keeper);
	const restarts = session.lab?.restarts ?? 0;
	session.announcer.say(
		restored.ok ? m.moment_restored({ n: restored.step + 1 }) : m.moment_failed()
	);
	return restored.ok
		? { state: 'restored', step: restored.step + 1, redacted: restored.redacted, restarts }
		: { state: 'failed', restarts };
}

/**
 * Rebuilds the moment: checked as a share link is, its world rebuilt at its action as a link's
 * is (the timeline's path), its step opened, and each step's ticks and answer as they were.
 * None of it is said. Refused (another version of the lab, a log this version does not replay,
 * code that could not be fetched), the moment is forgotten and the lab opens at its start, as
 * it would have.
 */
export async function restoreMoment(
	session: LabSession,
	lab: Lab,
	raw: string,
	keeper: Pick<MomentKeeper, 'forget'>
): Promise<Restored> {
	const read = readMoment(raw, lab, SHARE_FORMAT);
	if (read.ok) {
		const release = session.announcer.hush();
		try {
			const checked = await checkShared(read.shared);
			if (checked.ok) {
				const timeline = await session.loadTimeline();
				// The lab's own world is rebuilt on the lab's own scenario (not the checker's copy of
				// it), so the page knows it for the lab's own from then on.
				const shared = read.own ? { ...checked.shared, scenario: lab.scenario } : checked.shared;
				// The sentences for the world's events: loaded, the page takes in the rebuilt history
				// below while hushed, instead of reading it out once they arrive.
				await import('$lib/i18n/describe-event');
				const opened = await timeline.resume(shared);
				if (opened.ok && session.lab) {
					resumeSteps(session, read.steps);
					await tick();
					return { ok: true, step: session.lab.step, redacted: read.redacted };
				}
			}
		} catch {
			// Code that could not be fetched (offline, a new deploy): opened as usual.
		} finally {
			release();
		}
	}
	keeper.forget();
	await session.begin();
	return { ok: false };
}

/**
 * Each step's ticks and answer as the tab kept them, over the world just rebuilt from its log.
 * As after time travel (the timeline's rebuild has told the lab so), what the world shows meets
 * no goal; an answer given came before all of it.
 */
function resumeSteps(
	session: LabSession,
	steps: ReadonlyArray<Pick<StepProgress, 'met' | 'prediction'>>
) {
	const lab = session.lab!;
	const latest = session.world.events.at(-1)?.seq ?? 0;
	lab.progress = {
		step: lab.progress.step,
		steps: lab.progress.steps.map((progress, i) => {
			const { answered: _, ...rest } = progress;
			const { met, prediction } = steps[i] ?? progress;
			const kept = { ...rest, met: [...met], prediction, since: latest, opened: latest };
			return prediction === null ? kept : { ...kept, answered: latest };
		})
	};
}

/**
 * The notice's Start over: the moment forgotten and the lab opened as its address opens it,
 * step 1 on a fresh world (a `step=` or a share link in the address: the page loads it afresh).
 */
export async function startOver(
	session: LabSession,
	keeper: Pick<MomentKeeper, 'forget' | 'disarm'>,
	opening: string
): Promise<void> {
	keeper.forget();
	if (opening) {
		keeper.disarm();
		location.reload();
		return;
	}
	const release = session.announcer.hush();
	try {
		await session.reset();
		await tick();
	} finally {
		release();
	}
	session.announcer.say(m.lab_reset_done());
	// The button went with the notice: the lesson's step title takes the focus, as "Back to the
	// lesson" gives it.
	const title = document.getElementById(LESSON_TITLE_ID);
	if (title) {
		title.tabIndex = -1;
		title.focus();
	}
}
