import { catalog, requireLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

/** Every lab, plus `sandbox`: an empty world a host fills with setScenario. */
export const entries: EntryGenerator = () => [
	...catalog.map((entry) => ({ lab: entry.lab.id })),
	{ lab: 'sandbox' }
];

export const load: PageServerLoad = ({ params }) => {
	if (params.lab === 'sandbox') return { labId: 'sandbox', lab: null, text: null };
	const entry = requireLab(params.lab);
	return { labId: params.lab, lab: entry.lab, text: entry.text };
};
