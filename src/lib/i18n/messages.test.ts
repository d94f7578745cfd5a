import { describe, expect, it } from 'vitest';
import { duplicateKeys } from '$lib/components/editor/duplicate-keys';

// Every locale file in messages/, loaded through Vite so new keys and locales are picked up.
const files = import.meta.glob<Record<string, unknown>>('../../../messages/*.json', {
	eager: true,
	import: 'default'
});

const catalogs: Record<string, Record<string, string>> = {};
for (const [file, json] of Object.entries(files)) {
	const locale = file.replace(/^.*\//, '').replace(/\.json$/, '');
	catalogs[locale] = Object.fromEntries(
		// Keys starting with "$" (like "$schema") are metadata, not messages.
		Object.entries(json).filter(([key]) => !key.startsWith('$')) as [string, string][]
	);
}

/** The files as written: a key written twice parses as one, its first value lost. */
const texts = import.meta.glob<string>('../../../messages/*.json', {
	eager: true,
	query: '?raw',
	import: 'default'
});

const BASE = 'en';
const TRANSLATIONS = ['zh-CN'];

/**
 * Keys whose value may legitimately be the same in every language: brand names, identifiers,
 * JSON or code samples. Keep this list short; everything else must be translated.
 */
const SAME_IN_ALL_LOCALES: string[] = [];

/** At most this share of the (non-allow-listed) messages may be identical to English. */
const MAX_IDENTICAL_SHARE = 0.1;

const PLACEHOLDER = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

function placeholders(value: string): string[] {
	return [...new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].sort();
}

function diff(a: string[], b: string[]): string[] {
	const other = new Set(b);
	return a.filter((key) => !other.has(key));
}

describe('message catalogs', () => {
	it('write each key once (two helpers adding messages at once can leave a key twice)', () => {
		const twice = Object.entries(texts).flatMap(([file, text]) =>
			duplicateKeys(text).map((path) => `${file.replace(/^.*\//, '')}: ${path.join('.')}`)
		);
		expect(Object.keys(texts).length).toBeGreaterThan(1);
		expect(twice).toEqual([]);
	});

	it('has the base and every translated locale', () => {
		expect(Object.keys(catalogs).sort()).toEqual(expect.arrayContaining([BASE, ...TRANSLATIONS]));
	});

	it(`${BASE}: every message is a non-empty string`, () => {
		const bad = Object.entries(catalogs[BASE] ?? {})
			.filter(([, value]) => typeof value !== 'string' || value.trim() === '')
			.map(([key]) => key);
		expect(bad, `empty or non-string messages in ${BASE}.json`).toEqual([]);
	});

	describe.each(TRANSLATIONS)('%s', (locale) => {
		const base = catalogs[BASE] ?? {};
		const translated = catalogs[locale] ?? {};

		it(`has exactly the keys of ${BASE}.json`, () => {
			const baseKeys = Object.keys(base);
			const keys = Object.keys(translated);
			const missing = diff(baseKeys, keys);
			const extra = diff(keys, baseKeys);
			expect(
				{ missing, extra },
				`key sets differ: missing in ${locale}.json: [${missing.join(', ')}]; ` +
					`missing in ${BASE}.json (extra in ${locale}.json): [${extra.join(', ')}]`
			).toEqual({ missing: [], extra: [] });
		});

		it('has no empty messages', () => {
			const bad = Object.entries(translated)
				.filter(([, value]) => typeof value !== 'string' || value.trim() === '')
				.map(([key]) => key);
			expect(bad, `empty or non-string messages in ${locale}.json`).toEqual([]);
		});

		it(`uses the same {placeholders} as ${BASE}`, () => {
			const mismatches = Object.entries(base).flatMap(([key, value]) => {
				const other = translated[key];
				if (typeof value !== 'string' || typeof other !== 'string') return [];
				const want = placeholders(value);
				const got = placeholders(other);
				const missing = diff(want, got);
				const extra = diff(got, want);
				if (!missing.length && !extra.length) return [];
				return [`${key}: missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`];
			});
			expect(mismatches, `placeholder mismatches in ${locale}.json`).toEqual([]);
		});

		it(`is translated, not a copy of ${BASE}`, () => {
			const allowed = new Set(SAME_IN_ALL_LOCALES);
			const compared = Object.entries(base).filter(
				([key]) => !allowed.has(key) && typeof translated[key] === 'string'
			);
			const identical = compared
				.filter(([key, value]) => String(translated[key]).trim() === String(value).trim())
				.map(([key]) => key);
			const limit = Math.floor(compared.length * MAX_IDENTICAL_SHARE);
			expect(
				identical.length,
				`${identical.length} of ${compared.length} messages in ${locale}.json are identical to ` +
					`${BASE} (at most ${limit} allowed; add true brand names or code to ` +
					`SAME_IN_ALL_LOCALES): ${identical.join(', ')}`
			).toBeLessThanOrEqual(limit);
		});
	});
});

describe('accessible names hold the visible words (WCAG 2.5.3, label in name)', () => {
	// A button shows `x` (or `x_button`) and names itself `x_label` ("List prompts" → "List
	// prompts on helpdesk"): someone who says what they see, with voice control, must hit it.
	// The label of the text field beside "Add" (the button is named by its own text).
	const fieldLabels = ['trust_grant_add_label'];
	it.each(Object.keys(catalogs))('%s', (locale) => {
		const catalog = catalogs[locale];
		const pairs = Object.keys(catalog)
			.filter((key) => key.endsWith('_label') && !fieldLabels.includes(key))
			.map((label) => {
				const stem = label.slice(0, -'_label'.length);
				return [[stem, `${stem}_button`].find((shown) => shown in catalog), label] as const;
			})
			.filter((pair): pair is readonly [string, string] => pair[0] !== undefined);
		expect(pairs.length).toBeGreaterThan(25);
		const missing = pairs.filter(
			([shown, label]) => !catalog[label].toLowerCase().includes(catalog[shown].toLowerCase())
		);
		expect(missing.map(([shown, label]) => `${shown} → ${label}: ${catalog[label]}`)).toEqual([]);
	});
});
