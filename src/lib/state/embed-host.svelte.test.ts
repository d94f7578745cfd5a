// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labSchema } from '$lib/core/labs/lab-schema';
import type { WorldSnapshot } from '$lib/core/world/snapshot';
import { EmbedHost } from './embed-host.svelte';
import { LabSession } from './lab-session.svelte';

const lab01 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
);
const HOST = 'https://docs.example.com';

type Result = { type: string; id: string; ok: boolean; snapshot?: WorldSnapshot; error?: string };

let cleanups: Array<() => void> = [];
beforeEach(() => {
	// The frame watches its own height; nothing resizes in Node.
	vi.stubGlobal(
		'ResizeObserver',
		class {
			observe() {}
			disconnect() {}
		}
	);
});
afterEach(() => {
	for (const cleanup of cleanups) cleanup();
	cleanups = [];
	vi.unstubAllGlobals();
});

/** Lab 01 in a frame whose parent is a docs page at HOST, as the embed page wires it. */
async function frame() {
	const session = new LabSession(lab01.id, lab01);
	session.world.speed = 'instant';
	const posted: Array<{ message: Record<string, unknown>; target: string }> = [];
	let listener: ((event: MessageEvent) => void) | null = null;
	const parent = {
		postMessage: (message: Record<string, unknown>, target: string) =>
			posted.push({ message, target })
	};
	const win = {
		parent,
		document: { referrer: `${HOST}/guide`, documentElement: { scrollHeight: 640 } },
		addEventListener: (_: string, l: (event: MessageEvent) => void) => (listener = l),
		removeEventListener: () => (listener = null)
	} as unknown as Window;
	const host = new EmbedHost(session, HOST, win);
	cleanups.push(() => {
		host.stop();
		session.dispose();
	});
	await host.start(session.start());
	let next = 0;

	const results = () => posted.filter((p) => p.message.type === 'mcp-lab:result');

	/** Posts a command as the parent page at `origin` would. */
	function post(command: string, args: Record<string, unknown>, origin: string) {
		const id = `c${++next}`;
		listener!({
			source: parent,
			origin,
			data: { type: 'mcp-lab:command', id, command, args }
		} as unknown as MessageEvent);
		return id;
	}

	/** Posts a command from the host page and waits for its answer. */
	async function send(command: string, args: Record<string, unknown> = {}) {
		const id = post(command, args, HOST);
		const answer = () => results().find((p) => p.message.id === id)?.message as Result | undefined;
		for (let i = 0; i < 1000 && !answer(); i++) await new Promise((r) => setTimeout(r, 2));
		return answer();
	}
	return { session, posted, results, post, send };
}

const names = (snapshot: WorldSnapshot | undefined) => snapshot?.registry.map((e) => e.name);

describe('EmbedHost: setProfile', () => {
	it('switches the harness profile and re-runs startup on the same scenario', async () => {
		const { session, send } = await frame();
		const before = await send('getState');
		expect(before?.snapshot?.profile).toBe('openharness');
		expect(names(before?.snapshot)).toContain('mcp__filesystem__read_file');

		const switched = await send('setProfile', { profile: 'toolsource' });
		expect(switched).toMatchObject({ type: 'mcp-lab:result', ok: true });
		expect(switched!.snapshot!.profile).toBe('toolsource');
		expect(switched!.snapshot!.servers.map((s) => s.name)).toEqual(
			before!.snapshot!.servers.map((s) => s.name)
		);
		expect(names(switched!.snapshot)!.some((n) => n.startsWith('mcp__'))).toBe(false);
		expect(session.scenario.profile).toBe('toolsource');
		expect(session.scenario.mcp_servers).toEqual(lab01.scenario.mcp_servers);
		expect(session.world.sessionStarted).toBe(true);
		expect(session.world.profile).toBe('toolsource');

		const back = await send('setProfile', { profile: 'openharness' });
		expect(back?.ok).toBe(true);
		expect(back!.snapshot!.profile).toBe('openharness');
		expect(names(back!.snapshot)).toEqual(names(before!.snapshot));
	});

	it.each(['trust', 'miniharness', 'contextual'])(
		'switches to the %s profile, whose snapshot speaks its own words',
		async (profile) => {
			const { session, send } = await frame();
			const switched = await send('setProfile', { profile });
			expect(switched).toMatchObject({ ok: true });
			expect(switched!.snapshot!.profile).toBe(profile);
			expect(session.world.profile).toBe(profile);
			expect(session.world.profileView?.profile).toBe(profile);
			if (profile === 'trust')
				// Connectors start untrusted: nothing connects, whatever the scenario's servers.
				expect(new Set(switched!.snapshot!.servers.map((s) => s.state))).toEqual(
					new Set(['disconnected'])
				);
		}
	);

	it('lists the valid ids for an unknown profile, and asks for a missing one', async () => {
		const { send } = await frame();
		expect(await send('setProfile', {})).toMatchObject({
			ok: false,
			error: 'setProfile needs args.profile (a non-empty string).'
		});
		expect(await send('setProfile', { profile: 'claude' })).toMatchObject({
			ok: false,
			error:
				"Unknown profile 'claude'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual)."
		});
	});

	it('ignores a setProfile from another origin than the origin parameter', async () => {
		const { session, posted, results, post, send } = await frame();
		post('setProfile', { profile: 'toolsource' }, 'https://evil.example');
		// Refused before anything runs: no command pending, no answer, the same profile.
		expect(session.world.pending).toBe(0);
		expect((await send('getState'))?.snapshot?.profile).toBe('openharness');
		expect(results()).toHaveLength(1);
		expect(posted.every((p) => p.target === HOST)).toBe(true);
	});
});
