import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams, trackUnhandled } from '$lib/test-support/property';
import type { ScenarioInput } from '../scenario/schema';
import { WorldCommandError } from './events';
import { replay } from './replay';
import { worldSnapshot } from './snapshot';
import { makeWorld } from './test-world';
import type { World } from './world';

// Random fault schedules on the trust, miniharness and contextual worlds of labs 04, 06 and 07:
// commands are only ever refused with a sentence, nothing is left in flight once a command has
// settled (except calls waiting for a person), a fault on one server leaves every other server's
// state alone, no promise rejection goes unhandled, and the action log rebuilds the same world.

const runs = fcParams;
const unhandled = trackUnhandled();

const labScenario = (lab: string) =>
	JSON.parse(readFileSync(new URL(`../../../../labs/${lab}/lab.json`, import.meta.url), 'utf8'))
		.scenario as ScenarioInput;

type Step =
	| { do: 'kill' | 'restart' | 'hang'; server: string }
	| { do: 'delay'; server: string; ms: number }
	| { do: 'reconnectAll' | 'closeSession' | 'startSession' }
	| { do: 'call'; name: string; args: Record<string, unknown> }
	| { do: 'answer'; approve: boolean }
	| { do: 'profile'; command: string; args: Record<string, unknown> };

interface Case {
	lab: string;
	servers: string[];
	calls: fc.Arbitrary<{ name: string; args: Record<string, unknown> }>;
	commands: fc.Arbitrary<{ command: string; args: Record<string, unknown> }>;
}

const call = (name: string, args: Record<string, unknown> = {}) => ({ name, args });
const command = (name: string, args: Record<string, unknown> = {}) => ({ command: name, args });

const TRUST_TOOLS = ['mcp__github__list_issues', 'mcp__github__create_pull_request', 'mcp__x__y'];
const CASES: Record<'trust' | 'miniharness' | 'contextual', Case> = {
	trust: {
		lab: '04-trust-and-grants',
		servers: ['github', 'feishu', 'notion'],
		calls: fc.oneof(
			fc.constantFrom(...TRUST_TOOLS).map((t) => call('ToolSearch', { tool_names: [t] })),
			fc
				.constantFrom(...TRUST_TOOLS)
				.map((t) => call('DeferExecuteTool', { toolName: t, params: { repo: 'acme/shop' } })),
			fc.constant(call('list_issues'))
		),
		commands: fc.oneof(
			fc
				.constantFrom('trust', 'untrust', 'connect', 'disconnect')
				.chain((c) =>
					fc
						.constantFrom('github', 'feishu', 'notion')
						.map((connector) => command(c, { connector }))
				),
			fc
				.tuple(fc.constantFrom(...TRUST_TOOLS), fc.boolean())
				.map(([tool, allowed]) => command('grantTool', { tool, allowed })),
			fc.boolean().map((on) => command('network', { on })),
			fc.constantFrom(command('revoke'), command('healthCheck'))
		)
	},
	miniharness: {
		lab: '06-sdk-client-discipline',
		servers: ['backup', 'primary', 'payments', 'realtime'],
		calls: fc.constantFrom(
			call('search', { query: 'A-1' }),
			call('status'),
			call('send_email', { to: 'ops@example.com' }),
			call('delete_records'),
			call('charge_card', { order: 'A-1' }),
			call('nope')
		),
		commands: fc.oneof(
			fc.constantFrom(10, 61).map((seconds) => command('wait', { seconds })),
			fc.integer({ min: 1, max: 12 }).map((n) => command('retry', { call: `c${n}` }))
		)
	},
	contextual: {
		lab: '07-per-run-headers',
		servers: ['knowledge', 'billing', 'files'],
		calls: fc.constantFrom(
			call('whoami'),
			call('search_docs', { query: 'reset' }),
			call('export_articles'),
			call('delete_space', { space: 'billing' })
		),
		commands: fc.oneof(
			fc
				.tuple(
					fc.constantFrom('alice', 'bob', 'guest', 'mallory'),
					fc.option(fc.constantFrom('run-1', 'run-2'), { nil: undefined }),
					fc.subarray(['knowledge', 'billing', 'files'])
				)
				.map(([identity, run_id, servers]) =>
					command('startRun', { identity, context: { run_id }, servers })
				),
			fc.constant(command('endRun'))
		)
	}
};

