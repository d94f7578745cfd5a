import { describe, expect, it } from 'vitest';
import { fullHost, hostScenario } from '../world/host-test-world';
import { makeWorld } from '../world/test-world';
import { worldFacts } from './facts';
import { goalMet, type GoalContext } from './goals';
import { goalSchema, type Goal } from './lab-schema';

/** Goals checked against everything that happened in the world (no window). */
async function context(setup: (world: ReturnType<typeof makeWorld>) => Promise<unknown>) {
	const world = makeWorld(hostScenario(fullHost));
	await world.startSession();
	await setup(world);
	const facts = worldFacts(world, 'x', 0);
	const ctx: GoalContext = {
		...facts,
		callIds: new Set(facts.calls.map((c) => c.id)),
		predicted: false
	};
	world.dispose();
	return (goal: Goal) => goalMet(goalSchema.parse(goal), ctx);
}

describe('goals on the protocol beside tools', () => {
	it('hostRequest: a request of a kind reached a state, from a server', async () => {
		const met = await context(async (w) => {
			await w.callTool('mcp__assistant__summarise');
			await w.answerSampling('h1', { action: 'approve' });
		});
		expect(met({ hostRequest: { kind: 'sampling', state: 'pending' } })).toBe(true);
		expect(met({ hostRequest: { kind: 'sampling', state: 'approved', server: 'assistant' } })).toBe(
			true
		);
		expect(met({ hostRequest: { kind: 'sampling', state: 'rejected' } })).toBe(false);
		expect(met({ hostRequest: { kind: 'elicitation' } })).toBe(false);
		expect(met({ hostRequest: { server: 'elsewhere' } })).toBe(false);
		// Approved as the model wrote it: not edited.
		expect(met({ hostRequest: { kind: 'sampling', state: 'approved', edited: false } })).toBe(true);
		expect(met({ hostRequest: { kind: 'sampling', state: 'approved', edited: true } })).toBe(false);
	});

	it('hostRequest: a sampling reply the person changed is edited; the same text again is not', async () => {
		const met = await context(async (w) => {
			await w.callTool('mcp__assistant__summarise');
			await w.answerSampling('h1', { action: 'approve', text: 'Three tickets are open.' });
		});
		expect(met({ hostRequest: { kind: 'sampling', state: 'approved', edited: true } })).toBe(false);
		const changed = await context(async (w) => {
			await w.callTool('mcp__assistant__summarise');
			await w.answerSampling('h1', { action: 'approve', text: 'Two are open.' });
		});
		expect(changed({ hostRequest: { kind: 'sampling', state: 'approved', edited: true } })).toBe(
			true
		);
	});

	it('protocolResult: a learner request answered or failed, by method, server and error text', async () => {
		const met = await context(async (w) => {
			await w.readResource('assistant', 'file:///notes.txt');
			await w.getPrompt('assistant', 'triage', {});
		});
		expect(met({ protocolResult: { method: 'resources/read', ok: true } })).toBe(true);
		expect(met({ protocolResult: { method: 'resources/read', ok: false } })).toBe(false);
		expect(
			met({
				protocolResult: { method: 'prompts/get', ok: false, errorIncludes: 'Missing required' }
			})
		).toBe(true);
		expect(met({ protocolResult: { method: 'prompts/get', server: 'other' } })).toBe(false);
		// A read is of one URI: another's is not it.
		expect(met({ protocolResult: { method: 'resources/read', uri: 'file:///notes.txt' } })).toBe(
			true
		);
		expect(met({ protocolResult: { method: 'resources/read', uri: 'file:///other.txt' } })).toBe(
			false
		);
	});

	it('wire: a message with a method crossed, in a direction', async () => {
		const met = await context((w) => w.setRoots(['file:///repo']));
		expect(met({ wire: { method: 'notifications/roots/list_changed', dir: 'to-server' } })).toBe(
			true
		);
		expect(met({ wire: { method: 'notifications/roots/list_changed', dir: 'to-host' } })).toBe(
			false
		);
		expect(met({ wire: { method: 'initialize', server: 'assistant' } })).toBe(true);
		expect(met({ wire: { method: 'tools/call' } })).toBe(false);
	});

	it('server: the negotiated protocol version', async () => {
		const world = makeWorld({
			mcp_servers: { old: { command: 'x', sim: { protocolVersions: ['2024-11-05'] } } }
		});
		await world.startSession();
		const facts = worldFacts(world, 'x', 0);
		world.dispose();
		expect(facts.versions).toEqual({ old: '2024-11-05' });
		const ctx: GoalContext = { ...facts, callIds: new Set(), predicted: false };
		expect(goalMet({ server: 'old', protocolVersion: '2024-11-05' }, ctx)).toBe(true);
		expect(goalMet({ server: 'old', protocolVersion: '2025-11-25' }, ctx)).toBe(false);
	});

	it('rejects goals a lab could not mean', () => {
		expect(goalSchema.safeParse({ hostRequest: { kind: 'ping' } }).success).toBe(false);
		expect(goalSchema.safeParse({ wire: { server: 'a' } }).success).toBe(false);
		expect(goalSchema.safeParse({ protocolResult: { ok: 'yes' } }).success).toBe(false);
	});
});
