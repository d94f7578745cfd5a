import { afterEach } from 'vitest';
import { parseScenario } from '../scenario/parse';
import type { ScenarioInput } from '../scenario/schema';
import { worldSnapshot } from './snapshot';
import { World, type WorldOptions } from './world';
export { toolSourceScenario } from './toolsource-scenario';

/** Lab 01's default world, used by the core's tests. */
export const isolationScenario: ScenarioInput = {
	profile: 'openharness',
	mcp_servers: {
		filesystem: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@modelcontextprotocol/server-filesystem', '/data']
		},
		'internal-api': {
			type: 'http',
			url: 'https://mcp.internal.example.com/mcp',
			sim: {
				latencyMs: 40,
				tools: [
					{
						name: 'search_orders',
						inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
						result: { content: [{ type: 'text', text: '3 orders match' }] }
					},
					{
						name: 'create_ticket',
						result: { content: [{ type: 'text', text: 'Ticket T-1042 created' }] }
					}
				]
			}
		},
		realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp' }
	}
};

export function makeWorld(input: ScenarioInput = isolationScenario, options?: WorldOptions): World {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return new World(parsed.scenario, options);
}

/** Everything a learner or a host can see of a world, as text: replays compare it byte for byte. */
export function observable(world: World): string {
	return JSON.stringify({
		snapshot: worldSnapshot(world, { lab: 'x', step: 0 }),
		wire: world.wire.entries,
		events: world.events,
		calls: world.calls,
		registry: world.registryHistory,
		actions: world.actions,
		now: world.clock.now,
		journal: world.toolSource?.journal ?? null,
		hostRequests: world.hostRequests,
		serverLogs: world.serverLogs,
		protocolResults: world.protocolResults,
		roots: world.roots
	});
}

/** For a test file: `started()` gives a started world of this scenario, disposed after each test. */
export function startedWorlds(input: ScenarioInput = isolationScenario): () => Promise<World> {
	let world: World | undefined;
	afterEach(() => world?.dispose());
	return async () => {
		world = makeWorld(input);
		await world.startSession();
		return world;
	};
}
