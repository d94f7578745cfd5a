import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loggedActionSchema } from './action-log-schema';
import { fullHost, hostScenario } from './host-test-world';
import { replay } from './replay';
import { makeWorld, observable } from './test-world';
import type { World } from './world';

const seen = observable;

const pending = (w: World, kind: string) =>
	w.hostRequests.find((r) => r.kind === kind && r.state === 'pending')?.id;

type Cmd = (w: World) => Promise<unknown>;
const commands = fc.constantFrom<Cmd>(
	(w) => w.callTool('mcp__assistant__summarise'),
	(w) => w.callTool('mcp__assistant__book_trip'),
	(w) => w.callTool('mcp__assistant__where_am_i'),
	(w) => w.callTool('mcp__assistant__sync'),
	(w) => w.callTool('mcp__assistant__unlock'),
	(w) => w.answerSampling(pending(w, 'sampling') ?? 'h0', { action: 'approve' }),
	(w) => w.answerSampling(pending(w, 'sampling') ?? 'h0', { action: 'reject' }),
	(w) =>
		w.answerElicitation(pending(w, 'elicitation') ?? 'h0', {
			action: 'accept',
			content: { city: 'Oslo' }
		}),
	(w) => w.answerElicitation(pending(w, 'elicitation') ?? 'h0', { action: 'decline' }),
	(w) => w.setRoots(['file:///a', 'file:///b']),
	(w) => w.setLogLevel('assistant', 'error'),
	(w) => w.readResource('assistant', 'tickets://T-3'),
	(w) => w.getPrompt('assistant', 'triage', { ticket: 'T-3' }),
	(w) => w.delay('assistant', 31_000),
	(w) => w.kill('assistant'),
	(w) => w.restart('assistant'),
	(w) => w.reconnectAll()
);

describe('replay with host requests', () => {
	it('rebuilds a world whose sampling and elicitation were answered, byte for byte', async () => {
		const world = makeWorld(hostScenario(fullHost));
		await world.startSession();
		await world.callTool('mcp__assistant__summarise');
		await world.answerSampling('h1', { action: 'approve', text: 'Edited.' });
		await world.callTool('mcp__assistant__book_trip');
		await world
			.answerElicitation('h2', { action: 'accept', content: { city: 'X' } })
			.catch(() => undefined);
		await world.answerElicitation('h2', { action: 'accept', content: { city: 'Oslo' } });
		await world.setRoots([{ uri: 'file:///repo', name: 'Repo' }]);
		await world.callTool('mcp__assistant__where_am_i');
		await world.setLogLevel('assistant', 'info');
		await world.callTool('mcp__assistant__sync');
		await world.readResource('assistant', 'file:///logo.png');
		await world.getPrompt('assistant', 'triage', { ticket: 'T-1' });

		expect(world.hostRequests.map((r) => r.state)).toEqual(['approved', 'accepted', 'answered']);
		// Share links carry the log as JSON: it must parse back to the same actions.
		const parsed = JSON.parse(JSON.stringify(world.actions)).map((a: unknown) =>
			loggedActionSchema.parse(a)
		);
		expect(parsed).toEqual(world.actions);
		const again = await replay(world.scenario, parsed);
		expect(seen(again)).toBe(seen(world));
	});

	it('is deterministic over random host-request sessions', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(commands, { minLength: 1, maxLength: 10 }), async (cmds) => {
				const world = makeWorld(hostScenario(fullHost));
				await world.startSession();
				for (const cmd of cmds) await cmd(world).catch(() => undefined);
				const again = await replay(world.scenario, world.actions);
				expect(seen(again)).toBe(seen(world));
				world.dispose();
				again.dispose();
			}),
			{ numRuns: Math.round(40 * Number(process.env.FC_RUNS_SCALE ?? '1')) }
		);
	}, 120_000);
});
