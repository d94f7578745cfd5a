import type { Page } from '@playwright/test';
import type { WorldSnapshot as Snapshot } from '../../src/lib/core/world/snapshot';

// The host page fixture (tests/fixtures/embed-host.html) as a docs page drives the embed:
// through postMessage only.

export type Result = { type: string; id: string; ok: boolean; snapshot?: Snapshot; error?: string };
export type { Snapshot };

declare global {
	interface Window {
		ready: Promise<{ type: string; version: number; lab: string }>;
		command: (command: string, args?: Record<string, unknown>) => Promise<Result>;
		post: (message: unknown) => void;
		messages: Array<{ type: string; [key: string]: unknown }>;
		/** A test's own host page: what its frames sent, and a way to ask them again. */
		heard: unknown[];
		ask: () => void;
	}
}

/** Instant speed unless a test asks otherwise: these tests are about the protocol, not pacing. */
export async function openHost(page: Page, query: string | Record<string, string> = '') {
	const params = new URLSearchParams(query);
	if (!params.has('speed')) params.set('speed', 'instant');
	await page.goto(`__fixtures__/embed-host.html?${params}`);
	return page.evaluate(() => window.ready);
}

export const command = (page: Page, name: string, args?: Record<string, unknown>) =>
	page.evaluate(([n, a]) => window.command(n as string, a as Record<string, unknown>), [
		name,
		args
	] as const);
