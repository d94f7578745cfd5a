import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../registry/registry';
import { adaptAll, getHost, hosts, type AdaptAllResult, type HostId, type ToolRef } from './hosts';

/**
 * Every expected name below was worked out by hand from each host's rule (and the hashes with
 * Python's hashlib, the function the OpenAI Agents SDK uses), never by calling the code under test.
 *
 * Columns: server, tool, OpenHarness, ToolSource, trust, Claude Code, OpenAI Agents with server
 * names, and pydantic-ai / langchain with the server as prefix (both `<server>_<tool>`, nothing
 * sanitised). MiniHarness and the unprefixed OpenAI Agents, pydantic-ai and langchain use the raw
 * tool name.
 */
type Row = [
	server: string,
	tool: string,
	openharness: string,
	toolsource: string,
	trust: string,
	claudeCode: string,
	openaiPrefixed: string,
	prefixed: string
];

const c55 = 'c'.repeat(55);
const x200 = 'x'.repeat(200);
const y200 = 'y'.repeat(200);
const x49 = 'x'.repeat(49);

const rows: Row[] = [
	[
		'internal-api',
		'search.orders',
		'mcp__internal-api__search_orders',
		'mcp.internal-api.search.orders',
		'mcp__internal-api__search.orders',
		'mcp__internal-api__search_orders',
		'mcp_internal-api__search_orders',
		'internal-api_search.orders'
	],
	[
		'filesystem',
		'read_file',
		'mcp__filesystem__read_file',
		'mcp.filesystem.read_file',
		'mcp__filesystem__read_file',
		'mcp__filesystem__read_file',
		'mcp_filesystem__read_file',
		'filesystem_read_file'
	],
	[
		'srv',
		'2fa',
		'mcp__srv__mcp_2fa',
		'mcp.srv.2fa',
		'mcp__srv__2fa',
		'mcp__srv__2fa',
		'mcp_srv__2fa',
		'srv_2fa'
	],
	['', '', 'mcp__tool__tool', 'mcp..', 'mcp____', 'mcp____', 'mcp_server__tool', ''],
	['srv', '', 'mcp__srv__tool', 'mcp.srv.', 'mcp__srv__', 'mcp__srv__', 'mcp_srv__tool', 'srv_'],
	[
		'',
		'ping',
		'mcp__tool__ping',
		'mcp..ping',
		'mcp____ping',
		'mcp____ping',
		'mcp_server__ping',
		'ping'
	],
	[
		'_private',
		'tool',
		'mcp__mcp__private__tool',
		'mcp._private.tool',
		'mcp___private__tool',
		'mcp___private__tool',
		'mcp_private__tool',
		'_private_tool'
	],
	[
		'-x',
		'-y-',
		'mcp__mcp_-x__mcp_-y-',
		'mcp.-x.-y-',
		'mcp__-x__-y-',
		'mcp__-x__-y-',
		'mcp_x__y',
		'-x_-y-'
	],
	[
		'9lives',
		'007',
		'mcp__mcp_9lives__mcp_007',
		'mcp.9lives.007',
		'mcp__9lives__007',
		'mcp__9lives__007',
		'mcp_9lives__007',
		'9lives_007'
	],
	[
		'my server',
		'do thing',
		'mcp__my_server__do_thing',
		'mcp.my server.do thing',
		'mcp__my server__do thing',
		'mcp__my_server__do_thing',
		'mcp_my_server__do_thing',
		'my server_do thing'
	],
	[
		'github:search',
		'search_code',
		'mcp__github_search__search_code',
		'mcp.github:search.search_code',
		'mcp__github:search__search_code',
		'mcp__github_search__search_code',
		'mcp_github_search__search_code',
		'github:search_search_code'
	],
	[
		'a/b',
		'c/d',
		'mcp__a_b__c_d',
		'mcp.a/b.c/d',
		'mcp__a/b__c/d',
		'mcp__a_b__c_d',
		'mcp_a_b__c_d',
		'a/b_c/d'
	],
	[
		'读文件',
		'读文件',
		'mcp__mcp______mcp____',
		'mcp.读文件.读文件',
		'mcp__读文件__读文件',
		'mcp__________',
		'mcp_server__tool',
		'读文件_读文件'
	],
	[
		'srv',
		'a😀b',
		'mcp__srv__a_b',
		'mcp.srv.a😀b',
		'mcp__srv__a😀b',
		'mcp__srv__a__b',
		'mcp_srv__a_b',
		'srv_a😀b'
	],
	[
		'café',
		'résumé',
		'mcp__caf___r_sum_',
		'mcp.café.résumé',
		'mcp__café__résumé',
		'mcp__caf___r_sum_',
		'mcp_caf__r_sum',
		'café_résumé'
	],
	[
		'MyServer',
		'GetItem',
		'mcp__MyServer__GetItem',
		'mcp.MyServer.GetItem',
		'mcp__MyServer__GetItem',
		'mcp__MyServer__GetItem',
		'mcp_MyServer__GetItem',
		'MyServer_GetItem'
	],
	[
		'claude.ai Slack',
		'send message',
		'mcp__claude_ai_Slack__send_message',
		'mcp.claude.ai Slack.send message',
		'mcp__claude.ai Slack__send message',
		'mcp__claude_ai_Slack__send_message',
		'mcp_claude_ai_Slack__send_message',
		'claude.ai Slack_send message'
	],
	[
		'a__b',
		'c',
		'mcp__a__b__c',
		'mcp.a__b.c',
		'mcp__a__b__c',
		'mcp__a__b__c',
		'mcp_a__b__c',
		'a__b_c'
	],
	[
		'srv',
		'tool.v2.beta',
		'mcp__srv__tool_v2_beta',
		'mcp.srv.tool.v2.beta',
		'mcp__srv__tool.v2.beta',
		'mcp__srv__tool_v2_beta',
		'mcp_srv__tool_v2_beta',
		'srv_tool.v2.beta'
	],
	[
		'srv',
		' lead',
		'mcp__srv__mcp__lead',
		'mcp.srv. lead',
		'mcp__srv__ lead',
		'mcp__srv___lead',
		'mcp_srv__lead',
		'srv_ lead'
	],
	[
		'srv',
		'tab\there',
		'mcp__srv__tab_here',
		'mcp.srv.tab\there',
		'mcp__srv__tab\there',
		'mcp__srv__tab_here',
		'mcp_srv__tab_here',
		'srv_tab\there'
	],
	[
		'srv',
		'e\u0301',
		'mcp__srv__e_',
		'mcp.srv.e\u0301',
		'mcp__srv__e\u0301',
		'mcp__srv__e_',
		'mcp_srv__e',
		'srv_e\u0301'
	],
	[
		'srv',
		'\u202eevil',
		'mcp__srv__mcp__evil',
		'mcp.srv.\u202eevil',
		'mcp__srv__\u202eevil',
		'mcp__srv___evil',
		'mcp_srv__evil',
		'srv_\u202eevil'
	],
	[
		'srv',
		'get-item',
		'mcp__srv__get-item',
		'mcp.srv.get-item',
		'mcp__srv__get-item',
		'mcp__srv__get-item',
		'mcp_srv__get-item',
		'srv_get-item'
	],
	[
		'__',
		'--',
		'mcp__mcp_____mcp_--',
		'mcp.__.--',
		'mcp______--',
		'mcp______--',
		'mcp_server__tool',
		'___--'
	],
	[
		'😀',
		'🎉',
		'mcp__mcp____mcp__',
		'mcp.😀.🎉',
		'mcp__😀__🎉',
		'mcp________',
		'mcp_server__tool',
		'😀_🎉'
	],
	[
		'srv',
		'tool_',
		'mcp__srv__tool_',
		'mcp.srv.tool_',
		'mcp__srv__tool_',
		'mcp__srv__tool_',
		'mcp_srv__tool',
		'srv_tool_'
	],
	[
		'srv',
		'_',
		'mcp__srv__mcp__',
		'mcp.srv._',
		'mcp__srv___',
		'mcp__srv___',
		'mcp_srv__tool',
		'srv__'
	],
	[
		's p a c e',
		'',
		'mcp__s_p_a_c_e__tool',
		'mcp.s p a c e.',
		'mcp__s p a c e__',
		'mcp__s_p_a_c_e__',
		'mcp_s_p_a_c_e__tool',
		's p a c e_'
	],
	[
		'ab',
		c55,
		`mcp__ab__${c55}`,
		`mcp.ab.${c55}`,
		`mcp__ab__${c55}`,
		`mcp__ab__${c55}`,
		`mcp_ab__${c55}`,
		`ab_${c55}`
	],
	[
		'abc',
		c55,
		`mcp__abc__${c55}`,
		`mcp.abc.${c55}`,
		`mcp__abc__${c55}`,
		`mcp__abc__${c55}`,
		`mcp_abc__${c55}`,
		`abc_${c55}`
	],
	[
		'abcd',
		c55,
		`mcp__abcd__${c55}`,
		`mcp.abcd.${c55}`,
		`mcp__abcd__${c55}`,
		`mcp__abcd__${c55}`,
		`mcp_abcd__${'c'.repeat(45)}_d0ce2ff8`,
		`abcd_${c55}`
	],
	// 200 characters: no cap anywhere but OpenAI Agents (55 kept + `_` + 8 hex of SHA-1).
	[
		's',
		x200,
		`mcp__s__${x200}`,
		`mcp.s.${x200}`,
		`mcp__s__${x200}`,
		`mcp__s__${x200}`,
		`mcp_s__${'x'.repeat(48)}_98c27732`,
		`s_${x200}`
	],
	[
		y200,
		't',
		`mcp__${y200}__t`,
		`mcp.${y200}.t`,
		`mcp__${y200}__t`,
		`mcp__${y200}__t`,
		`mcp_${'y'.repeat(51)}_0eb93675`,
		`${y200}_t`
	],
	// The 55-character cut ends in `__`, which is stripped before the suffix: 62 characters.
	[
		x49,
		'tool_name_that_is_long',
		`mcp__${x49}__tool_name_that_is_long`,
		`mcp.${x49}.tool_name_that_is_long`,
		`mcp__${x49}__tool_name_that_is_long`,
		`mcp__${x49}__tool_name_that_is_long`,
		`mcp_${x49}_cf1c1773`,
		`${x49}_tool_name_that_is_long`
	],
	// A claude.ai connector: runs of `_` collapse and the ends are trimmed (Claude Code only).
	[
		'claude.ai  My..Server ',
		'x',
		'mcp__claude_ai__My__Server___x',
		'mcp.claude.ai  My..Server .x',
		'mcp__claude.ai  My..Server __x',
		'mcp__claude_ai_My_Server__x',
		'mcp_claude_ai__My__Server__x',
		'claude.ai  My..Server _x'
	]
];

