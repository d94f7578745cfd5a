// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ScenarioInput } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { isolationScenario, toolSourceScenario } from '$lib/core/world/test-world';
// The page loads it on the first failure; here it is loaded with the file, because under
// Vitest every message is a module of its own and the first load takes seconds.
import '$lib/i18n/command-error';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { WorldState } from './world-state.svelte';

let state: WorldState | undefined;
afterEach(() => {
	state?.dispose();
	vi.unstubAllGlobals();
	overwriteGetLocale(() => 'en');
});

async function session(input: ScenarioInput = toolSourceScenario) {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	state = new WorldState(parsed.scenario);
	state.speed = 'instant';
	await state.run((w) => w.startSession());
	return state;
}

async function until(condition: () => boolean) {
	for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
	expect(condition()).toBe(true);
}

describe('WorldState and the ToolSource profile', () => {
	it('says a refused command in the page language, in the harness panel and the live region', async () => {
		const world = await session();
		const said: string[] = [];
		world.announce = (text) => said.push(text);
		overwriteGetLocale(() => 'zh-CN');
		await world.run((w) => w.callTool('mcp.tickets.transfer_funds', {}));
		await world.run((w) => w.answerApproval('c1', true));
		const refused = () => world.run((w) => w.callTool('mcp.files.read_file', { path: '/a' }));
		// The embed API and the console keep the English sentence.
		await expect(refused()).rejects.toThrow('The run is interrupted: reconcile c1 first.');
		await until(() => world.error === '本次运行已中断：请先核对 c1。');
		expect(said).toEqual(['上一条命令失败：本次运行已中断：请先核对 c1。']);

		// A command that follows at once is not overwritten by the late words of the one before.
		await expect(refused()).rejects.toThrow();
		await world.reconcile('c1', 'not_applied');
		await new Promise((r) => setTimeout(r, 20));
		expect(world.error).toBeNull();
	});

	it('exposes the profile and toolSource, and follows reconcile and restart', async () => {
		const world = await session();
		expect(world.profile).toBe('toolsource');
		expect(world.toolSource).toMatchObject({ run: 'running', unreconciled: [], journal: [] });
		expect(world.toolSource!.policy.allow['mcp.files.read_file']).toBe('read');

		await world.run((w) => w.callTool('mcp.tickets.transfer_funds', {}));
		await world.run((w) => w.answerApproval('c1', true));
		expect(world.toolSource).toMatchObject({ run: 'interrupted', unreconciled: ['c1'] });
		await expect(
			world.run((w) => w.callTool('mcp.files.read_file', { path: '/a' }))
		).rejects.toThrow('The run is interrupted: reconcile c1 first.');
		expect(world.error).toBe('The run is interrupted: reconcile c1 first.');

		await world.reconcile('c1', 'not_applied');
		expect(world.toolSource).toMatchObject({ run: 'running', unreconciled: [] });
		expect(world.calls[0].toolsource!.reconciled).toBe('not_applied');

		await world.restartHarness();
		expect(world.error).toBeNull();
		expect(world.sessionStarted).toBe(true);
	});

	it('a replaced world brings its own profile', async () => {
		const world = await session();
		const parsed = parseScenario(isolationScenario);
		if (!parsed.ok) throw new Error('invalid');
		world.replace(parsed.scenario);
		expect(world.profile).toBe('openharness');
		expect(world.toolSource).toBeNull();
	});

	it('cancelCall acts at once while another command is still settling', async () => {
		const world = await session();
		await world.run((w) => w.hang('tickets'));
		await world.run((w) => w.callTool('mcp.tickets.create_ticket', { title: 'x' }));
		// Paced in real time, the approval's command waits on the hung server for a while.
		vi.stubGlobal('window', globalThis);
		world.speed = 'realtime';
		const approving = world.run((w) => w.answerApproval('c1', true));
		await until(() => world.calls[0].state === 'calling');
		expect(world.pending).toBe(1);

		// The world applies it at once: it cuts the pacing wait short rather than waiting it out.
		const cancelling = world.cancelCall('c1');
		await until(() => world.calls[0].state === 'cancelled');
		await Promise.all([approving, cancelling]);
		expect(world.pending).toBe(0);
		expect(world.error).toBeNull();
		const call = world.calls[0];
		expect(call.endedAt! - call.startedAt).toBeLessThan(5000);
		expect(world.toolSource!.run).toBe('running');
	});

	it('a failed cancel lands in error', async () => {
		const world = await session();
		await expect(world.cancelCall('c9')).rejects.toThrow('Call c9 is not in flight.');
		expect(world.error).toBe('Call c9 is not in flight.');
	});
});
