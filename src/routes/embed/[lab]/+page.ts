import { error } from '@sveltejs/kit';
import { catalog, findLab } from '$lib/labs/catalog';
import type { EntryGenerator, PageLoad } from './$types';

/** Every lab, plus `sandbox`: an empty world a host fills with setScenario. */
export const entries: EntryGenerator = () => [
	...catalog.map((entry) => ({ lab: entry.lab.id })),
	{ lab: 'sandbox' }
];

export const load: PageLoad = ({ params }) => {
	if (params.lab !== 'sandbox' && !findLab(params.lab))
		error(404, `There is no lab called ${params.lab}.`);
	return { labId: params.lab };
};