const name = (host: HostId, server: string, tool: string, prefix = false) =>
	getHost(host).adapt(server, tool, { prefix });

describe('adapted names, every host', () => {
	it('covers at least 30 pairs', () => {
		expect(rows.length).toBeGreaterThanOrEqual(30);
	});

	it.each(rows)('(%j, %j)', (server, tool, oh, ts, trust, cc, openai, prefixed) => {
		expect(name('openharness', server, tool)).toBe(oh);
		expect(name('toolsource', server, tool)).toBe(ts);
		expect(name('trust', server, tool)).toBe(trust);
		expect(name('claude-code', server, tool)).toBe(cc);
		expect(name('openai-agents', server, tool, true)).toBe(openai);
		expect(name('pydantic-ai', server, tool, true)).toBe(prefixed);
		expect(name('langchain', server, tool, true)).toBe(prefixed);
		// Raw names: the tool exactly as listed, whatever it contains.
		expect(name('miniharness', server, tool)).toBe(tool);
		expect(name('openai-agents', server, tool)).toBe(tool);
		expect(name('pydantic-ai', server, tool)).toBe(tool);
		expect(name('langchain', server, tool)).toBe(tool);
		// The prefix option only concerns the three hosts that offer one.
		expect(name('openharness', server, tool, true)).toBe(oh);
		expect(name('miniharness', server, tool, true)).toBe(tool);
	});

	it('lists each host once, with its product name', () => {
		expect(hosts.map((h) => [h.id, h.label])).toEqual([
			['openharness', 'OpenHarness'],
			['toolsource', 'ToolSource harness'],
			['trust', 'Connector trust harness'],
			['miniharness', 'MiniHarness'],
			['claude-code', 'Claude Code'],
			['openai-agents', 'OpenAI Agents SDK'],
			['pydantic-ai', 'pydantic-ai'],
			['langchain', 'langchain-mcp-adapters']
		]);
	});
});

