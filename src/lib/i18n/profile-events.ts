import type { WorldEvent } from '$lib/core/world/events';
import { m } from '$lib/paraglide/messages';
import { describeContextualEvent } from './profile-events/contextual';
import { describeMiniHarnessEvent } from './profile-events/miniharness';
import { describePinEvent } from './profile-events/pins';
import { describeTrustEvent } from './profile-events/trust';

export type ProfileEvent = Extract<WorldEvent, { kind: 'profile' }>;

/** Bounds a server-provided text before it is spoken. */
export type Spoken = (text: string) => string;

const byProfile: Record<string, (event: ProfileEvent, spoken: Spoken) => string | null> = {
	trust: describeTrustEvent,
	miniharness: describeMiniHarnessEvent,
	contextual: describeContextualEvent,
	pins: describePinEvent
};

/**
 * A profile's own event as a sentence. Each profile describes its events in its own file; an
 * event a profile does not describe still says something rather than nothing.
 */
export function describeProfileEvent(event: ProfileEvent, spoken: Spoken): string {
	return (
		byProfile[event.profile]?.(event, spoken) ?? m.announce_profile_event({ event: event.event })
	);
}
