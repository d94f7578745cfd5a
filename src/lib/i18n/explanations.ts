import type { Reason } from '$lib/core/world/command-errors';

/** The words of refusals (command-error.ts), loaded once with the first one a page shows. */
export type Explanations = typeof import('./command-error');

let cached: Explanations | null = null;

/** What is already loaded, for a component to draw synchronously. */
export const loadedExplanations = () => cached;

/** Loads them once (a server-side test loads them first, then renders). */
export function loadExplanations(): Promise<Explanations> {
	return import('./command-error').then((module) => (cached = module));
}

/**
 * A failure's sentence in the page's language: from its reason (a refusal's key and values, or
 * an error carrying them), else its own English text.
 */
export async function explain(text: string, why: Reason | unknown): Promise<string> {
	if (!why) return text;
	return (await loadExplanations()).commandErrorText(why) ?? text;
}
