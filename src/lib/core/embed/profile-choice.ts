/**
 * setProfile's answer for a profile id: the id when this build runs it, else the sentence a host
 * page shows its reader. Contract ids not built yet are told apart from ids that do not exist.
 * The id lists come from the caller, so this module (loaded on demand) imports nothing the
 * frame's start-up already holds.
 */
export function profileChoice(
	id: string,
	known: readonly string[],
	runnable: readonly string[]
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
