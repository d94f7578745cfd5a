import { describe, expect, it } from 'vitest';
import { SHORTCUTS_KEY, ShortcutPrefs } from './presenter-prefs.svelte';

function memoryStorage(): Storage {
	const items = new Map<string, string>();
	return {
		get length() {
			return items.size;
		},
		clear: () => items.clear(),
		getItem: (key) => items.get(key) ?? null,
		key: (i) => [...items.keys()][i] ?? null,
		removeItem: (key) => void items.delete(key),
		setItem: (key, value) => void items.set(key, value)
	};
}

describe('the single-key shortcuts preference', () => {
	it('is on until the person turns it off, and is remembered by the next page', () => {
		const storage = memoryStorage();
		const prefs = new ShortcutPrefs(() => storage);
		prefs.load();
		expect(prefs.singleKeys).toBe(true);
		prefs.setSingleKeys(false);
		expect(storage.getItem(SHORTCUTS_KEY)).toBe('off');

		const next = new ShortcutPrefs(() => storage);
		next.load();
		expect(next.singleKeys).toBe(false);
		next.setSingleKeys(true);
		expect(storage.length).toBe(0);
	});

	it('holds the choice in memory when storage refuses', () => {
		const prefs = new ShortcutPrefs(() => {
			throw new Error('SecurityError');
		});
		prefs.load();
		prefs.setSingleKeys(false);
		expect(prefs.singleKeys).toBe(false);
	});
});
