// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import type { ScenarioInput } from '$lib/core';
import type { WorldState } from '$lib/state/world-state.svelte';
import { html, startedStates, text } from '../../test-support/render';
import ContextualPanel from './ContextualPanel.svelte';
import { defaultServers, type ContextualView } from './contextual-view';

// Lab 07's servers, as its "conflicts" step meets them.
const scenario: ScenarioInput = {
	profile: 'contextual',
	mcp_servers: {
		knowledge: {
			type: 'http',
			url: 'https://knowledge.example.com/mcp',
			headers: { 'X-Application': 'support', Authorization: 'Bearer kb-7f3a9c2e' },
			sim: { tools: [{ name: 'whoami' }] }
		},
		billing: {
			type: 'http',
			url: 'https://billing.example.com/mcp',
			headers: { 'X-Tenant-ID': 'acme' },
			sim: { tools: [{ name: 'invoice_total' }] }
		},
		files: { type: 'stdio', command: 'files-mcp' }
	},
	contextual: {
		servers: {
			knowledge: {
				headers: {
					'X-User-ID': { source: 'identity.user_id' },
					'X-Run-ID': { source: 'context.run_id' }
				}
			},
			billing: { headers: { 'x-tenant-id': { source: 'identity.tenant_id' } } }
		},
		identities: { alice: { user_id: 'u-alice', tenant_id: 'acme' } }
	}
};

const started = startedStates(scenario);

afterEach(() => overwriteGetLocale(() => baseLocale));

/** What the "Sent in this run" entry of each server's card reads. */
function sent(world: WorldState): Record<string, string> {
	const cards = html(world, ContextualPanel).split('data-testid="contextual-server"').slice(1);
	return Object.fromEntries(
		cards.flatMap((card) => {
			const name = text(card.slice(card.indexOf('<p'), card.indexOf('</span>'))).trim();
			const at = card.indexOf('data-testid="contextual-sent"');
			if (at < 0) return [];
			const entry = card.slice(at, card.indexOf('</dd>', at));
			return [[name.split(' ')[0], text(entry.slice(entry.indexOf('>') + 1)).trim()]];
		})
	);
}

const NOT_SENT =
	'Nothing sent in this run: not selected by it, not resolved, or the run failed before connecting.';

/** Alice's run `run-4`, on the knowledge server only. */
async function aliceOnKnowledge(): Promise<WorldState> {
	const world = await started();
	await world.run((w) =>
		w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-4' },
			servers: ['knowledge']
		})
	);
	return world;
}

describe('the contextual panel: "Sent in this run"', () => {
	it('lists what a run sent each server it connected', async () => {
		const world = await aliceOnKnowledge();
		expect(sent(world)).toEqual({
			knowledge: 'X-Application: support Authorization: •••• X-User-ID: u-alice X-Run-ID: run-4',
			billing: NOT_SENT
		});
	});

	it('shows every header value as •••• while secrets are masked, names kept', async () => {
		const world = await aliceOnKnowledge();
		world.maskSecrets = true;
		expect(sent(world).knowledge).toBe(
			'X-Application: •••• Authorization: •••• X-User-ID: •••• X-Run-ID: ••••'
		);
		const panel = text(html(world, ContextualPanel));
		const headers = panel.slice(
			panel.indexOf('Headers per server'),
			panel.indexOf('Tools the model')
		);
		expect(headers).toContain('X-Tenant-ID: ••••');
		expect(headers).not.toMatch(/acme|support|u-alice|run-4|kb-7f3a9c2e/);
		// Without the mask, they show (a secret-named one stays hidden).
		world.maskSecrets = false;
		expect(sent(world).knowledge).toBe(
			'X-Application: support Authorization: •••• X-User-ID: u-alice X-Run-ID: run-4'
		);
	});

	it('lists nothing for a run that failed: nothing connected, no request went out', async () => {
		const world = await started();
		await world.run((w) =>
			w.profileCommand('startRun', {
				identity: 'alice',
				context: { run_id: 'run-5' },
				servers: ['knowledge', 'billing']
			})
		);
		expect(text(html(world, ContextualPanel))).toContain(
			"ContextualMCP 'billing': Static and resolved MCP header names must not overlap case-insensitively."
		);
		expect(sent(world)).toEqual({ knowledge: NOT_SENT, billing: NOT_SENT });

		await world.run((w) =>
			w.profileCommand('startRun', {
				identity: 'alice',
				context: { run_id: 'run-6' },
				servers: ['knowledge', 'files']
			})
		);
		// files is refused: its card says why, and has no "Sent in this run" entry.
		expect(sent(world)).toEqual({ knowledge: NOT_SENT, billing: NOT_SENT });
	});
});

describe('the contextual panel: each binding’s kind', () => {
	it('is in brackets and commas of the page’s language', async () => {
		const world = await started({
			...scenario,
			contextual: {
				...scenario.contextual!,
				servers: {
					knowledge: {
						headers: {
							'X-User-ID': { source: 'identity.user_id' },
							'X-Thread-ID': { source: 'context.thread_id', required: false, secret: true }
						}
					}
				}
			}
		});
		const english = text(html(world, ContextualPanel));
		expect(english).toContain('X-User-ID ← identity.user_id (required)');
		expect(english).toContain('X-Thread-ID ← context.thread_id (optional, secret)');
		overwriteGetLocale(() => 'zh-CN');
		const chinese = text(html(world, ContextualPanel));
		// Chinese words in full-width brackets, with a full-width comma between them.
		expect(chinese).toContain('X-User-ID ← identity.user_id （必需）');
		expect(chinese).toContain('X-Thread-ID ← context.thread_id （可选，机密）');
	});
});

describe('the run form’s default selection', () => {
	it('ticks every server a run can connect: not the refused stdio one, not one whose headers overlap', async () => {
		const world = await started();
		const view = world.world.profileView as unknown as ContextualView;
		expect(Object.keys(view.servers).sort()).toEqual(['billing', 'files', 'knowledge']);
		expect(defaultServers(view)).toEqual(['knowledge']);
		// The form shows it so: billing and files unticked, knowledge ticked.
		const form = html(world, ContextualPanel);
		const boxes = [...form.matchAll(/<input type="checkbox"([^>]*)>[\s\S]*?>([a-z]+)</g)].map(
			([, attrs, name]) => [name, /checked/.test(attrs)]
		);
		expect(boxes).toEqual([
			['knowledge', true],
			['billing', false],
			['files', false]
		]);
	});
});