const OPENAI_HINT =
	'. Pass `include_server_in_tool_names=True` to `MCPUtil.get_all_function_tools()` or set ' +
	"`mcp_config={'include_server_in_tool_names': True}` on the agent to prefix tool names with " +
	'their server name and avoid collisions.';
const PYDANTIC_HINT = 'Set the `tool_prefix` attribute to avoid name conflicts.';

const pairs = (...list: [string, string][]): ToolRef[] =>
	list.map(([server, tool]) => ({ server, tool }));

/** A result in short: each collision's name, the tools by input position, and what happened. */
function summary(result: AdaptAllResult) {
	return {
		collisions: result.collisions.map((c) => ({
			name: c.name,
			involved: c.involved.map((t) => t.index),
			outcome:
				c.outcome.kind === 'winner'
					? { winner: c.outcome.index }
					: c.outcome.kind === 'error'
						? { error: c.outcome.message }
						: c.outcome.kind === 'refused'
							? { refused: c.outcome.message }
							: c.outcome.kind === 'renamed'
								? { renamed: c.outcome.names }
								: 'kept-both'
		})),
		exposed: result.entries.map((e) => e.exposed),
		loadError: result.loadError
	};
}

const none = (n: number) => ({ collisions: [], exposed: Array(n).fill(true), loadError: null });

