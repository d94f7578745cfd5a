import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../world/test-world';
import type { World } from '../../world/world';
import { trustScenario } from './test-scenario';
import type { ScenarioInput } from '../../scenario/schema';
import { asTrustView } from './view';
import { worldSnapshot } from '../../world/snapshot';

const GH_LIST = 'mcp__github__list_issues';
const GH_PR = 'mcp__github__create_pull_request';

async function started(input: ScenarioInput = trustScenario): Promise<World> {
	const world = makeWorld(input);
	await world.startSession();
	return world;
}

const view = (world: World) => asTrustView(world.profileView)!;
const state = (world: World, connector: string) => view(world).connectors[connector].state;
const sent = (world: World, server: string) =>
	world.wire.entries
		.filter((e) => e.server === server && e.kind === 'message' && e.dir === 'to-server')
		.map((e) => (e.kind === 'message' && 'method' in e.message ? e.message.method : '?'));

async function trusted(grant?: { tools: string[]; network: boolean }): Promise<World> {
	const world = await started();
	await world.profileCommand('trust', { connector: 'github' });
	if (grant) await world.profileCommand('grant', grant);
	return world;
}

const search = (world: World, ...names: string[]) =>
	world.callTool('ToolSearch', { tool_names: names });
const execute = (world: World, toolName: string, params: Record<string, unknown> = {}) =>
	world.callTool('DeferExecuteTool', { toolName, params });

