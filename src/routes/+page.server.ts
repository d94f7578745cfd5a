import { labIndex } from '$lib/server/labs';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = () => ({ labs: labIndex() });
