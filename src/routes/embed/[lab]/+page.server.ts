import { error } from '@sveltejs/kit';
import { catalog, findLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

/** Every lab, plus `sandbox`: an empty world a host fills with setScenario. */
export const entries: EntryGenerator = () => [
	...catalog.map((entry) => ({ lab: entry.lab.id })),
	{ lab: 'sandbox' }
];

export const load: PageServerLoad = ({ params }) => {
	if (params.lab === 'sandbox') return { labId: 'sandbox', lab: null, text: null };
	const entry = findLab(params.lab);
	if (!entry) error(404, `There is no lab called ${params.lab}.`);
	return { labId: params.lab, lab: entry.lab, text: entry.text };
};