describe('trust: connector lifecycle', () => {
	it('starts every connector disconnected and starts no process: nothing on the wire', async () => {
		const world = await started();
		expect(state(world, 'github')).toBe('disconnected');
		expect(world.serverState('notion')).toBe('disconnected');
		expect(sent(world, 'github')).toEqual([]);
		expect(world.registry.map((e) => e.name)).toEqual(['ToolSearch', 'DeferExecuteTool']);
		// The model sees ToolSearch{tool_names[]} and DeferExecuteTool{toolName, params} only.
		expect(world.registeredTools.map((t) => [t.name, t.inputSchema])).toEqual([
			[
				'ToolSearch',
				{
					type: 'object',
					properties: { tool_names: { type: 'array', items: { type: 'string' } } },
					required: ['tool_names']
				}
			],
			[
				'DeferExecuteTool',
				{
					type: 'object',
					properties: { toolName: { type: 'string' }, params: { type: 'object' } },
					required: ['toolName', 'params']
				}
			]
		]);
		expect(view(world).deferredBlock).toBe(
			'<available_deferred_tools>\n(no connectors connected — use trust_connector to activate)\n</available_deferred_tools>'
		);
	});

	it('server cards speak the same words as the panel, before and after a trust', async () => {
		const world = await started();
		const card = (name: string) => world.servers().find((s) => s.name === name)!;
		expect(card('github')).toMatchObject({ status: 'pending', state: 'disconnected' });
		await world.profileCommand('trust', { connector: 'github' });
		expect(card('github')).toMatchObject({ status: 'connected', state: 'connected' });
		expect(card('notion').state).toBe('disconnected');
		await world.closeSession();
		// Trust outlives the session: the connector waits, trusted, for the next start-up.
		expect(card('github')).toMatchObject({ status: 'pending', state: 'trusted' });
	});

	it('trust connects the connector for real and lists its namespaced tools in the block', async () => {
		const world = await trusted();
		expect(state(world, 'github')).toBe('connected');
		expect(world.serverState('github')).toBe('connected');
		expect(sent(world, 'github').slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
		expect(sent(world, 'notion')).toEqual([]);
		expect(view(world).deferredBlock).toBe(
			[
				'<available_deferred_tools>',
				'- mcp__github__list_issues: List issues on a GitHub repository.',
				'- mcp__github__create_pull_request: Create a pull request on a GitHub repository.',
				'</available_deferred_tools>'
			].join('\n')
		);
		const events = world.events.filter((e) => e.kind === 'profile').map((e) => e.event);
		expect(events).toEqual(['trusted']);
	});

	it('gives the embed snapshot its own state words and the two-tool registry', async () => {
		const world = await trusted();
		const snapshot = worldSnapshot(world, { lab: '04-trust-and-grants', step: 0 });
		expect(snapshot.servers.map((s) => [s.name, s.state])).toEqual([
			['github', 'connected'],
			['notion', 'disconnected']
		]);
		expect(snapshot.registry.map((r) => r.name)).toEqual(['ToolSearch', 'DeferExecuteTool']);
	});

	it('goes trusted → connecting → connected, as the world reports each change', async () => {
		const world = await started();
		const seen: string[] = [];
		world.subscribe(() => {
			const now = world.serverState('github')!;
			if (seen.at(-1) !== now) seen.push(now);
		});
		await world.profileCommand('trust', { connector: 'github' });
		expect(seen).toEqual(['disconnected', 'trusted', 'connecting', 'connected']);
	});

	it('connect on an untrusted connector does nothing but say so', async () => {
		const world = await started();
		await world.profileCommand('connect', { connector: 'notion' });
		expect(state(world, 'notion')).toBe('disconnected');
		expect(sent(world, 'notion')).toEqual([]);
		expect(view(world).connectRefused).toEqual(['notion']);
		expect(world.events.at(-1)).toMatchObject({
			kind: 'profile',
			event: 'connect_refused',
			params: { connector: 'notion' }
		});
	});

	it('forgets a refusal once the connector is trusted: untrusted again, it was not refused since', async () => {
		const world = await started();
		await world.profileCommand('connect', { connector: 'notion' });
		await world.profileCommand('trust', { connector: 'notion' });
		expect(view(world).connectRefused).toEqual([]);
		await world.profileCommand('untrust', { connector: 'notion' });
		expect(view(world).connectRefused).toEqual([]);
		await world.profileCommand('connect', { connector: 'notion' });
		expect(view(world).connectRefused).toEqual(['notion']);
	});

	it('disconnect clears the tools and keeps trust; connect then works again', async () => {
		const world = await trusted();
		await world.profileCommand('disconnect', { connector: 'github' });
		expect(view(world).connectors.github).toEqual({
			state: 'disconnected',
			trusted: true,
			tools: [],
			replaced: []
		});
		await world.profileCommand('connect', { connector: 'github' });
		expect(state(world, 'github')).toBe('connected');
	});

	it('keeps trust across closing and starting the session: start-up connects trusted connectors', async () => {
		const world = await trusted();
		await world.closeSession();
		expect(state(world, 'github')).toBe('trusted');
		await world.startSession();
		expect(state(world, 'github')).toBe('connected');
		expect(state(world, 'notion')).toBe('disconnected');
	});

	it('untrust closes the connector and start-up leaves it alone', async () => {
		const world = await trusted();
		await world.profileCommand('untrust', { connector: 'github' });
		expect(view(world).connectors.github).toMatchObject({ state: 'disconnected', trusted: false });
	});

	it('refuses an unknown connector and an unknown command with a sentence', async () => {
		const world = await started();
		await expect(world.profileCommand('trust', { connector: 'slack' })).rejects.toThrow(
			"Unknown connector 'slack'. Connectors in this world: github, notion."
		);
		await expect(world.profileCommand('explode')).rejects.toThrow(
			"The trust profile has no command 'explode'"
		);
	});

	it('does not sanitize names: mcp__<connector>__<tool> whatever they hold', async () => {
		const world = await started({
			profile: 'trust',
			mcp_servers: {
				'my.server': {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 'do it!', result: { content: [] } }] }
				}
			}
		});
		await world.profileCommand('trust', { connector: 'my.server' });
		expect(view(world).available).toEqual(['mcp__my.server__do it!']);
	});
});

describe('trust: grants and the pool', () => {
	it('exposes nothing by default: a trusted, connected connector has an empty pool', async () => {
		const world = await trusted();
		expect(view(world).grant).toEqual({ tools: [], network: false });
		expect(view(world).available).toEqual([GH_LIST, GH_PR]);
		expect(view(world).pool).toEqual([]);
	});

	it('the pool is trusted & connected tools ∩ the grant, and needs network', async () => {
		const world = await trusted({ tools: [GH_LIST, 'mcp__notion__search_pages'], network: false });
		expect(view(world).pool).toEqual([]);
		await world.profileCommand('network', { on: true });
		expect(view(world).pool).toEqual([GH_LIST]);
		await world.profileCommand('grantTool', { tool: GH_PR, allowed: true });
		expect(view(world).pool).toEqual([GH_LIST, GH_PR]);
		await world.profileCommand('grantTool', { tool: GH_LIST, allowed: false });
		expect(view(world).grant).toEqual({
			tools: ['mcp__notion__search_pages', GH_PR],
			network: true
		});
	});

	it('refuses a grant naming a tool without the mcp__ namespace', async () => {
		const world = await trusted();
		await expect(
			world.profileCommand('grant', { tools: ['list_issues'], network: true })
		).rejects.toThrow('MCP permission tools must use namespaced mcp__ names: ["list_issues"]');
	});
});

