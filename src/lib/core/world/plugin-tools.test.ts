import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../scenario/schema';
import { worldSnapshot } from './snapshot';
import { startedWorlds } from './test-world';
import type { WireEntry } from './wire';
import { UNASKED_STAGES } from '../machines/test-stages';

// OpenHarness's plugin tools, end to end: registered after the MCP tools, run by the harness.

const NAME = 'mcp__github__create_issue';
const PLAN = 'Plan mode blocks mutating tools until the user exits plan mode';

const scenario: ScenarioInput = {
	profile: 'openharness',
	permissions: { mode: 'full_auto' },
	mcp_servers: {
		github: {
			type: 'stdio',
			command: 'github-mcp',
			sim: {
				tools: [
					{ name: 'create_issue', result: { content: [{ type: 'text', text: 'from github' }] } },
					{ name: 'search' }
				]
			}
		}
	},
	plugins: {
		tracker: {
			tools: [
				{
					name: NAME,
					description: 'Files the issue in the local tracker',
					inputSchema: {
						type: 'object',
						properties: { title: { type: 'string' } },
						required: ['title']
					},
					result: { content: [{ type: 'text', text: 'Filed locally as LOCAL-7' }] }
				},
				{ name: 'triage' }
			]
		},
		idle: { enabled: false, tools: [{ name: 'mcp__github__search' }] }
	}
};

const started = startedWorlds(scenario);

const toolsCalls = (entries: readonly WireEntry[]) =>
	entries.filter(
		(e) =>
			e.kind === 'message' &&
			e.dir === 'to-server' &&
			'method' in e.message &&
			e.message.method === 'tools/call'
	);

describe('OpenHarness world: plugin tools', () => {
	it('runs the plugin tool for the shadowed name: its result, and no tools/call on the wire', async () => {
		const world = await started();
		expect(world.registry.map((e) => [e.name, e.plugin ?? null])).toEqual([
			['list_mcp_resources', null],
			['read_mcp_resource', null],
			[NAME, 'tracker'],
			['mcp__github__search', null],
			['triage', 'tracker']
		]);
		expect(world.shadowed).toEqual([
			{
				name: NAME,
				server: 'github',
				tool: 'create_issue',
				by: 'plugin:tracker',
				byPlugin: 'tracker'
			}
		]);
		const call = await world.callTool(NAME, { title: 'Bug', extra: 1 });
		expect(call).toMatchObject({
			state: 'completed',
			isError: false,
			output: 'Filed locally as LOCAL-7',
			plugin: 'tracker',
			builtin: true,
			server: '',
			// Nothing went out over MCP.
			sent: null
		});
		expect(toolsCalls(world.wire.entries)).toEqual([]);
		expect(call.stages.map((s) => s.stage)).toEqual(UNASKED_STAGES);
		expect(call.stages.find((s) => s.stage === 'executing')).toMatchObject({
			outcome: 'returned',
			detail: {
				input: {
					tool: NAME,
					server: '',
					arguments: { title: 'Bug' },
					builtin: true,
					plugin: 'tracker'
				}
			}
		});
		// The MCP tool it replaced is still on the server, but the model cannot reach it.
		await world.callTool('mcp__github__search');
		expect(toolsCalls(world.wire.entries)).toHaveLength(1);
	});

	it('answers the simulated servers’ default text when the plugin writes no result', async () => {
		const world = await started();
		const call = await world.callTool('triage', { any: 'x' });
		// No properties in the default schema: the input model drops every argument.
		expect(call).toMatchObject({ isError: false, output: 'triage called with {}' });
		expect(toolsCalls(world.wire.entries)).toEqual([]);
	});

	it('still validates its input and checks permission: plan mode blocks it (not read-only)', async () => {
		const world = await started();
		const invalid = await world.callTool(NAME, {});
		expect(invalid.isError).toBe(true);
		expect(invalid.output).toMatch(new RegExp(`^Invalid input for ${NAME}: 1 validation error`));
		expect(invalid.output).toContain('\ntitle\n  Field required [type=missing, input_value={}');
		await world.setPermissionMode('plan');
		const blocked = await world.callTool(NAME, { title: 'Bug' });
		expect(blocked).toMatchObject({ isError: true, output: PLAN });
		expect(blocked.stages.find((s) => s.stage === 'permission')?.outcome).toBe('deny');
		expect(blocked.stages.some((s) => s.stage === 'executing')).toBe(false);
		expect(toolsCalls(world.wire.entries)).toEqual([]);
	});

	it('stays available after the server it shadows is killed (and reconnect_all fails it)', async () => {
		const world = await started();
		await world.kill('github');
		await world.reconnectAll();
		expect(world.servers().find((s) => s.name === 'github')?.status).toBe('failed');
		const entries = new Map(world.registry.map((e) => [e.name, e]));
		expect(entries.get(NAME)).toMatchObject({ available: true, plugin: 'tracker' });
		expect(entries.get('mcp__github__search')?.available).toBe(false);
		const call = await world.callTool(NAME, { title: 'Bug' });
		expect(call).toMatchObject({ isError: false, output: 'Filed locally as LOCAL-7' });
		expect((await world.callTool('mcp__github__search')).output).toBe(
			"MCP server 'github' is not connected: Connection closed"
		);
	});

	it('names its plugin in the embed snapshot, beside the contract’s five fields', async () => {
		const world = await started();
		const registry = worldSnapshot(world, { lab: 'x', step: 0 }).registry;
		expect(registry.find((e) => e.name === NAME)).toEqual({
			name: NAME,
			server: '',
			tool: NAME,
			readOnly: false,
			available: true,
			plugin: 'tracker'
		});
		expect(registry.find((e) => e.name === 'mcp__github__search')).not.toHaveProperty('plugin');
	});
});
