import { error } from '@sveltejs/kit';
import { catalog, findLab, nextLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () => catalog.map((entry) => ({ lab: entry.lab.id }));

export const load: PageServerLoad = ({ params }) => {
	const entry = findLab(params.lab);
	if (!entry) error(404, `There is no lab called ${params.lab}.`);
	return { lab: entry.lab, text: entry.text, next: nextLab(entry.lab.id) };
};
