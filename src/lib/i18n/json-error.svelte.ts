import { i18n } from './locale.svelte';

/**
 * A JSON syntax error's detail in the page's language (json-error-words.ts). The words load the
 * first time a page that is not English shows one: every page with a JSON field would otherwise
 * carry them, and an English page never needs them (it shows the browser's own sentence).
 */
let words = $state.raw<typeof import('./json-error-words') | null>(null);

export function jsonErrorDetail(text: string, message: string): string {
	if (i18n.locale === 'en') return message;
	if (!words) void import('./json-error-words').then((module) => (words = module));
	// Until they arrive (a moment), the browser's sentence; then the field redraws in words.
	return words?.jsonErrorDetail(text, message) ?? message;
}
