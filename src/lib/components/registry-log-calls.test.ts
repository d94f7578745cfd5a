import { render } from 'svelte/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { parseScenario } from '$lib/core/scenario/parse';
import { WorldState } from '$lib/state/world-state.svelte';
import CallPanel from './CallPanel.svelte';
import RegistryBuiltins from './RegistryBuiltins.svelte';
import RegistryPanel from './RegistryPanel.svelte';
import WireLog from './WireLog.svelte';
import { html, text } from './test-support/render';

const input = {
	mcp_servers: {
		filesystem: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@modelcontextprotocol/server-filesystem', '/data']
		},
		'internal-api': {
			type: 'http',
			url: 'https://internal.example/mcp',
			sim: {
				tools: [
					{
						name: 'search.orders',
						inputSchema: {
							type: 'object',
							properties: { q: { type: 'string' } },
							required: ['q']
						},
						result: { content: [{ type: 'text', text: 'order 42' }] }
					},
					{ name: 'delete', result: { content: [{ type: 'text', text: 'boom' }], isError: true } }
				]
			}
		},
		realtime: { type: 'ws', url: 'wss://realtime.example/mcp' }
	}
};

const FS_TOOLS = [
	'mcp__filesystem__read_file',
	'mcp__filesystem__write_file',
	'mcp__filesystem__list_directory'
];

/** The text of the table row whose header cell is this adapted name. */
function row(markup: string, name: string): string {
	const body = markup.slice(markup.indexOf('<tbody'), markup.indexOf('</tbody>'));
	const rows = body
		.split('<tr')
		.map((r) => text(`<tr${r}`).trim())
		.filter((r) => r.startsWith(`${name} `));
	expect(rows, `one registry row for ${name}`).toHaveLength(1);
	return rows[0];
}

let world: WorldState;
beforeEach(() => {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	world = new WorldState(parsed.scenario);
});
afterEach(() => world.dispose());

describe('RegistryPanel', () => {
	it('asks to start the session before the first start-up', () => {
		expect(text(html(world, RegistryPanel))).toContain('No registry yet: start the session.');
	});

	it('shows what the model sees after start-up: adapted names, available, never read-only', async () => {
		await world.run((w) => w.startSession());
		const markup = html(world, RegistryPanel);
		expect(text(markup)).toContain('Snapshot #1 of 1');
		expect(row(markup, 'mcp__filesystem__read_file')).toBe(
			'mcp__filesystem__read_file filesystem read_file no yes'
		);
		expect(row(markup, 'mcp__internal-api__search_orders')).toContain('search.orders');
		expect(markup).not.toContain('mcp__realtime__');
		expect(text(markup)).toContain('Changes from an empty registry');
		expect(text(markup)).not.toContain('OpenHarness builds its registry once per session');
	});

	it('shows OpenHarness’s built-in resource tools apart, first, read-only and always available', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.kill('filesystem'));
		await world.run((w) => w.reconnectAll());
		const markup = html(world, RegistryPanel);
		// Not rows of the MCP table, and never unavailable, even in snapshot #2.
		const table = markup.slice(markup.indexOf('<tbody'), markup.indexOf('</tbody>'));
		expect(table).not.toContain('mcp_resource');
		expect(text(markup).split('Became unavailable')[1]).not.toContain('mcp_resource');
		// Their group (a lazily loaded component) lists them with what they are.
		const builtins = world.registry!.entries.filter((e) => e.builtin);
		const group = text(render(RegistryBuiltins, { props: { entries: builtins } }).body);
		expect(group).toContain(
			'Harness built-ins, registered first OpenHarness’s own tools, not a server’s: read-only and always available. They are the model’s only way to MCP resources'
		);
		expect(group).toContain(
			'list_mcp_resources — read-only, always available read_mcp_resource — read-only, always available'
		);
		expect(group).not.toContain('No MCP tools');
		// A registry of built-ins only is not "empty": the model still has these two.
		const alone = text(
			render(RegistryBuiltins, { props: { entries: builtins, alone: true } }).body
		);
		expect(alone).toContain('No MCP tools: the model sees only the harness built-ins.');
	});

	it('after a kill and a reconnect, snapshot #2 keeps the filesystem tools but unavailable', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.kill('filesystem'));
		await world.run((w) => w.reconnectAll());
		const markup = html(world, RegistryPanel);
		const shown = text(markup);
		expect(shown).toContain('Snapshot #2 of 2');
		expect(shown).toContain('Changes from snapshot #1 to #2');
		const becameUnavailable = shown.split('Became unavailable')[1];
		for (const name of FS_TOOLS) {
			expect(becameUnavailable).toContain(name);
			expect(row(markup, name)).toContain('unavailable — server not connected');
		}
		expect(row(markup, 'mcp__internal-api__search_orders')).toMatch(/ no yes$/);
		expect(shown).toContain(
			'OpenHarness builds its registry once per session: after a reconnect, tools of a server that is gone stay visible to the model, and calling them fails.'
		);
		expect(markup).toMatch(/<option value="2"[^>]*selected[^>]*>/);
	});
});

