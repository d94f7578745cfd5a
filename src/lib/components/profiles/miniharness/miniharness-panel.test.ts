// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '$lib/core';
import CallPanel from '../../CallPanel.svelte';
import { buttonTag, html, startedStates, text } from '../../test-support/render';
import MiniHarnessPanel from './MiniHarnessPanel.svelte';

const HOSTILE = '<img src=x onerror=alert(1)>';
const reply = (t: string) => ({ content: [{ type: 'text', text: t }] });

const scenario: ScenarioInput = {
	profile: 'miniharness',
	mcp_servers: {
		docs: {
			type: 'stdio',
			command: 'docs-mcp',
			sim: {
				tools: [
					{ name: 'lookup', result: reply('found') },
					{ name: HOSTILE, result: reply('x'.repeat(5000)) },
					{ name: 'wipe', result: reply('wiped') }
				]
			}
		},
		mirror: {
			type: 'http',
			url: 'https://mirror.example.com/mcp',
			sim: { tools: [{ name: 'lookup', result: reply('mirror') }] }
		},
		stream: { type: 'ws', url: 'wss://stream.example.com/mcp' }
	},
	miniharness: {
		user: 'bob',
		priority: { mirror: 3, docs: 1 },
		policy: { lookup: 'auto', wipe: 'deny', [HOSTILE]: 'auto' }
	}
};

const session = startedStates(scenario);

describe('MiniHarnessPanel', () => {
	it('shows each client by priority with what its handshake negotiated, and the routing table', async () => {
		const world = await session();
		const markup = html(world, MiniHarnessPanel);
		expect(markup).toContain('data-profile="miniharness"');
		const all = text(markup);
		expect(all).toContain('Session s1: initialized. User bob; every request times out after 30 s.');
		expect(all).toMatch(/mirror 3 streamable_http initialized 2025-11-25 tools/);
		expect(all).toMatch(/docs 1 stdio initialized 2025-11-25 tools/);
		expect(all).toContain('stream 0 ws failed Unknown MCP transport type: ws');
		// mirror has the higher priority, so lookup goes there; docs' lookup is never used.
		expect(all).toMatch(/lookup mirror docs/);
		expect(all).toContain('mirror#lookup');
		expect(all).toContain('Illustration:');
	});

	it('renders a hostile tool name as text and bounds a long result', async () => {
		const world = await session();
		await world.run((w) => w.callTool(HOSTILE, {}));
		const markup = html(world, MiniHarnessPanel);
		expect(markup).not.toContain('<img');
		expect(markup).toContain('&lt;img src=x onerror=alert(1)>');
		expect(text(markup)).not.toContain('x'.repeat(301));
		expect(text(markup)).toContain('more characters not shown');
	});

	it('lists executor decisions and checkpoints, each with a Retry button disabled while busy', async () => {
		const world = await session();
		await world.run((w) => w.callTool('lookup', {}));
		await world.run((w) => w.callTool('wipe', {}));
		world.pending = 1;
		const markup = html(world, MiniHarnessPanel);
		const all = text(markup);
		expect(all).toContain('c1 lookup');
		expect(all).toContain('AUTO: ran without asking');
		expect(all).toContain('DENY: refused');
		expect(all).toContain('s1/c1 lookup completed mirror');
		expect(buttonTag(markup, 'Retry call c1')).toMatch(/\sdisabled(=|\s|>|$)/);
		world.pending = 0;
		expect(buttonTag(html(world, MiniHarnessPanel), 'Retry call c1')).not.toMatch(
			/\sdisabled(=|\s|>|$)/
		);
	});
});

describe('MiniHarness calls in the Model calls panel', () => {
	it('shows what an ended call got, whatever its final state', async () => {
		const world = await session();
		await world.run((w) => w.callTool('wipe', {}));
		const all = text(html(world, CallPanel));
		expect(all).toContain('permission_denied');
		expect(all).toContain("Tool 'wipe' is denied by policy");
		expect(all).not.toContain('Waiting for the answer');
	});
});
