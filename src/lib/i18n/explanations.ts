/** The words of refusals (command-error.ts), loaded once with the first one a page shows. */
export type Explanations = typeof import('./command-error');

let cached: Explanations | null = null;

/** What is already loaded, for a component to draw synchronously. */
export const loadedExplanations = () => cached;

/** Loads them once (a server-side test loads them first, then renders). */
export function loadExplanations(): Promise<Explanations> {
	return import('./command-error').then((module) => (cached = module));
}