describe('trust: ToolSearch', () => {
	it('without network: permission_denied, network access is not declared', async () => {
		const world = await trusted();
		const call = await search(world, GH_LIST);
		expect(call.state).toBe('permission_denied');
		expect(JSON.parse(call.output)).toEqual([
			{
				error: "Permission denied for 'mcp__github__list_issues': network access is not declared.",
				code: 'permission_denied',
				tool: GH_LIST
			}
		]);
		expect(view(world).loaded).toEqual([]);
	});

	it('with network but not granted: tool is not declared by the active skill', async () => {
		const world = await trusted({ tools: [], network: true });
		const call = await search(world, GH_LIST);
		expect(call.state).toBe('permission_denied');
		expect(call.output).toContain(
			"Permission denied for 'mcp__github__list_issues': tool is not declared by the active skill."
		);
	});

	it('allowed: returns the real schema from tools/list and caches it', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		const before = sent(world, 'github').length;
		const call = await search(world, GH_LIST);
		expect(call).toMatchObject({ state: 'completed', isError: false });
		expect(JSON.parse(call.output)).toEqual([
			{
				name: GH_LIST,
				description: 'List issues on a GitHub repository.',
				input_schema: {
					type: 'object',
					properties: { repo: { type: 'string' } },
					required: ['repo']
				}
			}
		]);
		expect(view(world).loaded).toEqual([GH_LIST]);
		// The schema comes from the connection's tools/list: nothing new goes out.
		expect(sent(world, 'github').length).toBe(before);
	});

	it('an allowed name no connected connector offers is not found', async () => {
		const world = await trusted({ tools: ['mcp__notion__search_pages'], network: true });
		const call = await search(world, 'mcp__notion__search_pages');
		expect(call.state).toBe('failed');
		expect(JSON.parse(call.output)).toEqual([
			{ error: "Tool 'mcp__notion__search_pages' not found. Check available_deferred_tools." }
		]);
	});
});

describe('trust: DeferExecuteTool', () => {
	it('checks permission before the schema', async () => {
		const world = await trusted();
		const call = await execute(world, GH_LIST, { repo: 'a/b' });
		expect(call).toMatchObject({
			state: 'permission_denied',
			output: "Permission denied for 'mcp__github__list_issues': network access is not declared."
		});
	});

	it('refuses a granted tool whose schema was not loaded', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		const call = await execute(world, GH_LIST, { repo: 'a/b' });
		expect(call).toMatchObject({
			state: 'failed',
			output: "Error: Tool 'mcp__github__list_issues' schema not loaded. Call ToolSearch first."
		});
		expect(sent(world, 'github')).not.toContain('tools/call');
	});

	it('after ToolSearch: a real tools/call to the connector, under the original tool name', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await search(world, GH_LIST);
		const call = await execute(world, GH_LIST, { repo: 'a/b' });
		expect(call).toMatchObject({
			state: 'completed',
			output: '2 open issues: #12, #15',
			server: 'github',
			tool: 'list_issues',
			sent: { repo: 'a/b' }
		});
		const request = world.wire.entries.find(
			(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
		);
		expect(request).toMatchObject({ message: { params: { name: 'list_issues' } } });
	});

	it('TOCTOU: revoking after loading clears the schemas and the execute is permission_denied', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await search(world, GH_LIST);
		await world.profileCommand('revoke');
		expect(view(world).loaded).toEqual([]);
		const call = await execute(world, GH_LIST, { repo: 'a/b' });
		expect(call.state).toBe('permission_denied');
		expect(call.output).toBe(
			"Permission denied for 'mcp__github__list_issues': network access is not declared."
		);
		const events = world.events.filter((e) => e.kind === 'profile').map((e) => e.event);
		expect(events.slice(-2)).toEqual(['revoked', 'schemas_cleared']);
	});

	it('any grant change clears the cache: granted again, the schema must be searched again', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await search(world, GH_LIST);
		await world.profileCommand('grantTool', { tool: GH_PR, allowed: true });
		const call = await execute(world, GH_LIST, {});
		expect(call.output).toBe(
			"Error: Tool 'mcp__github__list_issues' schema not loaded. Call ToolSearch first."
		);
	});

	it('a loaded tool whose connector was disconnected is not found in any connected connector', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await search(world, GH_LIST);
		await world.profileCommand('disconnect', { connector: 'github' });
		const call = await execute(world, GH_LIST, {});
		expect(call.output).toBe(
			"Error: Tool 'mcp__github__list_issues' not found in any connected connector."
		);
	});

	it('a connector that stops answering: the call fails on the clock timeout', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await search(world, GH_LIST);
		await world.hang('github');
		const call = await execute(world, GH_LIST, { repo: 'a/b' });
		expect(call).toMatchObject({
			state: 'failed',
			output: 'Error: Request timed out'
		});
		expect(call.endedAt! - call.startedAt).toBe(30_000);
	});

	it('answers a tool the model was not given with Unknown tool', async () => {
		const world = await trusted();
		const call = await world.callTool(GH_LIST, {});
		expect(call).toMatchObject({ state: 'failed', output: `Unknown tool: ${GH_LIST}` });
	});
});

