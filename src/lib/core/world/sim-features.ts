import type { SimBlock } from '../scenario/schema';

/**
 * Resources, prompts and tool steps (sampling, elicitation, roots, logging) are loaded only by
 * worlds whose servers use them, so the labs and embeds that do not stay small. A world starts
 * loading what its scenario needs when it is made, and its commands wait for it (World#command),
 * so a server is never built before its features are there.
 */
type Resources = typeof import('./sim-resources');
type Prompts = typeof import('./sim-prompts');
type Steps = typeof import('./sim-steps');

let resources: Resources | null = null;
let prompts: Prompts | null = null;
let steps: Steps | null = null;

const missing = (what: string) =>
	new Error(`Simulated ${what} were used before loadSimFeatures() finished.`);

export function loadSimFeatures(sims: readonly SimBlock[]): Promise<void> | null {
	const loads: Promise<void>[] = [];
	if (!resources && sims.some((s) => s.resources || s.resourceTemplates || s.resourcesError))
		loads.push(import('./sim-resources').then((m) => void (resources = m)));
	if (!prompts && sims.some((s) => s.prompts))
		loads.push(import('./sim-prompts').then((m) => void (prompts = m)));
	if (!steps && sims.some((s) => s.tools?.some((t) => t.steps?.length)))
		loads.push(import('./sim-steps').then((m) => void (steps = m)));
	return loads.length ? Promise.all(loads).then(() => undefined) : null;
}

export function simResources(): Resources {
	if (!resources) throw missing('resources');
	return resources;
}

export function simPrompts(): Prompts {
	if (!prompts) throw missing('prompts');
	return prompts;
}

export function simSteps(): Steps {
	if (!steps) throw missing('tool steps');
	return steps;
}
