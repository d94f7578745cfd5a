import { i18n } from './locale.svelte';

/**
 * A JSON syntax error's detail in the page's language (json-error-words.ts). The words load the
 * first time a page that is not English shows one: every page with a JSON field would otherwise
 * carry them, and an English page never needs them (it shows the browser's own sentence).
 */
let words = $state.raw<typeof import('./json-error-words') | null>(null);

let loading: Promise<void> | null = null;
const load = () =>
	(loading ??= import('./json-error-words').then((module) => void (words = module)));

/**
 * Resolves once a detail can be said in the page's language; null when it already can. What is
 * announced once must wait for it: the field redraws, the live region does not say it again.
 */
export function jsonErrorWordsReady(): Promise<void> | null {
	return i18n.locale === 'en' || words ? null : load();
}

export function jsonErrorDetail(text: string, message: string): string {
	if (i18n.locale === 'en') return message;
	if (!words) void load();
	// Until they arrive (a moment), the browser's sentence; then the field redraws in words.
	return words?.jsonErrorDetail(text, message) ?? message;
}
