import { m } from '$lib/paraglide/messages';
import type { ProfileEvent, Spoken } from '../profile-events';

/** The miniharness profile's events as sentences (null: the generic sentence). */
export function describeMiniHarnessEvent(event: ProfileEvent, spoken: Spoken): string | null {
	const p = event.params;
	const say = (key: string) => spoken(p[key] ?? '');
	switch (event.event) {
		case 'initialized':
			return m.miniharness_event_initialized({
				server: say('server'),
				version: say('version'),
				tools: say('tools')
			});
		case 'skipped':
			return m.miniharness_event_skipped({ server: say('server'), error: say('error') });
		case 'relisted':
			return m.miniharness_event_relisted({ server: say('server'), tool: say('tool') });
		case 'replayed':
			return m.miniharness_event_replayed({ call: say('call') });
		case 'waited':
			return m.miniharness_event_waited({ seconds: say('seconds') });
		default:
			return null;
	}
}
