import type { ConsoleMessage, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

// A lab whose scenario has a live server (`"live": true`) reaches a real server that a person
// starts (the lab server, lab 08). Tests that open every lab open such a lab as a learner does
// before starting it: its live servers refused, the rest of the page working.

type Servers = Record<string, { type?: string; url?: string; live?: boolean }>;

/** A lab's live servers (settings and plugins), by name, from its lab.json. */
export function liveServers(id: string): Array<{ name: string; url: string }> {
	const { scenario } = JSON.parse(
		readFileSync(new URL(`../../labs/${id}/lab.json`, import.meta.url), 'utf8')
	) as { scenario: { mcp_servers: Servers; plugins?: Record<string, { mcp_servers?: Servers }> } };
	const blocks: Array<[string, Servers]> = [
		['', scenario.mcp_servers],
		...Object.entries(scenario.plugins ?? {}).map(([plugin, p]): [string, Servers] => [
			`${plugin}:`,
			p.mcp_servers ?? {}
		])
	];
	return blocks.flatMap(([prefix, servers]) =>
		Object.entries(servers).flatMap(([name, config]) =>
			config.type === 'http' && config.live === true && config.url
				? [{ name: `${prefix}${name}`, url: config.url }]
				: []
		)
	);
}

/**
 * Every request to a lab's live servers is refused, as when nothing listens there: the page
 * shows what a learner sees before starting the lab server, whatever runs on that port now.
 */
export async function refuseLiveServers(page: Page, id: string): Promise<void> {
	for (const { url } of liveServers(id))
		await page.route(url, (route) => route.abort('connectionrefused'));
}

/**
 * Chromium's console error for one of those refused requests: expected, not a page fault.
 * `id` is the lab the page shows ('' for a page that is no lab's).
 */
export function refusedLiveRequest(message: ConsoleMessage, id: string): boolean {
	if (!id || message.type() !== 'error') return false;
	if (!message.text().includes('net::ERR_CONNECTION_REFUSED')) return false;
	const where = [message.location().url, message.text()];
	return liveServers(id).some(({ url }) => where.some((text) => text.includes(url)));
}
