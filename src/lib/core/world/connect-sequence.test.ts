import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileId, ScenarioInput } from '../scenario/schema';
import { isolationScenario, makeWorld } from './test-world';
import type { World } from './world';

// What each profile sends to connect one server (harness-behaviors.md §1–§5): OpenHarness lists
// resources after tools; MiniHarness and pydantic-ai (contextual) list tools only.

const docs = {
	type: 'http' as const,
	url: 'https://docs.example.com/mcp',
	sim: {
		tools: [{ name: 'search', result: { content: [{ type: 'text', text: 'found' }] } }],
		resources: [{ uri: 'docs://index', name: 'Index', text: 'a, b' }]
	}
};

const scenarioOf = (profile: ProfileId, extra: Partial<ScenarioInput> = {}): ScenarioInput => ({
	profile,
	mcp_servers: { docs },
	contextual: { identities: { alice: {} } },
	toolsource: { allow: {} },
	...extra
});

/** How each profile opens the connection of `docs`. */
const openers: Record<ProfileId, (world: World) => Promise<unknown>> = {
	openharness: (w) => w.startSession(),
	toolsource: (w) => w.startSession(),
	miniharness: (w) => w.startSession(),
	trust: async (w) => {
		await w.startSession();
		await w.profileCommand('trust', { connector: 'docs' });
	},
	contextual: async (w) => {
		await w.startSession();
		await w.profileCommand('startRun', { identity: 'alice', servers: ['docs'] });
	}
};

let world: World | undefined;
afterEach(() => world?.dispose());

async function connected(profile: ProfileId, extra?: Partial<ScenarioInput>): Promise<World> {
	world = makeWorld(scenarioOf(profile, extra));
	await openers[profile](world);
	return world;
}

const methodsTo = (w: World, server: string) =>
	w.wire.entries.flatMap((e) =>
		e.kind === 'message' && e.dir === 'to-server' && e.server === server && 'method' in e.message
			? [e.message.method]
			: []
	);

const failedAt = (w: World, server: string) =>
	w.events.find((e) => e.kind === 'status' && e.server === server && e.status === 'failed')?.t;

const initializeSentAt = (w: World, server: string) =>
	w.wire.entries.find(
		(e) =>
			e.kind === 'message' &&
			e.server === server &&
			'method' in e.message &&
			e.message.method === 'initialize'
	)?.t;

const initializeAnswer = (w: World, server: string) =>
	w.wire.entries.find(
		(e) =>
			e.kind === 'message' &&
			e.dir === 'to-host' &&
			e.server === server &&
			'result' in e.message &&
			'capabilities' in e.message.result
	);

describe('connect sequence per profile', () => {
	it.each(['openharness', 'toolsource', 'trust'] as const)(
		'%s: initialize, tools/list, then resources/list',
		async (profile) => {
			const w = await connected(profile);
			expect(methodsTo(w, 'docs')).toEqual([
				'initialize',
				'notifications/initialized',
				'tools/list',
				'resources/list'
			]);
			const docsView = w.servers().find((s) => s.name === 'docs')!;
			expect(docsView.connection.status).toBe('connected');
			expect(docsView.connection.resources.map((r) => r.uri)).toEqual(['docs://index']);
		}
	);

	it.each(['miniharness', 'contextual'] as const)(
		'%s: initialize and tools/list only, connected with no resources',
		async (profile) => {
			const w = await connected(profile);
			expect(methodsTo(w, 'docs')).toEqual([
				'initialize',
				'notifications/initialized',
				'tools/list'
			]);
			const docsView = w.servers().find((s) => s.name === 'docs')!;
			expect(docsView.connection.status).toBe('connected');
			expect(docsView.connection.tools.map((t) => t.name)).toEqual(['search']);
			expect(docsView.connection.resources).toEqual([]);
			// The server still declares resources: the handshake is unchanged.
			expect(JSON.stringify(initializeAnswer(w, 'docs'))).toContain('"resources":{');
		}
	);

	it("contextual: a second run's fresh connection lists tools only again", async () => {
		const w = await connected('contextual');
		await w.profileCommand('startRun', { identity: 'alice', servers: ['docs'] });
		expect(methodsTo(w, 'docs')).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/list',
			'initialize',
			'notifications/initialized',
			'tools/list'
		]);
	});
});

describe('initialize timeout', () => {
	it('MiniHarness: a server hung at start-up fails after miniharness.timeoutMs with its text', async () => {
		world = makeWorld(scenarioOf('miniharness', { miniharness: { timeoutMs: 5_000 } }));
		await world.hang('docs');
		await world.startSession();
		const client = (
			world.profileView as unknown as { servers: Array<{ name: string; error: string }> }
		).servers.find((s) => s.name === 'docs');
		expect(client?.error).toBe('MCP initialize timed out');
		expect(failedAt(world, 'docs')! - initializeSentAt(world, 'docs')!).toBe(5_000);
		expect(methodsTo(world, 'docs')).toEqual(['initialize', 'notifications/cancelled']);
	});

	it('MiniHarness without a timeoutMs waits its default 30 s', async () => {
		world = makeWorld(scenarioOf('miniharness'));
		await world.hang('docs');
		await world.startSession();
		expect(failedAt(world, 'docs')! - initializeSentAt(world, 'docs')!).toBe(30_000);
	});

	it.each(['openharness', 'toolsource'] as const)(
		'%s keeps the world timeout of 30 s even with a shorter miniharness.timeoutMs in the scenario',
		async (profile) => {
			world = makeWorld(scenarioOf(profile, { miniharness: { timeoutMs: 5_000 } }));
			await world.hang('docs');
			await world.startSession();
			expect(failedAt(world, 'docs')! - initializeSentAt(world, 'docs')!).toBe(30_000);
			expect(world.servers().find((s) => s.name === 'docs')!.connection.detail).toBe(
				'Request timed out'
			);
		}
	);
});

describe('connect_all, one server at a time in config order (spec §1)', () => {
	const statuses = (w: World) =>
		w.events.flatMap((e) => (e.kind === 'status' ? [`${e.server}: ${e.status}`] : []));

	it('records each server settling in that order, a ws server failing at once included', async () => {
		// The connection that settles starts the next one before its own observers hear of it;
		// a ws server fails in that same turn, so its failure had been recorded (and announced)
		// before the server ahead of it had connected.
		world = makeWorld();
		await world.startSession();
		expect(statuses(world)).toEqual([
			'filesystem: connected',
			'internal-api: connected',
			'realtime: failed'
		]);
		await world.reconnectAll();
		expect(statuses(world).slice(-3)).toEqual([
			'filesystem: connected',
			'internal-api: connected',
			'realtime: failed'
		]);
	});

	it('keeps that order through several servers that fail at once in a row', async () => {
		world = makeWorld({
			...isolationScenario,
			mcp_servers: {
				...(isolationScenario.mcp_servers as Record<string, unknown>),
				'realtime-2': { type: 'ws', url: 'wss://two.example.com/mcp' },
				'realtime-3': { type: 'ws', url: 'wss://three.example.com/mcp' }
			}
		});
		await world.startSession();
		expect(statuses(world)).toEqual([
			'filesystem: connected',
			'internal-api: connected',
			'realtime: failed',
			'realtime-2: failed',
			'realtime-3: failed'
		]);
	});
});
