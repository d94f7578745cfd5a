import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../scenario/schema';
import { worldSnapshot } from './snapshot';
import { makeWorld, startedWorlds, toolSourceScenario } from './test-world';
import type { WireEntry } from './wire';
import { UNASKED_STAGES } from '../machines/test-stages';

// OpenHarness's built-in list_mcp_resources / read_mcp_resource, end to end on real SDK servers.

const GUIDE = 'file:///docs/guide.md';
const LOGO = 'file:///docs/logo.png';
const LOGO_BLOB = 'iVBORw0KGgoAAAANSUhEUgAAAAE=';

const scenario: ScenarioInput = {
	profile: 'openharness',
	mcp_servers: {
		// Config order is not sorted order: the listing follows the sorted names.
		zeta: {
			type: 'stdio',
			command: 'zeta-mcp',
			sim: {
				tools: [{ name: 'ping' }],
				resources: [{ uri: 'zeta://notes', name: 'notes', description: 'Team notes', text: 'z' }]
			}
		},
		docs: {
			type: 'stdio',
			command: 'docs-mcp',
			sim: {
				resources: [
					{ uri: GUIDE, name: 'guide', description: 'How to', text: '\n  # Guide\nRead me.  \n' },
					{ uri: LOGO, name: 'logo', mimeType: 'image/png', blob: LOGO_BLOB }
				]
			}
		},
		// No resources capability: resources/list is Method not found, and it stays connected.
		legacy: { type: 'stdio', command: 'legacy-mcp', sim: { tools: [{ name: 'status' }] } },
		realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp' }
	}
};

const started = startedWorlds(scenario);

const LISTING = [
	'docs:file:///docs/guide.md How to',
	'docs:file:///docs/logo.png',
	'zeta:zeta://notes Team notes'
].join('\n');

function requests(entries: readonly WireEntry[], method: string) {
	return entries.filter(
		(e) =>
			e.kind === 'message' &&
			e.dir === 'to-server' &&
			'method' in e.message &&
			e.message.method === method
	);
}

describe('OpenHarness built-ins: the registry', () => {
	it('registers list_mcp_resources and read_mcp_resource first, read-only, with no server', async () => {
		const world = await started();
		expect(world.registry.map((e) => e.name)).toEqual([
			'list_mcp_resources',
			'read_mcp_resource',
			'mcp__legacy__status',
			'mcp__zeta__ping'
		]);
		expect(world.registry.slice(0, 2)).toEqual([
			{
				name: 'list_mcp_resources',
				server: '',
				tool: 'list_mcp_resources',
				readOnly: true,
				available: true,
				builtin: true
			},
			{
				name: 'read_mcp_resource',
				server: '',
				tool: 'read_mcp_resource',
				readOnly: true,
				available: true,
				builtin: true
			}
		]);
		const [list, read] = world.registeredTools;
		expect(list.description).toBe('List MCP resources available from connected servers.');
		expect(read.description).toBe('Read an MCP resource by server and URI.');
		expect(list.inputSchema).toEqual({
			description: 'No-op input model for MCP resource listing.',
			properties: {},
			title: 'ListMcpResourcesToolInput',
			type: 'object'
		});
		expect(read.inputSchema).toEqual({
			description: 'Arguments for reading an MCP resource.',
			properties: {
				server: { description: 'MCP server name', title: 'Server', type: 'string' },
				uri: { description: 'Resource URI', title: 'Uri', type: 'string' }
			},
			required: ['server', 'uri'],
			title: 'ReadMcpResourceToolInput',
			type: 'object'
		});
	});

	it('gives the embed snapshot the built-ins in the contract shape, and keeps them available', async () => {
		const world = await started();
		await world.kill('zeta');
		await world.reconnectAll();
		const snapshot = worldSnapshot(world, { lab: 'x', step: 0 });
		expect(snapshot.registry.slice(0, 2)).toEqual([
			{
				name: 'list_mcp_resources',
				server: '',
				tool: 'list_mcp_resources',
				readOnly: true,
				available: true
			},
			{
				name: 'read_mcp_resource',
				server: '',
				tool: 'read_mcp_resource',
				readOnly: true,
				available: true
			}
		]);
		// Their availability never changes: no snapshot after the first names them.
		const names = ['list_mcp_resources', 'read_mcp_resource'];
		expect(world.registryHistory.map((r) => r.n)).toEqual([1, 2]);
		const { diff } = world.registryHistory[1];
		expect(diff.becameUnavailable).toEqual(['mcp__zeta__ping']);
		for (const list of [diff.added, diff.removed, diff.becameUnavailable, diff.becameAvailable])
			expect(list.filter((name) => names.includes(name))).toEqual([]);
	});

	it('records each resource as OpenHarness does: name or uri, description or empty', async () => {
		const world = await started();
		const docs = world.servers().find((s) => s.name === 'docs')!;
		expect(docs.connection.resources).toEqual([
			{ uri: GUIDE, name: 'guide', description: 'How to' },
			{ uri: LOGO, name: 'logo', description: '' }
		]);
	});

	it('does not give the ToolSource profile these tools', async () => {
		const world = makeWorld(toolSourceScenario);
		try {
			await world.startSession();
			expect(world.registry.length).toBeGreaterThan(0);
			expect(world.registry.some((e) => e.name.includes('mcp_resource'))).toBe(false);
			expect(world.registeredTools.some((t) => t.builtin)).toBe(false);
			const call = await world.callTool('list_mcp_resources');
			expect(call).toMatchObject({ isError: true, output: 'Unknown tool: list_mcp_resources' });
		} finally {
			world.dispose();
		}
	});
});

