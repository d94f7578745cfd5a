import { catalog, requireLab, nextLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () => catalog.map((entry) => ({ lab: entry.lab.id }));

export const load: PageServerLoad = ({ params }) => {
	const entry = requireLab(params.lab);
	return { lab: entry.lab, text: entry.text, next: nextLab(entry.lab.id) };
};
