import { m } from '$lib/paraglide/messages';
import type { ProfileEvent, Spoken } from '../profile-events';

type Params = Record<string, string>;

/** Tool and server names come from servers: bounded before they are spoken. */
const sentences: Record<string, (p: Params, spoken: Spoken) => string> = {
	pinned: (p, s) => m.announce_pins_pinned({ tool: s(p.tool ?? ''), hash: p.hash ?? '' }),
	relisted: (p, s) =>
		m.announce_pins_relisted({ server: s(p.server ?? ''), count: p.count ?? '0' }),
	changed: (p, s) => m.announce_pins_changed({ tool: s(p.tool ?? ''), fields: p.fields ?? '' }),
	removed: (p, s) => m.announce_pins_removed({ tool: s(p.tool ?? '') }),
	matches: (p, s) => m.announce_pins_matches({ tool: s(p.tool ?? '') }),
	'relist-failed': (p, s) =>
		m.announce_pins_relist_failed({ server: s(p.server ?? ''), detail: s(p.detail ?? '') })
};

/** Lab 09's pin tracker (core/pins), which speaks as the `pins` "profile" (not a harness). */
export function describePinEvent(event: ProfileEvent, spoken: Spoken): string | null {
	return Object.hasOwn(sentences, event.event)
		? sentences[event.event](event.params, spoken)
		: null;
}
