import {
	baseLocale,
	isLocale,
	locales,
	overwriteGetLocale,
	type Locale
} from '$lib/paraglide/runtime';

/**
 * The UI language. Paraglide's message functions call getLocale(); pointing it at a rune makes
 * every message in a template re-render when the language changes, with no page reload and no
 * lost world state. One locale per page is global by nature, hence module state here.
 */
let current = $state<Locale>(baseLocale);
/** Counts language changes: text said before one is in the old language, even after a switch back. */
let changes = $state(0);
overwriteGetLocale(() => current);

export const i18n = {
	get locale(): Locale {
		return current;
	},
	get changes(): number {
		return changes;
	},
	set locale(value: Locale) {
		if (value !== current) changes++;
		current = value;
		if (typeof document !== 'undefined') document.documentElement.lang = value;
	},
	locales
};

/** `?lang=` wins; anything unknown falls back to English. */
export function localeFromParam(value: string | null): Locale {
	return value && isLocale(value) ? value : baseLocale;
}