describe('collisions: two servers whose names adapt to one name', () => {
	// `.` and `_` both become `_` for OpenHarness; `.` (U+002E) sorts before `_` (U+005F).
	const tools = pairs(['internal.api', 'search_orders'], ['internal_api', 'search_orders']);
	const OH = 'mcp__internal_api__search_orders';

	it.each<[HostId, boolean, ReturnType<typeof summary>]>([
		[
			'openharness',
			false,
			{
				collisions: [{ name: OH, involved: [0, 1], outcome: { winner: 1 } }],
				exposed: [false, true],
				loadError: null
			}
		],
		['toolsource', false, none(2)],
		['trust', false, none(2)],
		[
			'miniharness',
			false,
			{
				collisions: [{ name: 'search_orders', involved: [0, 1], outcome: { winner: 0 } }],
				exposed: [true, false],
				loadError: null
			}
		],
		[
			'claude-code',
			false,
			{
				collisions: [{ name: OH, involved: [0, 1], outcome: { winner: 0 } }],
				exposed: [true, false],
				loadError: null
			}
		],
		[
			'openai-agents',
			false,
			{
				collisions: [
					{
						name: 'search_orders',
						involved: [0, 1],
						outcome: {
							error: `Duplicate tool names found across MCP servers: search_orders${OPENAI_HINT}`
						}
					}
				],
				exposed: [false, false],
				loadError: `Duplicate tool names found across MCP servers: search_orders${OPENAI_HINT}`
			}
		],
		[
			'openai-agents',
			true,
			{
				collisions: [
					{
						name: 'mcp_internal_api__search_orders',
						involved: [0, 1],
						outcome: {
							renamed: [
								'mcp_internal_api__search_orders_fc1878a7',
								'mcp_internal_api__search_orders_bf49341c'
							]
						}
					}
				],
				exposed: [true, true],
				loadError: null
			}
		],
		[
			'pydantic-ai',
			false,
			{
				collisions: [
					{
						name: 'search_orders',
						involved: [0, 1],
						outcome: {
							error:
								"MCP server 'internal_api' defines a tool whose name conflicts with existing tool " +
								`from MCP server 'internal.api': 'search_orders'. ${PYDANTIC_HINT}`
						}
					}
				],
				exposed: [false, false],
				loadError:
					"MCP server 'internal_api' defines a tool whose name conflicts with existing tool " +
					`from MCP server 'internal.api': 'search_orders'. ${PYDANTIC_HINT}`
			}
		],
		['pydantic-ai', true, none(2)],
		[
			'langchain',
			false,
			{
				collisions: [{ name: 'search_orders', involved: [0, 1], outcome: 'kept-both' }],
				exposed: [true, true],
				loadError: null
			}
		],
		['langchain', true, none(2)]
	])('%s (prefix %s)', (host, prefix, expected) => {
		expect(summary(adaptAll(tools, host, { prefix }))).toEqual(expected);
	});

	it('gives the renamed OpenAI Agents tools their hashed names, within the provider limit', () => {
		const { entries } = adaptAll(tools, 'openai-agents', { prefix: true });
		expect(entries.map((e) => [e.name, e.valid])).toEqual([
			['mcp_internal_api__search_orders_fc1878a7', true],
			['mcp_internal_api__search_orders_bf49341c', true]
		]);
	});

	it('lets a MiniHarness priority list pick the winner', () => {
		const result = adaptAll(tools, 'miniharness', { priority: ['internal_api'] });
		expect(summary(result).collisions).toEqual([
			{ name: 'search_orders', involved: [1, 0], outcome: { winner: 1 } }
		]);
	});

	it('agrees with the OpenHarness registry the lab builds', () => {
		const built = buildRegistry(
			tools.map((t) => ({
				server: t.server,
				status: 'connected' as const,
				tools: [{ name: t.tool, description: '', inputSchema: {} }]
			}))
		);
		expect(built.tools.map((t) => [t.name, t.server])).toEqual([[OH, 'internal_api']]);
	});
});

