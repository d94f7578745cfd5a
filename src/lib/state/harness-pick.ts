import { tick } from 'svelte';
import type { ProfileId } from '$lib/core';
import { loadExplanations } from '$lib/i18n/explanations';
import { failedServers } from './failed-servers';
import type { LabSession } from './lab-session.svelte';

export type PickOutcome = { ok: true } | { ok: false; error: string };

/**
 * A learner switches the world's harness by hand: the embed's `setProfile` (LabSession), with
 * its refusals, then one sentence, as Reset the lab says one. The new world's start-up (a session
 * started, each server connecting, a registry built) would otherwise be read out event by event
 * as if the learner had done each. A refusal is shown and said as the embed's is (the harness
 * panel's error box, "The last command failed: …"); the world stays as it was.
 *
 * `said` words the sentence for the profile now running and the servers its start-up left failed.
 */
export async function pickHarness(
	session: LabSession,
	profile: string,
	said: (running: ProfileId, failed: Array<{ name: string; detail: string }>) => string
): Promise<PickOutcome> {
	const failures = session.world.failures;
	// Text applied as it stands (or never edited) follows the world, so the editor shows the new
	// profile; text with edits not applied is the person's, and is kept (the editor says that
	// the world running is another).
	const drafted = session.unappliedEdits;
	const release = session.announcer.hush();
	let outcome: PickOutcome;
	/** A start-up that failed after the world was replaced, and its message. */
	let thrown: { error: unknown; message: string } | null = null;
	try {
		outcome = await session.setProfile(profile);
		// The new world's events reach the live region in effects: while it is still hushed.
		await tick();
	} catch (error) {
		// The world was replaced but its start-up failed. The world shows why (the harness panel's
		// error box) and says it once its words have loaded: waited for here, so that it falls
		// within the hush and is said once, below.
		const message = error instanceof Error ? error.message : String(error);
		thrown = { error, message };
		outcome = { ok: false, error: message };
		await loadExplanations().catch(() => null);
		await tick();
	} finally {
		release();
	}
	session.world.ended(outcome.ok ? null : outcome.error, failures);
	if (thrown !== null && session.world.failures !== failures) {
		const words = await loadExplanations().catch(() => null);
		const text = words?.commandErrorText(thrown.error) || thrown.message;
		session.announcer.say(words ? words.failureAnnouncement(text) : text);
	}
	if (outcome.ok && !drafted) session.editorDraft = null;
	if (outcome.ok)
		session.announcer.say(said(session.world.profile, failedServers(session.world.servers)));
	return outcome;
}