describe('OpenHarness built-ins: list_mcp_resources', () => {
	it('lists the recorded resources, servers in sorted order, without a trailing space', async () => {
		const world = await started();
		const before = world.wire.entries.length;
		const call = await world.callTool('list_mcp_resources', {});
		expect(call).toMatchObject({ state: 'completed', isError: false, output: LISTING, error: '' });
		// Nothing crosses any wire: it reads the statuses connect_all recorded.
		expect(world.wire.entries.length).toBe(before);
		expect(call.sent).toBeNull();
	});

	it('says (no MCP resources) when no status holds any, and drops unknown arguments', async () => {
		const world = makeWorld({
			mcp_servers: { legacy: { type: 'stdio', command: 'l', sim: { tools: [{ name: 's' }] } } }
		});
		try {
			await world.startSession();
			const call = await world.callTool('list_mcp_resources', { server: 'legacy' });
			expect(call).toMatchObject({ isError: false, output: '(no MCP resources)' });
			const validation = call.stages.find((s) => s.stage === 'validation');
			expect(validation?.detail).toMatchObject({ ok: true, sent: {}, dropped: ['server'] });
		} finally {
			world.dispose();
		}
	});

	it('still lists a killed server (stale status) until reconnect_all resets it', async () => {
		const world = await started();
		await world.kill('docs');
		expect((await world.callTool('list_mcp_resources')).output).toBe(LISTING);
		await world.reconnectAll();
		expect((await world.callTool('list_mcp_resources')).output).toBe(
			'zeta:zeta://notes Team notes'
		);
	});
});

describe('OpenHarness built-ins: read_mcp_resource', () => {
	it('reads a text resource with resources/read on the wire, stripped', async () => {
		const world = await started();
		const call = await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE });
		expect(call).toMatchObject({ isError: false, output: '# Guide\nRead me.', error: '' });
		expect(call.sent).toEqual({ server: 'docs', uri: GUIDE });
		const reads = requests(world.wire.entries, 'resources/read');
		expect(reads).toHaveLength(1);
		expect(reads[0]).toMatchObject({ server: 'docs', message: { params: { uri: GUIDE } } });
		const executing = call.stages.find((s) => s.stage === 'executing');
		expect(executing).toMatchObject({
			outcome: 'returned',
			detail: {
				input: {
					tool: 'read_mcp_resource',
					server: 'docs',
					arguments: { server: 'docs', uri: GUIDE },
					builtin: true
				},
				result: { contents: [{ uri: GUIDE, text: '\n  # Guide\nRead me.  \n' }] }
			}
		});
	});

	it('gives a blob as its base64 text, as it is', async () => {
		const world = await started();
		const call = await world.callTool('read_mcp_resource', { server: 'docs', uri: LOGO });
		expect(call).toMatchObject({ isError: false, output: LOGO_BLOB });
	});

	it('fails with the server error when the server lacks the resource', async () => {
		const world = await started();
		const call = await world.callTool('read_mcp_resource', { server: 'docs', uri: 'file:///x' });
		expect(call).toMatchObject({
			state: 'completed',
			isError: true,
			output:
				// The SDK server puts the prefix in the error's message and the client adds its own.
				"MCP server 'docs' resource read failed: MCP error -32602: Resource file:///x not found"
		});
		expect(call.stages.find((s) => s.stage === 'executing')?.outcome).toBe('read-failed');
		// The request went out and was answered; post hooks ran as for any executed tool.
		expect(call.sent).toEqual({ server: 'docs', uri: 'file:///x' });
		expect(call.stages.at(-1)?.stage).toBe('postToolUse');
	});

	it('a server without resources is still connected: its refusal is a read failure', async () => {
		const world = await started();
		expect(world.servers().find((s) => s.name === 'legacy')?.status).toBe('connected');
		const call = await world.callTool('read_mcp_resource', { server: 'legacy', uri: 'x://y' });
		expect(call.output).toBe("MCP server 'legacy' resource read failed: Method not found");
	});

	it('is refused before anything is sent for a failed, an unknown or a prototype-named server', async () => {
		const world = await started();
		const before = requests(world.wire.entries, 'resources/read').length;
		const failed = await world.callTool('read_mcp_resource', { server: 'realtime', uri: 'x' });
		expect(failed).toMatchObject({
			isError: true,
			output:
				"MCP server 'realtime' is not connected: Unsupported MCP transport in current build: ws",
			sent: null
		});
		for (const server of ['nope', 'constructor', '__proto__'])
			expect((await world.callTool('read_mcp_resource', { server, uri: 'x' })).output).toBe(
				`MCP server '${server}' is not connected: unknown server`
			);
		expect(requests(world.wire.entries, 'resources/read')).toHaveLength(before);
	});

	it('a server killed after connect: listed still, but the read fails with the exact text', async () => {
		const world = await started();
		await world.kill('docs');
		const call = await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE });
		expect(call).toMatchObject({
			isError: true,
			output: "MCP server 'docs' resource read failed: ",
			sent: null
		});
		await world.reconnectAll();
		expect((await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE })).output).toBe(
			"MCP server 'docs' is not connected: Connection closed"
		);
	});

	it('a hung server: the read times out on the simulated clock', async () => {
		const world = await started();
		await world.hang('docs');
		const before = world.clock.now;
		const call = await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE });
		expect(call.output).toBe("MCP server 'docs' resource read failed: Request timed out");
		expect(world.clock.now - before).toBe(30_000);
	});

	it('validates with its own pydantic model: the exact text', async () => {
		const world = await started();
		const call = await world.callTool('read_mcp_resource', { server: 1 });
		expect(call.output).toBe(
			[
				'Invalid input for read_mcp_resource: 2 validation errors for ReadMcpResourceToolInput',
				'server',
				'  Input should be a valid string [type=string_type, input_value=1, input_type=int]',
				'    For further information visit https://errors.pydantic.dev/2.13/v/string_type',
				'uri',
				"  Field required [type=missing, input_value={'server': 1}, input_type=dict]",
				'    For further information visit https://errors.pydantic.dev/2.13/v/missing'
			].join('\n')
		);
	});
});