describe('collisions: `__` inside names', () => {
	// Both are mcp__a__b__c for OpenHarness, Claude Code and the unsanitised trust harness.
	const tools = pairs(['a__b', 'c'], ['a', 'b__c']);

	it.each<[HostId, boolean, ReturnType<typeof summary>]>([
		// Sorted registration puts `a` before `a__b`, so the first pair registers last and wins.
		[
			'openharness',
			false,
			{
				collisions: [{ name: 'mcp__a__b__c', involved: [1, 0], outcome: { winner: 0 } }],
				exposed: [true, false],
				loadError: null
			}
		],
		[
			'trust',
			false,
			{
				collisions: [{ name: 'mcp__a__b__c', involved: [0, 1], outcome: { winner: 1 } }],
				exposed: [false, true],
				loadError: null
			}
		],
		[
			'claude-code',
			false,
			{
				collisions: [{ name: 'mcp__a__b__c', involved: [0, 1], outcome: { winner: 0 } }],
				exposed: [true, false],
				loadError: null
			}
		],
		[
			'openai-agents',
			true,
			{
				collisions: [
					{
						name: 'mcp_a__b__c',
						involved: [0, 1],
						outcome: { renamed: ['mcp_a__b__c_36cc4720', 'mcp_a__b__c_feb530ad'] }
					}
				],
				exposed: [true, true],
				loadError: null
			}
		],
		['toolsource', false, none(2)],
		['miniharness', false, none(2)],
		['openai-agents', false, none(2)],
		['pydantic-ai', true, none(2)],
		['langchain', true, none(2)]
	])('%s (prefix %s)', (host, prefix, expected) => {
		expect(summary(adaptAll(tools, host, { prefix }))).toEqual(expected);
	});
});

