import { describe, expect, it } from 'vitest';
import { FOLLOW_KEY, SHORTCUTS_KEY, ShortcutPrefs } from './presenter-prefs.svelte';

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

describe('following each cue to the panel it acts on', () => {
	it('is on until the presenter turns it off, apart from the single keys, and is remembered', () => {
		const storage = memoryStorage();
		const prefs = new ShortcutPrefs(() => storage);
		prefs.load();
		expect(prefs.follow).toBe(true);
		prefs.setFollow(false);
		expect(storage.getItem(FOLLOW_KEY)).toBe('off');
		expect(storage.getItem(SHORTCUTS_KEY)).toBe(null);

		const next = new ShortcutPrefs(() => storage);
		next.load();
		expect([next.follow, next.singleKeys]).toEqual([false, true]);
		next.setFollow(true);
		expect(storage.length).toBe(0);
	});
});
