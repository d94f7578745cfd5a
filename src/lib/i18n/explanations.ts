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
	await loadExplanations();
	return explainLoaded(text, why);
}

/**
 * The same once its words are loaded (after `explain`): drawn in a template, it follows the
 * page's language, where a sentence kept from `explain` stays in the one it was made in.
 */
export const explainLoaded = (text: string, why: Reason | unknown): string =>
	(why ? cached?.commandErrorText(why) : null) ?? text;
