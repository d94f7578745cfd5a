import { beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, toolSourceScenario } from '../world/test-world';
import { worldFacts } from './facts';
import { goalMet, type GoalContext } from './goals';
import type { Goal } from './lab-schema';
import { loadValidator } from '../validation/lazy-validator';

// A goal about the server's own schema validates with JSON Schema, which loads on demand.
beforeAll(() => loadValidator());

async function context(
	setup: (world: ReturnType<typeof makeWorld>) => Promise<void>,
	scenario?: object
) {
	const world = makeWorld(scenario as never);
	await world.startSession();
	await setup(world);
	const facts = worldFacts(world, 'x', 0);
	const ctx: GoalContext = {
		...facts,
		callIds: new Set(facts.calls.map((c) => c.id)),
		predicted: false
	};
	return (goal: Goal) => goalMet(goal, ctx);
}

const colliding = {
	mcp_servers: {
		'a.b': { type: 'stdio', command: 'x', sim: { tools: [{ name: 'x' }] } },
		a_b: {
			type: 'stdio',
			command: 'y',
			sim: {
				tools: [
					{ name: 'x' },
					{
						name: '2fa',
						inputSchema: {
							type: 'object',
							properties: { level: { type: 'string', enum: ['low', 'high'] } },
							required: ['level']
						}
					}
				]
			}
		}
	}
};

describe('lab goals', () => {
	it('sees a collision in the latest build', async () => {
		const met = await context(async () => {}, colliding);
		expect(met({ collision: true })).toBe(true);
		const none = await context(async () => {});
		expect(none({ collision: true })).toBe(false);
	});

	it('matches calls by part of the adapted name and by server', async () => {
		const met = await context(
			async (w) => void (await w.callTool('mcp__a_b__mcp_2fa', { level: 'low' })),
			colliding
		);
		expect(met({ call: { nameIncludes: '__mcp_', server: 'a_b', isError: false } })).toBe(true);
		expect(met({ call: { nameIncludes: '__mcp_', server: 'a.b' } })).toBe(false);
		expect(met({ registry: { nameIncludes: '__mcp_2fa' } })).toBe(true);
	});

	it('tells a call that broke the server’s own schema from one that did not', async () => {
		const ok = await context(
			async (w) => void (await w.callTool('mcp__a_b__mcp_2fa', { level: 'low' })),
			colliding
		);
		expect(ok({ call: { violatesServerSchema: true } })).toBe(false);
		const exploit = await context(
			async (w) => void (await w.callTool('mcp__a_b__mcp_2fa', { level: 'urgent' })),
			colliding
		);
		expect(exploit({ call: { violatesServerSchema: true, isError: false } })).toBe(true);
	});

	it('sent: the arguments that reached the server, not the ones the model wrote', async () => {
		const met = await context(
			async (w) => void (await w.callTool('mcp__a_b__mcp_2fa', { level: 'low', extra: 1 })),
			colliding
		);
		expect(met({ call: { sent: { level: 'low' } } })).toBe(true);
		expect(met({ call: { sent: { level: 'high' } } })).toBe(false);
		// OpenHarness's input model drops a field the schema does not have: it never went out.
		expect(met({ call: { sent: { extra: 1 } } })).toBe(false);
	});

	it('not: met while the goal inside is not, and read on the same window', async () => {
		const met = await context(async (w) => {
			await w.callTool('mcp__filesystem__read_file', { path: '/a' });
		});
		expect(met({ not: { permissionMode: 'plan' } })).toBe(true);
		expect(met({ not: { call: { name: 'mcp__filesystem__read_file' } } })).toBe(false);
		// A hint's "done this without that": a call made, and no kill since.
		expect(met({ all: [{ call: { isError: false } }, { not: { command: 'kill' } }] })).toBe(true);
		const killed = await context(async (w) => {
			await w.kill('filesystem');
			await w.callTool('mcp__filesystem__read_file', { path: '/a' });
		});
		expect(killed({ all: [{ call: {} }, { not: { command: 'kill' } }] })).toBe(false);
		expect(killed({ not: { not: { command: 'kill', server: 'filesystem' } } })).toBe(true);
	});

	it('reads the permission mode and a stage outcome of an OpenHarness call', async () => {
		const met = await context(async (w) => {
			await w.setPermissionMode('default');
			await w.callTool('mcp__filesystem__read_file', { path: '/a' });
		});
		expect(met({ permissionMode: 'default' })).toBe(true);
		expect(met({ permissionMode: 'plan' })).toBe(false);
		// Waiting for the person: not ended, so only a goal naming that state sees it.
		expect(met({ call: { stage: 'permission', outcome: 'ask' } })).toBe(false);
		expect(met({ call: { state: 'awaiting_approval', stage: 'permission', outcome: 'ask' } })).toBe(
			true
		);
		expect(
			met({ call: { state: 'awaiting_approval', stage: 'permission', outcome: 'deny' } })
		).toBe(false);
	});

	it('reads ToolSource terminal states, output text and the run state', async () => {
		const met = await context(async (w) => {
			await w.callTools([{ name: 'mcp.files.delete_file' }, { name: 'mcp.files.export_log' }]);
			const crash = await w.callTool('mcp.tickets.transfer_funds', {});
			await w.answerApproval(crash.id, true);
		}, toolSourceScenario);
		expect(met({ call: { name: 'mcp.files.delete_file', state: 'permission_denied' } })).toBe(true);
		expect(met({ call: { name: 'mcp.files.delete_file', state: 'failed' } })).toBe(false);
		expect(met({ call: { name: 'mcp.files.export_log', outputIncludes: '[truncated: ' } })).toBe(
			true
		);
		expect(met({ call: { state: 'unknown' } })).toBe(true);
		expect(met({ run: 'interrupted' })).toBe(true);
		expect(met({ run: 'running' })).toBe(false);
	});
});