describe('trust: health check', () => {
	it('a killed connector stays connected until a health check pings it; then it is disconnected', async () => {
		const world = await trusted({ tools: [GH_LIST], network: true });
		await world.profileCommand('trust', { connector: 'notion' });
		await world.kill('github');
		// Like OpenHarness, nothing notices the dead process yet.
		expect(state(world, 'github')).toBe('connected');
		expect(view(world).pool).toEqual([GH_LIST]);
		await world.profileCommand('healthCheck');
		expect(state(world, 'github')).toBe('disconnected');
		expect(state(world, 'notion')).toBe('connected');
		expect(view(world).pool).toEqual([]);
		expect(view(world).available).toEqual(['mcp__notion__search_pages']);
		expect(view(world).health?.results).toEqual({ github: 'down', notion: 'ok' });
		expect(view(world).health?.reasons).toEqual({ github: 'Not connected' });
		expect(sent(world, 'notion')).toContain('ping');
		const last = world.events.filter((e) => e.kind === 'profile').slice(-2);
		expect(last.map((e) => e.kind === 'profile' && [e.event, e.params])).toEqual([
			['health_down', { connector: 'github', detail: 'Not connected' }],
			['health_checked', { checked: '2', down: '1' }]
		]);
	});
});

describe('trust: tool-count pressure', () => {
	it('compares full schemas with the deferred list for the world and for 40 × 10 tools', async () => {
		const world = await trusted();
		const { current, generated } = view(world).pressure;
		expect(current).toMatchObject({ connectors: 1, tools: 2 });
		expect(generated).toMatchObject({ connectors: 40, tools: 400 });
		expect(generated.schemaTokens).toBe(Math.ceil(generated.schemaChars / 4));
		expect(generated.deferredChars).toBeLessThan(generated.schemaChars);
	});
});

describe('trust: two connectors, one namespaced name', () => {
	// `a` + `b__c` and `a__b` + `c` both give mcp__a__b__c (names are not sanitized).
	const connector = (tool: string, text: string) => ({
		type: 'stdio' as const,
		command: 'x',
		sim: { tools: [{ name: tool, result: { content: [{ type: 'text' as const, text }] } }] }
	});
	const scenario: ScenarioInput = {
		profile: 'trust',
		mcp_servers: { a: connector('b__c', 'from a'), a__b: connector('c', 'from a__b') }
	};

	it('lists the name once and runs the later connector’s tool, as the naming lab says', async () => {
		const world = await started(scenario);
		await world.profileCommand('trust', { connector: 'a' });
		await world.profileCommand('trust', { connector: 'a__b' });
		await world.profileCommand('grant', { tools: ['mcp__a__b__c'], network: true });
		expect(view(world).available).toEqual(['mcp__a__b__c']);
		expect(view(world).deferredBlock.match(/mcp__a__b__c/g)).toHaveLength(1);
		expect(view(world).connectors.a.tools).toEqual([]);
		expect(view(world).connectors.a__b.tools).toEqual(['mcp__a__b__c']);
		// The connector that lost its tool says where it went (its card still lists b__c).
		expect(view(world).connectors.a.replaced).toEqual([{ name: 'mcp__a__b__c', by: 'a__b' }]);
		expect(view(world).connectors.a__b.replaced).toEqual([]);
		await search(world, 'mcp__a__b__c');
		const call = await execute(world, 'mcp__a__b__c');
		expect(call.output).toBe('from a__b');
		expect(sent(world, 'a')).not.toContain('tools/call');
		expect(sent(world, 'a__b')).toContain('tools/call');
	});
});
