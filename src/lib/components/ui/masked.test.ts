import { describe, expect, it } from 'vitest';
import CallPanel from '../CallPanel.svelte';
import StatusText from '../StatusText.svelte';
import { loadDisplayMask } from '../live/mask-view.svelte';
import ResourcesPanel from '../protocol/ResourcesPanel.svelte';
import ServerLogs from '../protocol/ServerLogs.svelte';
import { html, startedStates, text } from '../test-support/render';

// "Mask secrets" is for screen sharing: every panel that shows what a server sent hides what
// looks secret, not only the cards and the protocol log.
const SECRET = 'q-secret-42';
const KEY = 'sk_live_0123456789abcdefghijklmnop';
const said = `open https://vault.example/cb?code=${SECRET} with ${KEY}`;

const session = startedStates({
	mcp_servers: {
		vault: {
			type: 'http',
			url: 'https://vault.example/mcp',
			sim: {
				tools: [
					{
						name: 'show_link',
						result: {
							content: [{ type: 'text', text: said }],
							structuredContent: { link: `https://vault.example/cb?code=${SECRET}` }
						},
						steps: [{ do: 'log', level: 'info', data: said }]
					}
				],
				resources: [{ uri: 'file:///vault/notes.txt', name: 'notes', text: said }]
			}
		},
		realtime: { type: 'ws', url: `wss://rt.example/mcp?key=${SECRET}` }
	}
});

async function calledWorld() {
	const world = await session();
	await world.run((w) => w.callTool('mcp__vault__show_link', {}));
	await world.run((w) => w.readResource('vault', 'file:///vault/notes.txt'));
	return world;
}

const panels = { CallPanel, StatusText, ServerLogs, ResourcesPanel };

describe('Mask secrets over what servers sent', () => {
	it('shows results, logs and resources as sent while the toggle is off', async () => {
		const world = await calledWorld();
		const calls = text(html(world, CallPanel));
		expect(calls).toContain(said);
		expect(calls).toContain(`https://vault.example/cb?code=${SECRET}`);
		expect(text(html(world, ServerLogs))).toContain(said);
	});

	it('hides all of a text while the masking code loads, then only what looks secret', async () => {
		const world = await calledWorld();
		world.maskSecrets = true;
		// Before the code arrives: nothing of the text, rather than the secret.
		for (const [name, panel] of Object.entries(panels))
			expect(html(world, panel), name).not.toContain(SECRET);
		await loadDisplayMask();
		for (const [name, panel] of Object.entries(panels)) {
			const markup = html(world, panel);
			expect(markup, name).not.toContain(SECRET);
			expect(markup, name).not.toContain(KEY);
		}
		const calls = text(html(world, CallPanel));
		// The host and path stay, so the learner still sees where the link goes; the name stays.
		expect(calls).toContain('open https://vault.example/cb?•••• with ••••');
		expect(calls).toContain('mcp__vault__show_link');
		expect(text(html(world, ServerLogs))).toContain('open https://vault.example/cb?••••');
		expect(text(html(world, StatusText))).toContain('realtime: failed');

		world.maskSecrets = false;
		expect(text(html(world, CallPanel))).toContain(said);
	});
});
