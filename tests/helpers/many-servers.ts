import { expect, type Locator, type Page } from '@playwright/test';
import { command, openHost } from './embed-host';

// A world of many one-tool servers, for the tests of long lists (long-lists, screen-reader,
// focus): bigger than any lab's, so its server cards and charts are laid out late.

export const SERVERS = 40;
export const name = (i: number) => `srv-${String(i).padStart(2, '0')}`;

export function scenario(servers = SERVERS) {
	const mcp_servers: Record<string, unknown> = {};
	for (let i = 0; i < servers; i++)
		mcp_servers[name(i)] = {
			type: 'stdio',
			command: 'many-servers',
			sim: { tools: [{ name: 'lookup', inputSchema: { type: 'object' } }] }
		};
	return { profile: 'openharness', mcp_servers };
}

/** Whether the browser draws the item's content now (false while content-visibility skips it). */
export const rendered = (item: Locator) =>
	item.evaluate((el) => el.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));

/** How many of these server cards and connection charts are laid out only near the screen. */
export const laidOutLate = (items: Locator) =>
	items.evaluateAll(
		(els) => els.filter((el) => getComputedStyle(el).contentVisibility === 'auto').length
	);

/** The sandbox embed in the host page, its session started on a world of `servers` servers. */
export async function openManyServers(page: Page, servers = SERVERS) {
	await openHost(page, { lab: 'sandbox' });
	expect((await command(page, 'setScenario', { scenario: scenario(servers) })).ok).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	return page.frameLocator('#lab');
}