describe('OpenHarness built-ins: the pipeline around them', () => {
	const withSettings = (extra: Partial<ScenarioInput>) => makeWorld({ ...scenario, ...extra });

	it('plan mode and default mode let the read-only built-ins run; an MCP tool is still stopped', async () => {
		for (const mode of ['plan', 'default'] as const) {
			const world = withSettings({ permissions: { mode } });
			try {
				await world.startSession();
				const read = await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE });
				expect(read.output).toBe('# Guide\nRead me.');
				expect(read.stages.find((s) => s.stage === 'permission')).toMatchObject({
					outcome: 'allow',
					detail: { rule: 'read-only', reason: 'read-only tools are allowed' }
				});
				const list = await world.callTool('list_mcp_resources');
				expect(list.output).toBe(LISTING);
			} finally {
				world.dispose();
			}
		}
		const plan = withSettings({ permissions: { mode: 'plan' } });
		try {
			await plan.startSession();
			expect((await plan.callTool('mcp__zeta__ping')).output).toBe(
				'Plan mode blocks mutating tools until the user exits plan mode'
			);
		} finally {
			plan.dispose();
		}
	});

	it('the credential-path rule reads path arguments only, not a uri', async () => {
		const world = withSettings({ permissions: { mode: 'default' } });
		try {
			await world.startSession();
			const call = await world.callTool('read_mcp_resource', {
				server: 'docs',
				uri: 'file:///home/user/.ssh/id_rsa'
			});
			expect(call.stages.find((s) => s.stage === 'permission')).toMatchObject({
				outcome: 'allow',
				detail: { filePath: null }
			});
			expect(call.output).toBe(
				"MCP server 'docs' resource read failed: MCP error -32602: Resource file:///home/user/.ssh/id_rsa not found"
			);
		} finally {
			world.dispose();
		}
	});

	it('denied_tools and hooks apply by the built-in name', async () => {
		const world = withSettings({
			permissions: { mode: 'full_auto', denied_tools: ['list_mcp_resources'] },
			hooks: { pre_tool_use: [{ matcher: 'read_mcp_*', block: true, reason: 'no reading' }] }
		});
		try {
			await world.startSession();
			expect((await world.callTool('list_mcp_resources')).output).toBe(
				'list_mcp_resources is explicitly denied'
			);
			const read = await world.callTool('read_mcp_resource', { server: 'docs', uri: GUIDE });
			expect(read.stages).toMatchObject([{ stage: 'preToolUse', outcome: 'blocked' }]);
			expect(read).toMatchObject({ isError: true, output: 'no reading' });
		} finally {
			world.dispose();
		}
	});

	it('a long resource goes through the result stage: truncated for the model, kept aside', async () => {
		const long = 'x'.repeat(20_000);
		const world = makeWorld({
			mcp_servers: {
				big: {
					type: 'stdio',
					command: 'b',
					sim: { resources: [{ uri: 'big://1', name: 'one', text: long }] }
				}
			}
		});
		try {
			await world.startSession();
			const call = await world.callTool('read_mcp_resource', { server: 'big', uri: 'big://1' });
			expect(call.output.startsWith('[Tool output truncated]')).toBe(true);
			expect(call.artifact?.text).toBe(long);
			expect(call.stages.map((s) => s.stage)).toEqual(UNASKED_STAGES);
		} finally {
			world.dispose();
		}
	});
});
