import { m } from '$lib/paraglide/messages';
import type { ProfileEvent, Spoken } from '../profile-events';

/** The contextual profile's events as sentences (null: the generic sentence). */
export function describeContextualEvent(event: ProfileEvent, spoken: Spoken): string | null {
	const run = event.params.run ?? '';
	// Identity labels and errors come from the scenario (server names among them): bounded.
	const identity = spoken(event.params.identity ?? '');
	if (event.event === 'run_started') return m.contextual_event_run_started({ run, identity });
	if (event.event === 'run_ended') return m.contextual_event_run_ended({ run });
	if (event.event === 'run_failed')
		return m.contextual_event_run_failed({
			run,
			identity,
			error: spoken(event.params.error ?? '')
		});
	return null;
}