describe('collisions: dots (ToolSource) and prefixes (pydantic-ai, langchain)', () => {
	it('ToolSource registers neither tool named mcp.a.b.c, and keeps the rest (the lab’s illustration)', () => {
		const tools = pairs(['a.b', 'c'], ['a', 'b.c'], ['a', 'd']);
		const message =
			"mcp.a.b.c is not registered: more than one tool has this name (server 'a.b' tool 'c', " +
			"server 'a' tool 'b.c')";
		expect(summary(adaptAll(tools, 'toolsource'))).toEqual({
			collisions: [{ name: 'mcp.a.b.c', involved: [0, 1], outcome: { refused: message } }],
			exposed: [false, false, true],
			loadError: null
		});
		for (const host of ['openharness', 'claude-code', 'trust'] as const)
			expect(adaptAll(tools, host).collisions).toEqual([]);
	});

	it('pydantic-ai fails on a_b_c from two prefixed servers; langchain keeps both', () => {
		const tools = pairs(['a', 'b_c'], ['a_b', 'c']);
		const message =
			"MCP server 'a_b' defines a tool whose name conflicts with existing tool from MCP server " +
			`'a': 'a_b_c'. ${PYDANTIC_HINT}`;
		expect(summary(adaptAll(tools, 'pydantic-ai', { prefix: true }))).toEqual({
			collisions: [{ name: 'a_b_c', involved: [0, 1], outcome: { error: message } }],
			exposed: [false, false],
			loadError: message
		});
		expect(summary(adaptAll(tools, 'langchain', { prefix: true }))).toEqual({
			collisions: [{ name: 'a_b_c', involved: [0, 1], outcome: 'kept-both' }],
			exposed: [true, true],
			loadError: null
		});
		expect(adaptAll(tools, 'openai-agents', { prefix: true }).entries.map((e) => e.name)).toEqual([
			'mcp_a__b_c',
			'mcp_a_b__c'
		]);
	});

	it('pydantic-ai quotes a name with an apostrophe the way Python’s repr does', () => {
		const tools = pairs(['x', "it's"], ['y', "it's"]);
		expect(adaptAll(tools, 'pydantic-ai').loadError).toBe(
			"MCP server 'y' defines a tool whose name conflicts with existing tool from MCP server " +
				`'x': "it's". ${PYDANTIC_HINT}`
		);
	});
});

describe('collisions: one server, two names that sanitise alike', () => {
	const tools = pairs(['srv', 'a.b'], ['srv', 'a b']);

	it.each<[HostId, boolean, ReturnType<typeof summary>]>([
		[
			'openharness',
			false,
			{
				collisions: [{ name: 'mcp__srv__a_b', involved: [0, 1], outcome: { winner: 1 } }],
				exposed: [false, true],
				loadError: null
			}
		],
		[
			'claude-code',
			false,
			{
				collisions: [{ name: 'mcp__srv__a_b', involved: [0, 1], outcome: { winner: 0 } }],
				exposed: [true, false],
				loadError: null
			}
		],
		[
			'openai-agents',
			true,
			{
				collisions: [
					{
						name: 'mcp_srv__a_b',
						involved: [0, 1],
						outcome: { renamed: ['mcp_srv__a_b_6499632b', 'mcp_srv__a_b_fa735fd1'] }
					}
				],
				exposed: [true, true],
				loadError: null
			}
		],
		['openai-agents', false, none(2)],
		['pydantic-ai', false, none(2)],
		['miniharness', false, none(2)]
	])('%s (prefix %s)', (host, prefix, expected) => {
		expect(summary(adaptAll(tools, host, { prefix }))).toEqual(expected);
	});
});