describe('CallPanel', () => {
	it('lists the registry and prefills arguments from the inputSchema', async () => {
		await world.run((w) => w.startSession());
		const shown = text(html(world, CallPanel));
		expect(shown).toContain('Errors come back to the model as tool results; the run continues.');
		expect(shown).toContain('{ "path": "example" }');
		expect(shown).toContain('No calls yet.');
	});

	it('shows the exact error text the model receives after the server was killed', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.kill('filesystem'));
		await world.run((w) => w.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' }));
		await world.run((w) => w.callTool('mcp__nope__x', {}));
		const shown = text(html(world, CallPanel));
		expect(shown).toContain(
			"c1 mcp__filesystem__read_file completed ⚠ error result What the model receives MCP server 'filesystem' call failed: "
		);
		expect(shown).toContain(
			'c2 mcp__nope__x completed ⚠ error result What the model receives Unknown tool: mcp__nope__x'
		);
		// Newest first.
		expect(shown.indexOf('c2 ')).toBeLessThan(shown.indexOf('c1 '));
	});

	it('shows a tool error result as success, as OpenHarness ignores isError', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.callTool('mcp__internal-api__delete', {}));
		const shown = text(html(world, CallPanel));
		expect(shown).toContain('c1 mcp__internal-api__delete completed What the model receives boom');
		expect(shown).not.toContain('error result');
	});

	it('offers the MCP tools first and the harness built-ins in a group of their own', async () => {
		await world.run((w) => w.startSession());
		const markup = html(world, CallPanel).replace(/<!--[\s\S]*?-->/g, '');
		const options = [...markup.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
		expect(options.slice(0, 2)).toEqual([
			'mcp__filesystem__read_file',
			'mcp__filesystem__write_file'
		]);
		expect(markup).toMatch(
			/<optgroup label="Harness built-ins">\s*<option value="list_mcp_resources"[^>]*>list_mcp_resources<\/option>\s*<option value="read_mcp_resource"[^>]*>read_mcp_resource<\/option>/
		);
		// The first MCP tool stays the one picked, with its example arguments.
		expect(markup).toMatch(/<option value="mcp__filesystem__read_file"[^>]*selected/);
	});

	it('marks tools of a gone server as unavailable in the tool list', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.kill('filesystem'));
		await world.run((w) => w.reconnectAll());
		expect(text(html(world, CallPanel))).toContain('mcp__filesystem__read_file (unavailable)');
	});
});

describe('WireLog', () => {
	it('says so before any traffic', () => {
		expect(text(html(world, WireLog))).toContain('No messages yet.');
	});

	it('shows the real handshake and the Method not found answer to resources/list', async () => {
		await world.run((w) => w.startSession());
		const shown = text(html(world, WireLog));
		expect(shown).toMatch(/#1 t=0 ms filesystem — transport opened/);
		// The arrow is for the eye (aria-hidden); the words after it are what a screen reader says.
		expect(shown).toMatch(
			/#2 t=0 ms filesystem host → server to the server request initialize id=0/
		);
		expect(shown).toContain('host → server to the server notification notifications/initialized');
		expect(shown).toMatch(
			/internal-api server → host to the host error response id=2 error -32601: Method not found \(answers resources\/list\)/
		);
		// The realtime ws server is never attempted, so it never appears on the wire.
		expect(shown).not.toMatch(/t=\d+ ms realtime/);
		// In Chinese, the request it answers is in full-width brackets.
		overwriteGetLocale(() => 'zh-CN');
		expect(text(html(world, WireLog))).toContain(
			'错误响应 id=2 error -32601: Method not found （回应 resources/list）'
		);
	});

	it('logs a kill as a transport event', async () => {
		await world.run((w) => w.startSession());
		await world.run((w) => w.kill('filesystem'));
		expect(text(html(world, WireLog))).toMatch(/filesystem — process killed/);
	});
});

describe('a registry of many tools', () => {
	it('shows the first 200 rows and every unavailable one, with a way to show all', async () => {
		const tools = Array.from({ length: 250 }, (_, i) => ({ name: `t${i}` }));
		const parsed = parseScenario({
			mcp_servers: {
				big: { type: 'stdio', command: 'x', sim: { tools } },
				small: { type: 'stdio', command: 'y', sim: { tools: [{ name: 'only' }] } }
			}
		});
		if (!parsed.ok) throw new Error('invalid');
		const state = new WorldState(parsed.scenario);
		await state.run((w) => w.startSession());
		const before = text(html(state, RegistryPanel));
		expect(before).toContain('Showing 200 of 251 tools.');
		expect(before).toContain('Show all 251');
		// The first snapshot adds the two built-ins too: 253 names, 50 listed.
		expect(before).toContain('… and 203 more');
		const tableOf = (markup: string) =>
			markup.slice(markup.indexOf('<tbody'), markup.indexOf('</tbody>'));
		expect(tableOf(html(state, RegistryPanel))).not.toContain('mcp__small__only');
		await state.run((w) => w.kill('small'));
		await state.run((w) => w.reconnectAll());
		// The unavailable entry past the limit is still listed.
		expect(text(html(state, RegistryPanel))).toContain('Showing 201 of 251 tools.');
		expect(row(html(state, RegistryPanel), 'mcp__small__only')).toContain('unavailable');
		state.dispose();
	});
});
