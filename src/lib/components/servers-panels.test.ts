// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { WorldState } from '$lib/state/world-state.svelte';
import HarnessControls from './HarnessControls.svelte';
import ServersPanel from './ServersPanel.svelte';
import { AT_ONCE_UP_TO } from './many-servers';
import { staleConnected } from './server-card';
import StateChart from './StateChart.svelte';
import StatusText from './StatusText.svelte';
import { html, text } from './test-support/render';

const scenario = (() => {
	const parsed = parseScenario({
		mcp_servers: {
			realtime: { type: 'ws', url: 'wss://realtime.example/mcp' },
			filesystem: {
				type: 'stdio',
				command: 'npx',
				args: ['-y', '@modelcontextprotocol/server-filesystem', '/data']
			},
			'internal-api': {
				type: 'http',
				url: 'https://internal.example/mcp',
				headers: { Authorization: 'Bearer lab' },
				sim: {
					tools: [
						{ name: 'search.orders', description: 'Search orders' },
						{ name: 'get_order', description: 'One order' }
					],
					resources: [{ uri: 'orders://recent', name: 'Recent orders' }]
				}
			}
		}
	});
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario;
})();

/** Whether the button with this accessible name carries the `disabled` attribute. */
function disabled(markup: string, label: string): boolean {
	const button = markup.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`));
	if (!button) throw new Error(`no button named ${label}`);
	return /\sdisabled(=""|\s|>)/.test(button[0]);
}
/** The card of one server: from its heading to the next card. */
function card(markup: string, server: string): string {
	const start = markup.indexOf(`<article`, markup.indexOf(`>${server}<`) - 400);
	return text(markup.slice(start, markup.indexOf('</article>', start)));
}

let state: WorldState;
beforeEach(async () => {
	state = new WorldState(scenario);
	await state.run((w) => w.startSession());
});
afterEach(() => state.dispose());

describe('servers panel', () => {
	it('shows each server with its status in the profile’s words, sorted by name', () => {
		const markup = html(state, ServersPanel);
		expect(markup).toContain('id="servers"');
		const all = text(markup);
		expect(all).toContain('Servers');
		const order = ['filesystem', 'internal-api', 'realtime'].map((n) => all.indexOf(`${n} `));
		expect(order).toEqual([...order].sort((a, b) => a - b));

		const fs = card(markup, 'filesystem');
		expect(fs).toContain('connected');
		expect(fs).toContain('npx -y @modelcontextprotocol/server-filesystem /data');
		expect(fs).toContain('stdio');
		expect(fs).toContain('auth configured no');
		expect(fs).toContain('read_file');
		expect(fs).toContain('Tools (3)');
		expect(staleConnected(state.servers.find((s) => s.name === 'filesystem')!)).toBe(false);

		const api = card(markup, 'internal-api');
		expect(api).toContain('auth configured yes');
		expect(api).toContain('search.orders');
		expect(api).toContain('orders://recent');

		const rt = card(markup, 'realtime');
		expect(rt).toContain('failed');
		expect(rt).toContain('Unsupported MCP transport in current build: ws');
		expect(rt).toContain('wss://realtime.example/mcp');
	});

	it('names every process button after its server and disables the meaningless ones', () => {
		const markup = html(state, ServersPanel);
		expect(markup).toContain('aria-label="Kill filesystem"');
		expect(markup).toContain('aria-label="Hang realtime"');
		expect(disabled(markup, 'Kill filesystem')).toBe(false);
		expect(disabled(markup, 'Hang filesystem')).toBe(false);
		expect(disabled(markup, 'Restart filesystem')).toBe(true);
	});

	it('disables every control while a command runs', async () => {
		const running = state.run((w) => w.reconnectAll());
		const cards = html(state, ServersPanel);
		const harness = html(state, HarnessControls);
		await running;
		expect(disabled(cards, 'Kill filesystem')).toBe(true);
		// The commands are disabled; the permission modes only say so (aria-disabled), so the
		// one a keyboard user pressed keeps focus while its command runs.
		const buttons = harness.match(/<button[^>]*>/g)!;
		const modes = buttons.filter((b) => b.includes('aria-pressed'));
		expect(modes).toHaveLength(3);
		expect(modes.every((b) => b.includes('aria-disabled="true"'))).toBe(true);
		expect(
			buttons
				.filter((b) => !b.includes('aria-pressed'))
				.every((b) => /\sdisabled(=""|\s|>)/.test(b))
		).toBe(true);
		expect(text(harness)).toContain('Running…');
		expect(disabled(html(state, ServersPanel), 'Kill filesystem')).toBe(false);
	});

	it('after a kill, the card says the harness has not noticed: still connected', async () => {
		await state.run((w) => w.kill('filesystem'));
		const markup = html(state, ServersPanel);
		const fs = card(markup, 'filesystem');
		expect(fs).toContain('connected');
		expect(fs).toContain('killed');
		// The warning itself loads with its own chunk (StaleNote, stale-note.test.ts).
		expect(staleConnected(state.servers.find((s) => s.name === 'filesystem')!)).toBe(true);
		expect(fs).toContain('In the lab a killed server stays down until you restart it.');
		expect(disabled(markup, 'Kill filesystem')).toBe(true);
		expect(disabled(markup, 'Hang filesystem')).toBe(true);
		expect(disabled(markup, 'Restart filesystem')).toBe(false);
		expect(staleConnected(state.servers.find((s) => s.name === 'internal-api')!)).toBe(false);
	});

	it('after a reconnect, the killed server fails and the note goes away', async () => {
		await state.run((w) => w.kill('filesystem'));
		await state.run((w) => w.reconnectAll());
		const fs = card(html(state, ServersPanel), 'filesystem');
		expect(fs).toContain('failed');
		expect(staleConnected(state.servers.find((s) => s.name === 'filesystem')!)).toBe(false);
	});
});

describe('harness controls', () => {
	it('offers the three lifecycle commands with what each does', () => {
		const markup = html(state, HarnessControls);
		const all = text(markup);
		expect(markup).toContain('id="harness"');
		expect(all).toContain('Harness (OpenHarness)');
		for (const label of ['Start session', 'Reconnect all', 'Close session'])
			expect(all).toContain(label);
		expect(all).toContain('reconnect_all: closes every connection');
		// Labs 01, 08 and 10 ask what Reconnect all does to the registry: the help beside it does not say.
		expect(all).not.toContain('registry is not rebuilt');
		expect(markup).not.toContain('role="alert"');
	});

	it('shows the last command’s failure as text', async () => {
		await state.run((w) => w.kill('nope')).catch(() => {});
		const all = text(html(state, HarnessControls));
		expect(all).toContain(
			"Unknown server 'nope'. Servers in this world: realtime, filesystem, internal-api."
		);
	});
});

describe('/mcp status', () => {
	it('prints exactly what OpenHarness prints', () => {
		const markup = html(state, StatusText);
		expect(markup).toContain('id="status"');
		const all = text(markup);
		expect(all).toContain('- realtime: failed - Unsupported MCP transport in current build: ws');
		expect(all).toContain('- filesystem: connected');
		expect(all).toContain('tools: read_file, write_file, list_directory');
		expect(markup).toContain(state.statusText.split('\n').slice(0, 3).join('\n'));
	});
});

describe('connection machines', () => {
	it('draws one chart per server, named for screen readers with its current state', async () => {
		const markup = html(state, StateChart);
		expect(markup).toContain('id="machine"');
		expect(markup).toContain('role="img" aria-label="filesystem: connected"');
		expect(markup).toContain('aria-label="realtime: failed"');
		expect(markup.match(/<svg/g)).toHaveLength(3);
		expect(text(markup)).toContain('▶ connected');

		await state.run((w) => w.closeSession());
		expect(html(state, StateChart)).toContain('aria-label="filesystem: closed"');
	});
});

describe('a world bigger than any lab’s', () => {
	/** How many of the panel's items are laid out only as they near the screen. */
	const lateItems = (markup: string) =>
		(markup.match(/<li class="[^"]*\[content-visibility:auto\]/g) ?? []).length;
	const world = async (servers: number) => {
		const mcp_servers: Record<string, unknown> = {};
		for (let i = 0; i < servers; i++) mcp_servers[`srv-${i}`] = { type: 'stdio', command: 'x' };
		const parsed = parseScenario({ mcp_servers });
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
		const big = new WorldState(parsed.scenario);
		await big.run((w) => w.startSession());
		return big;
	};

	it('lays out its cards and charts as they near the screen; a lab’s world, all at once', async () => {
		for (const [servers, late] of [
			[AT_ONCE_UP_TO, 0],
			[AT_ONCE_UP_TO + 1, AT_ONCE_UP_TO + 1]
		]) {
			const big = await world(servers);
			try {
				for (const panel of [ServersPanel, StateChart])
					expect(lateItems(html(big, panel)), `${servers} servers`).toBe(late);
			} finally {
				big.dispose();
			}
		}
		expect(lateItems(html(state, ServersPanel)) + lateItems(html(state, StateChart))).toBe(0);
	});
});

describe('plugin servers in the servers panel', () => {
	it('shows which plugin brought a server and what the merge left out', async () => {
		const parsed = parseScenario({
			mcp_servers: { 'github:search': { type: 'stdio', command: 'x' } },
			plugins: {
				github: {
					mcp_servers: {
						search: { type: 'stdio', command: 'y' },
						issues: { type: 'stdio', command: 'z' }
					}
				},
				jira: { enabled: false, mcp_servers: { tickets: { type: 'stdio', command: 'j' } } }
			}
		});
		if (!parsed.ok) throw new Error('invalid');
		const state = new WorldState(parsed.scenario);
		await state.run((w) => w.startSession());
		const shown = text(html(state, ServersPanel));
		expect(shown).toContain('github:issues');
		expect(shown).toMatch(/Plugin\s+github/);
		expect(shown).toContain('github:search: that key is already taken, and the first one wins');
		expect(shown).toContain('jira:tickets: the plugin jira is disabled');
		state.dispose();
	});
});