describe('collisions: one server listing the same tool twice', () => {
	const tools = pairs(['srv', 'x'], ['srv', 'x']);

	it('is an OpenAI Agents error in both modes', () => {
		for (const prefix of [false, true])
			expect(adaptAll(tools, 'openai-agents', { prefix }).loadError).toBe(
				'Duplicate tool names found on MCP server `srv`: x'
			);
	});

	it('is silent for pydantic-ai: the server’s own dict keeps the later one', () => {
		expect(summary(adaptAll(tools, 'pydantic-ai'))).toEqual({
			collisions: [{ name: 'x', involved: [0, 1], outcome: { winner: 1 } }],
			exposed: [false, true],
			loadError: null
		});
	});
});

describe('more than two tools', () => {
	it('MiniHarness: priority order, unlisted servers last in input order', () => {
		const tools = pairs(['low', 'search'], ['high', 'search'], ['mid', 'search']);
		expect(summary(adaptAll(tools, 'miniharness', { priority: ['high', 'mid'] }))).toEqual({
			collisions: [{ name: 'search', involved: [1, 2, 0], outcome: { winner: 1 } }],
			exposed: [false, true, false],
			loadError: null
		});
		expect(summary(adaptAll(tools, 'miniharness', { priority: ['mid'] })).collisions).toEqual([
			{ name: 'search', involved: [2, 0, 1], outcome: { winner: 2 } }
		]);
	});

	it('OpenAI Agents (raw names) stops at the first server that repeats a name, listing them sorted', () => {
		const tools = pairs(
			['s1', 'b'],
			['s1', 'a'],
			['s2', 'a'],
			['s2', 'b'],
			['s2', 'c'],
			['s3', 'c']
		);
		expect(adaptAll(tools, 'openai-agents').loadError).toBe(
			`Duplicate tool names found across MCP servers: a, b${OPENAI_HINT}`
		);
	});

	it('OpenAI Agents (server names) re-hashes a hashed name that is already taken', () => {
		// sha1("srv\0x")[:8] = 9660ff33; the third tool's own name is that hashed name.
		const tools = pairs(['srv', 'x'], ['srv.', 'x'], ['srv', 'x_9660ff33']);
		const result = adaptAll(tools, 'openai-agents', { prefix: true });
		expect(result.entries.map((e) => e.name)).toEqual([
			'mcp_srv__x_9660ff33',
			'mcp_srv__x_97be6a1b',
			'mcp_srv__x_9660ff33_50ed75b8'
		]);
		expect(summary(result).collisions).toEqual([
			{
				name: 'mcp_srv__x',
				involved: [0, 1],
				outcome: { renamed: ['mcp_srv__x_9660ff33', 'mcp_srv__x_97be6a1b'] }
			}
		]);
	});
});

describe('collisions: OpenAI Agents names over 64 characters', () => {
	it('reports the collision of the unshortened names; each keeps its own hash', () => {
		// 's.' and 's' are both `s` once sanitised and stripped.
		const tools = pairs(['s.', 'x'.repeat(200)], ['s', 'x'.repeat(200)]);
		const stem = `mcp_s__${'x'.repeat(48)}`;
		expect(summary(adaptAll(tools, 'openai-agents', { prefix: true }))).toEqual({
			collisions: [
				{
					name: `mcp_s__${'x'.repeat(200)}`,
					involved: [0, 1],
					outcome: { renamed: [`${stem}_96cce034`, `${stem}_98c27732`] }
				}
			],
			exposed: [true, true],
			loadError: null
		});
	});
});

describe('provider limit on adapted names', () => {
	it('marks each entry', () => {
		const tools = pairs(['internal-api', 'search.orders'], ['s', 'x'.repeat(200)]);
		expect(adaptAll(tools, 'openharness').entries.map((e) => e.valid)).toEqual([true, false]);
		expect(adaptAll(tools, 'toolsource').entries.map((e) => e.valid)).toEqual([false, false]);
		expect(adaptAll(tools, 'openai-agents', { prefix: true }).entries.map((e) => e.valid)).toEqual([
			true,
			true
		]);
		expect(adaptAll(pairs(['s', '']), 'miniharness').entries[0].valid).toBe(false);
	});
});
