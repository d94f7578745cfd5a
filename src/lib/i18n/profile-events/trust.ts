import { m } from '$lib/paraglide/messages';
import type { ProfileEvent, Spoken } from '../profile-events';

type Params = Record<string, string>;

const sentences: Record<string, (p: Params, spoken: Spoken) => string> = {
	trusted: (p, s) => m.trust_event_trusted({ connector: s(p.connector ?? '') }),
	untrusted: (p, s) => m.trust_event_untrusted({ connector: s(p.connector ?? '') }),
	connect_refused: (p, s) => m.trust_event_connect_refused({ connector: s(p.connector ?? '') }),
	disconnected: (p, s) => m.trust_event_disconnected({ connector: s(p.connector ?? '') }),
	grant_changed: (p) =>
		m.trust_event_grant_changed({
			tools: p.tools ?? '0',
			network: p.network === 'true' ? m.trust_network_on() : m.trust_network_off()
		}),
	revoked: () => m.trust_event_revoked(),
	schemas_cleared: (p) => m.trust_event_schemas_cleared({ count: p.count ?? '0' }),
	health_down: (p, s) =>
		m.trust_event_health_down({ connector: s(p.connector ?? ''), detail: s(p.detail ?? '') }),
	health_checked: (p) =>
		m.trust_event_health_checked({ checked: p.checked ?? '0', down: p.down ?? '0' })
};

/** The trust profile's events as sentences (null: the generic sentence). */
export function describeTrustEvent(event: ProfileEvent, spoken: Spoken): string | null {
	return Object.hasOwn(sentences, event.event)
		? sentences[event.event](event.params, spoken)
		: null;
}
