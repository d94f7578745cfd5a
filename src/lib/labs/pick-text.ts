/** The learner's language, English when a translation is missing. */
export function pick<T>(byLocale: Record<string, T>, locale: string): T {
	return byLocale[locale] ?? byLocale.en;
}
