import { labIndex, labProblems } from '$lib/server/labs';
import type { PageServerLoad } from './$types';

/** `problems`: only while developing, the labs left out (a build with any stops instead). */
export const load: PageServerLoad = () => ({ labs: labIndex(), problems: labProblems });
