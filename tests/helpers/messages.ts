import { readFileSync } from 'node:fs';

// The UI's own message catalogues, so tests find controls by the names a learner hears, in
// each language.
const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
	['en', 'zh-CN'].map((locale) => [
		locale,
		JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'))
	])
);

/** A locale's whole catalogue, key → text with its {params} unfilled. */
export function catalogue(locale: string): Readonly<Record<string, string>> {
	const messages = catalogues[locale];
	if (!messages) throw new Error(`no catalogue for ${locale}`);
	return messages;
}

export function t(
	locale: string,
	key: string,
	params: Record<string, string | number> = {}
): string {
	const text = catalogues[locale]?.[key];
	if (text === undefined) throw new Error(`no message ${key} in ${locale}`);
	return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