const stepOf = (c: Case): fc.Arbitrary<Step> =>
	fc.oneof(
		fc
			.tuple(
				fc.constantFrom('kill' as const, 'restart' as const, 'hang' as const),
				fc.constantFrom(...c.servers)
			)
			.map(([d, server]) => ({ do: d, server })),
		fc
			.tuple(fc.constantFrom(...c.servers), fc.constantFrom(0, 500, 40_000))
			.map(([server, ms]) => ({ do: 'delay' as const, server, ms })),
		fc.constantFrom(
			{ do: 'reconnectAll' as const },
			{ do: 'closeSession' as const },
			{ do: 'startSession' as const }
		),
		{
			weight: 4,
			arbitrary: c.calls.map(({ name, args }) => ({ do: 'call' as const, name, args }))
		},
		{ weight: 2, arbitrary: fc.boolean().map((approve) => ({ do: 'answer' as const, approve })) },
		{
			weight: 3,
			arbitrary: c.commands.map(({ command, args }) => ({ do: 'profile' as const, command, args }))
		}
	);

const FAULTS = new Set(['kill', 'restart', 'hang', 'delay']);
const WAITING = new Set(['awaiting_approval', 'waiting_for_approval']);

/** Runs one step; a refusal the world explains (a WorldCommandError) is part of the game. */
async function exec(world: World, step: Step): Promise<void> {
	try {
		switch (step.do) {
			case 'kill':
			case 'restart':
			case 'hang':
				return await world[step.do](step.server);
			case 'delay':
				return await world.delay(step.server, step.ms);
			case 'call':
				return void (await world.callTool(step.name, step.args));
			case 'answer': {
				const waiting = world.calls.findLast((c) => WAITING.has(c.state) && c.endedAt === null);
				return waiting ? await world.answerApproval(waiting.id, step.approve) : undefined;
			}
			case 'profile':
				return await world.profileCommand(step.command, step.args);
			default:
				return await world[step.do]();
		}
	} catch (error) {
		if (!(error instanceof WorldCommandError)) throw error;
	}
}

/** What must be the same in a world rebuilt from the log: the snapshot, calls, profile state. */
const fingerprint = (world: World) =>
	JSON.stringify({
		snapshot: worldSnapshot(world, { lab: 'x', step: 0 }),
		calls: world.calls.map((c) => [c.id, c.name, c.state, c.isError, c.output]),
		profile: world.profileView,
		servers: world.serverNames.map((s) => world.serverState(s))
	});

describe.each(Object.entries(CASES))('the %s profile under random fault schedules', (_, c) => {
	it('refuses with sentences only, settles, keeps faults on their server, and replays exactly', async () => {
		const scenario = labScenario(c.lab);
		await fc.assert(
			fc.asyncProperty(fc.array(stepOf(c), { minLength: 1, maxLength: 14 }), async (steps) => {
				const world = makeWorld(scenario);
				await world.startSession();
				try {
					for (const step of steps) {
						const before = new Map(world.serverNames.map((s) => [s, world.serverState(s)]));
						await exec(world, step);
						for (const call of world.calls)
							if (call.endedAt === null) expect(WAITING).toContain(call.state);
						if (FAULTS.has(step.do) && 'server' in step)
							for (const [server, state] of before)
								if (server !== step.server) expect(world.serverState(server)).toBe(state);
					}
					const rebuilt = await replay(world.scenario, world.actions);
					try {
						expect(fingerprint(rebuilt)).toBe(fingerprint(world));
					} finally {
						rebuilt.dispose();
					}
				} finally {
					world.dispose();
				}
			}),
			runs(40)
		);
		expect(unhandled).toEqual([]);
	}, 120_000);
});
