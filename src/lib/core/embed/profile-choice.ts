import { RUNNABLE } from '../scenario/problems';
import { profileIds } from '../scenario/profile-ids';

/**
 * setProfile's answer for a profile id: the id when this build runs it, else the sentence a host
 * page shows its reader. Contract ids not built yet are told apart from ids that do not exist.
 * Loaded on demand, with the id lists (no page's start-up holds them: measured, importing them
 * in LabSession cost the lab page 281 B gz and the embed 190 B); a test passes its own.
 */
export function profileChoice(
	id: string,
	known: readonly string[] = profileIds,
	runnable: readonly string[] = RUNNABLE
): { profile: string } | { error: string } {
	const available = runnable.join(', ');
	if (!known.includes(id))
		return {
			error: `Unknown profile '${id.slice(0, 100)}'. Profile ids: ${known.join(', ')} (available in this build: ${available}).`
		};
	if (!runnable.includes(id))
		return {
			error: `The profile '${id}' is not available in this build yet (available: ${available}).`
		};
	return { profile: id };
}
