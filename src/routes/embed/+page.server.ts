import { catalog } from '$lib/server/labs';
import type { PageServerLoad } from './$types';

/** The lab picker needs ids, titles and step counts only, not the narration. */
export const load: PageServerLoad = () => ({
	labs: catalog.map(({ lab, text }) => ({
		id: lab.id,
		titles: Object.fromEntries(Object.entries(text).map(([locale, t]) => [locale, t.title])),
		steps: lab.steps.length
	}))
});
