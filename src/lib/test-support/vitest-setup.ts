import { afterEach, beforeEach, vi } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { i18n } from '$lib/i18n/locale.svelte';

// The unit tests share their modules within a worker (`isolate: false` in vite.config.ts: the
// suite spent two thirds of its time importing the SDK, zod and XState afresh for every file).
// What one file leaves behind must not reach the next, so every test starts in English with
// Paraglide reading the page's locale (some tests point Paraglide elsewhere), and real timers.
beforeEach(() => {
	i18n.locale = baseLocale;
	overwriteGetLocale(() => i18n.locale);
});

afterEach(() => {
	vi.useRealTimers();
});
