import { tick } from 'svelte';
import { m } from '$lib/paraglide/messages';
import type { LabSession, OpenedShort } from './lab-session.svelte';
import { playLabAction } from './play-lab-action';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `step=<n>` opens a lab at step n (embed-api.md) with the world as the steps before it leave
 * it: their solutions are played, so the narration of step n describes the world on screen (a
 * docs page's "now kill the filesystem server" finds the calls step 1 made). Why the world and
 * not only the narration: step n's text names what earlier steps did, and a fresh world under it
 * contradicts the page.
 *
 * What is played is not the learner's doing: their lab state does not check while it plays, and
 * afterwards holds as after time travel (no goal is met by what the world already shows, no
 * progress recorded), and it is not said in the live region. Questions are not answered for
 * them. It plays at instant speed, whatever the page's speed. A solution that fails stops it
 * there; the page stays at step n and says which step could not be played and why.
 */
export async function openAtStep(session: LabSession, step: number): Promise<void> {
	const lab = session.lab;
	if (!lab) return;
	const before = lab.lab.steps.slice(0, Math.min(step, lab.lab.steps.length - 1));
	const speed = session.world.speed;
	session.world.speed = 'instant';
	// Not said either: a screen reader would hear every earlier step's events on opening.
	const release = session.announcer.hush();
	try {
		const failed = await lab.quietly(async () => {
			for (const [index, { solution }] of before.entries())
				for (const action of solution) {
					try {
						await playLabAction(session, action, { answers: false });
					} catch (error) {
						return { step: index + 1, error: messageOf(error) };
					}
				}
			return null;
		});
		lab.timeTravelled();
		// The learner skipped none of them: the last step's sentence does not send them back there.
		lab.openedAt = before.length;
		// A live server is the learner's own (lab 08's lab server): played without it, the earlier
		// steps leave it unconnected, and the step's text describes a world that is not there.
		const offline = session.world.servers
			.filter((s) => s.live && s.status !== 'connected')
			.map((s) => s.name);
		session.openedShort = failed
			? { kind: 'failed', at: step, ...failed }
			: offline.length && before.length
				? { kind: 'live', at: step, servers: offline }
				: null;
		// The page takes in the last changes (and hushes them) before the region speaks again.
		await tick();
		release();
		if (session.openedShort) session.announcer.say(openedShortText(session.openedShort));
	} finally {
		release();
		session.world.speed = speed;
	}
}

/** What opening at a step could not do, in the page's language (said, and shown by the page). */
export function openedShortText(short: OpenedShort): string {
	return short.kind === 'failed'
		? m.lab_open_at_step_failed({ step: short.step, error: short.error })
		: m.lab_open_at_step_live({ step: short.at + 1, servers: short.servers.join(', ') });
}
