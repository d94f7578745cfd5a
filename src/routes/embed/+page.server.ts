import { frameAllow } from '$lib/core/embed/snippet';
import { liveServers } from '$lib/core/live/live-servers';
import { mergeServers } from '$lib/core/scenario/plugins';
import { catalog } from '$lib/server/labs';
import type { PageServerLoad } from './$types';

/** The lab picker needs ids, titles and step counts only, not the narration. */
export const load: PageServerLoad = () => ({
	labs: catalog.map(({ lab, text }) => ({
		id: lab.id,
		titles: Object.fromEntries(Object.entries(text).map(([locale, t]) => [locale, t.title])),
		steps: lab.steps.length,
		// Lab 08 reaches the lab server on the reader's machine: its frame must be allowed to ask.
		allow: frameAllow(
			[...liveServers(mergeServers(lab.scenario).servers).values()].map((s) => s.url)
		)
	}))
});
