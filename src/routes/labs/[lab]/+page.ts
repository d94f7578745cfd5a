import { error } from '@sveltejs/kit';
import { catalog, findLab } from '$lib/labs/catalog';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = () => catalog.map((entry) => ({ lab: entry.lab.id }));

export const load: PageLoad = ({ params }) => {
	if (!findLab(params.lab)) error(404, `There is no lab called ${params.lab}.`);
	return { labId: params.lab };
};
