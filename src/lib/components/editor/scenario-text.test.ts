import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { templateById, templateText } from '$lib/core/scenario/templates';
import { scenarioDiagnostics } from './scenario-diagnostics';
import {
	addServer,
	addTool,
	checkScenarioText,
	exportText,
	mentionsSecrets,
	notesAt,
	readForm,
	removeServer,
	removeTool,
	DEFAULT_ERROR_CODE,
	type EditResult
} from './scenario-text';

const seed = templateText(templateById('lab-01')!);

function textOf(result: EditResult): string {
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result.text;
}

afterEach(() => {
	i18n.locale = 'en';
});

describe('checkScenarioText (validation only)', () => {
	it('counts the servers of a valid world, plugins’ servers included', () => {
		const check = checkScenarioText(seed);
		expect(check.kind).toBe('valid');
		expect(check.kind === 'valid' && check.servers).toBe(3);
		const plugins = checkScenarioText(templateText(templateById('plugins')!));
		expect(plugins.kind === 'valid' && plugins.servers).toBe(3);
	});

	it('keeps the parsed input as written, for setScenario', () => {
		const check = checkScenarioText('{"mcp_servers": {"a": {"command": "x"}}}');
		expect(check.kind === 'valid' && check.input).toEqual({ mcp_servers: { a: { command: 'x' } } });
	});

	it('refuses a server name written twice, which JSON would drop without a word', () => {
		const text = `{
  "mcp_servers": {
    "fs": { "command": "a", "sim": { "tools": [{ "name": "read" }] } },
    "fs": { "command": "b" }
  }
}`;
		expect(checkScenarioText(text)).toEqual({
			kind: 'invalid',
			problems: [
				{
					path: 'mcp_servers.fs',
					message:
						'"fs" is written twice in this object: JSON keeps only the last one, so the first is lost. Rename one of them or remove it.'
				}
			]
		});
		// Said with the schema's own problems, in the page's language.
		i18n.locale = 'zh-CN';
		const both = checkScenarioText(text.replace('"command": "b"', '"command": 7'));
		expect(both.kind === 'invalid' && both.problems.map((p) => p.path)).toEqual([
			'mcp_servers.fs',
			'mcp_servers.fs.command'
		]);
		expect(
			scenarioDiagnostics(text, '(根)').map((d) => [text.slice(d.from, d.from + 25), d.message])
		).toEqual([
			[
				'{ "command": "b" }\n  }\n}',
				'mcp_servers.fs: "fs" 在这个对象里写了两次：JSON 只保留最后一个，第一个会丢失。请给其中一个改名或删掉它。'
			]
		]);
	});

	it('reports JSON syntax errors apart from schema problems', () => {
		expect(checkScenarioText(seed + 'x').kind).toBe('syntax');
		const check = checkScenarioText('{"mcp_servers": {"fs": {"type": "stdio"}}}');
		expect(check).toEqual({
			kind: 'invalid',
			problems: [{ path: 'mcp_servers.fs.command', message: expect.any(String) }]
		});
	});

	it('says the validator’s own problems in the page’s language', () => {
		const text = '{"mcp_servers": {"fs": {"command": 7}}}';
		const problem = () => {
			const check = checkScenarioText(text);
			return check.kind === 'invalid' ? check.problems[0] : null;
		};
		expect(problem()).toEqual({
			path: 'mcp_servers.fs.command',
			message: 'Invalid input: expected string, received number'
		});
		i18n.locale = 'zh-CN';
		expect(problem()).toEqual({
			path: 'mcp_servers.fs.command',
			message: '无效输入：期望字符串，实际接收数字'
		});
	});

	it('accepts every profile of the contract, and refuses an unknown one with its path', () => {
		for (const profile of ['trust', 'miniharness', 'contextual'])
			expect(checkScenarioText(`{"profile": "${profile}", "mcp_servers": {}}`).kind).toBe('valid');
		const check = checkScenarioText('{"profile": "claude", "mcp_servers": {}}');
		expect(check.kind === 'invalid' && check.problems.map((p) => p.path)).toEqual(['profile']);
		// Live servers run (they are connected for real), so they are not refused.
		expect(
			checkScenarioText(
				'{"mcp_servers": {"x": {"type": "http", "url": "http://127.0.0.1:8787/x/mcp", "live": true}}}'
			).kind
		).toBe('valid');
	});
});

describe('readForm', () => {
	it('lists servers with their type, target and tools', () => {
		const form = readForm(seed);
		expect(form.ok).toBe(true);
		if (!form.ok) return;
		expect(form.servers.map((s) => [s.name, s.type, s.command || s.url, s.tools.length])).toEqual([
			['filesystem', 'stdio', 'npx', 0],
			['internal-api', 'http', 'https://mcp.internal.example.com/mcp', 2],
			['realtime', 'ws', 'wss://realtime.example.com/mcp', 0]
		]);
		expect(form.servers[0].args).toEqual([
			'-y',
			'@modelcontextprotocol/server-filesystem',
			'/data'
		]);
		expect(form.servers[1].tools[0]).toEqual({
			name: 'search_orders',
			description: 'Search customer orders by a free-text query.',
			notes: []
		});
		expect(form.hasPlugins).toBe(false);
	});

	it('reads schema-invalid but well-formed JSON without throwing', () => {
		const form = readForm('{"mcp_servers": {"a": 3, "b": {"type": 7, "sim": {"tools": [1]}}}}');
		expect(form.ok && form.servers.map((s) => [s.name, s.type, s.tools])).toEqual([
			['a', 'stdio', []],
			['b', '7', [{ name: '', description: '', notes: [] }]]
		]);
		expect(readForm('{}')).toEqual({ ok: true, servers: [], hasPlugins: false });
	});

	it('refuses text that is not JSON, or not an object of servers', () => {
		expect(readForm('{"mcp_servers": ')).toEqual({ ok: false, reason: 'json' });
		expect(readForm('[]')).toEqual({ ok: false, reason: 'shape' });
		expect(readForm('{"mcp_servers": []}')).toEqual({ ok: false, reason: 'shape' });
	});
});

describe('structured edits', () => {
	it('adds a stdio server with one argument per line, keeping the rest of the text', () => {
		const next = textOf(
			addServer(seed, {
				name: 'notes',
				type: 'stdio',
				command: ' node ',
				args: 'notes.js\n\n --port 3 \n',
				url: 'ignored'
			})
		);
		const parsed = JSON.parse(next);
		expect(parsed.mcp_servers.notes).toEqual({
			type: 'stdio',
			command: 'node',
			args: ['notes.js', '--port 3']
		});
		expect(Object.keys(parsed.mcp_servers)).toEqual([
			'filesystem',
			'internal-api',
			'realtime',
			'notes'
		]);
		expect(parsed.permissions).toEqual({ mode: 'full_auto' });
		// Two-space JSON, as the editor started.
		expect(next).toBe(JSON.stringify(parsed, null, 2));
		expect(checkScenarioText(next).kind).toBe('valid');
	});

	it('adds http and ws servers by URL, and creates mcp_servers when missing', () => {
		const next = textOf(
			addServer('{}', { name: 'my.api', type: 'ws', command: '', args: '', url: 'wss://x' })
		);
		expect(JSON.parse(next)).toEqual({ mcp_servers: { 'my.api': { type: 'ws', url: 'wss://x' } } });
	});

	it('says why a server cannot be added', () => {
		const base = { type: 'stdio', command: 'x', args: '', url: '' } as const;
		expect(addServer(seed, { ...base, name: ' ' })).toEqual({
			ok: false,
			error: { kind: 'name-required' }
		});
		expect(addServer(seed, { ...base, name: 'filesystem' })).toEqual({
			ok: false,
			error: { kind: 'name-taken', name: 'filesystem' }
		});
		expect(addServer(seed, { ...base, name: 'n', command: '' })).toEqual({
			ok: false,
			error: { kind: 'command-required' }
		});
		expect(addServer(seed, { ...base, name: 'n', type: 'http' })).toEqual({
			ok: false,
			error: { kind: 'url-required' }
		});
		expect(addServer(seed + ',', { ...base, name: 'n' })).toEqual({
			ok: false,
			error: { kind: 'json' }
		});
	});

	it('removes a server by name', () => {
		const next = textOf(removeServer(seed, 'internal-api'));
		expect(Object.keys(JSON.parse(next).mcp_servers)).toEqual(['filesystem', 'realtime']);
		expect(removeServer(seed, 'nope')).toEqual({
			ok: false,
			error: { kind: 'no-server', name: 'nope' }
		});
	});

	it('adds a simulated tool, with a sim block when the server has none', () => {
		const next = textOf(
			addTool(seed, 'realtime', { name: 'tick', description: 'One tick.', result: 'tock' })
		);
		expect(JSON.parse(next).mcp_servers.realtime.sim).toEqual({
			tools: [
				{
					name: 'tick',
					description: 'One tick.',
					inputSchema: { type: 'object', properties: {} },
					result: { content: [{ type: 'text', text: 'tock' }] }
				}
			]
		});
		const plain = textOf(addTool(seed, 'internal-api', { name: 'x', description: '', result: '' }));
		const api = JSON.parse(plain).mcp_servers['internal-api'].sim;
		expect(api.latencyMs).toBe(40);
		expect(api.tools.at(-1)).toEqual({
			name: 'x',
			inputSchema: { type: 'object', properties: {} }
		});
		expect(checkScenarioText(plain).kind).toBe('valid');
	});

	it('refuses a second tool of the same name on one server', () => {
		expect(
			addTool(seed, 'internal-api', { name: 'create_ticket', description: '', result: '' })
		).toEqual({
			ok: false,
			error: { kind: 'tool-taken', server: 'internal-api', name: 'create_ticket' }
		});
		expect(addTool(seed, 'nope', { name: 'x', description: '', result: '' })).toEqual({
			ok: false,
			error: { kind: 'no-server', name: 'nope' }
		});
	});

	describe('a tool that fails or is slow', () => {
		const base = { description: '', result: '' };
		/** The tool the edit wrote on realtime, after checking the world still validates. */
		function added(tool: Parameters<typeof addTool>[2]) {
			const next = textOf(addTool(seed, 'realtime', tool));
			expect(checkScenarioText(next).kind).toBe('valid');
			return JSON.parse(next).mcp_servers.realtime.sim.tools.at(-1);
		}
		const schema = { type: 'object', properties: {} };

		it('answers with its text, as before, when the choice is a plain answer', () => {
			expect(added({ ...base, name: 'a', result: 'hi', behaviour: 'text', latencyMs: '' })).toEqual(
				{ name: 'a', inputSchema: schema, result: { content: [{ type: 'text', text: 'hi' }] } }
			);
		});

		it('writes an error result (isError) with the text as its content, or no parts', () => {
			expect(added({ ...base, name: 'a', result: 'disk full', behaviour: 'error-result' })).toEqual(
				{
					name: 'a',
					inputSchema: schema,
					result: { content: [{ type: 'text', text: 'disk full' }], isError: true }
				}
			);
			expect(added({ ...base, name: 'b', behaviour: 'error-result' }).result).toEqual({
				content: [],
				isError: true
			});
		});

		it('writes a JSON-RPC error with an integer code, and no result', () => {
			expect(
				added({
					...base,
					name: 'a',
					result: 'ignored',
					behaviour: 'rpc-error',
					errorCode: ' -32001 ',
					errorMessage: ' Quota exceeded '
				})
			).toEqual({
				name: 'a',
				inputSchema: schema,
				error: { code: -32001, message: 'Quota exceeded' }
			});
			expect(
				added({
					...base,
					name: 'b',
					behaviour: 'rpc-error',
					errorCode: DEFAULT_ERROR_CODE,
					errorMessage: 'x'
				}).error
			).toEqual({ code: -32603, message: 'x' });
		});

		it('writes a crash, without a delay that no answer would show', () => {
			expect(
				added({ ...base, name: 'a', result: 'ignored', behaviour: 'crash', latencyMs: '500' })
			).toEqual({ name: 'a', inputSchema: schema, crash: true });
		});

		it('writes a delay in whole milliseconds, up to one hour', () => {
			expect(added({ ...base, name: 'a', latencyMs: ' 500 ' }).latencyMs).toBe(500);
			expect(added({ ...base, name: 'b', latencyMs: '0' }).latencyMs).toBe(0);
			expect(added({ ...base, name: 'c', latencyMs: '3600000' }).latencyMs).toBe(3_600_000);
			expect(
				added({
					...base,
					name: 'd',
					behaviour: 'rpc-error',
					errorCode: '1',
					errorMessage: 'm',
					latencyMs: '20'
				})
			).toMatchObject({ error: { code: 1, message: 'm' }, latencyMs: 20 });
			expect(added({ ...base, name: 'e', latencyMs: '   ' })).not.toHaveProperty('latencyMs');
		});

		it('refuses a code that is not an integer, an empty message and a delay out of range', () => {
			const rpc = { ...base, name: 'a', behaviour: 'rpc-error', errorMessage: 'm' } as const;
			for (const errorCode of ['', '-32603.5', '1e3', 'abc', '99999999999999999999'])
				expect(addTool(seed, 'realtime', { ...rpc, errorCode })).toEqual({
					ok: false,
					error: { kind: 'code-invalid' }
				});
			expect(
				addTool(seed, 'realtime', { ...rpc, errorCode: '-32603', errorMessage: '  ' })
			).toEqual({ ok: false, error: { kind: 'message-required' } });
			for (const latencyMs of ['-1', '1.5', '3600001', 'soon', '1e3'])
				expect(addTool(seed, 'realtime', { ...base, name: 'a', latencyMs })).toEqual({
					ok: false,
					error: { kind: 'latency-invalid' }
				});
			// The name is checked first, as the form marks one field at a time.
			expect(addTool(seed, 'realtime', { ...rpc, name: '', errorCode: 'x' })).toEqual({
				ok: false,
				error: { kind: 'name-required' }
			});
		});

		it('reads each tool’s behaviour back from the text, hand-written JSON included', () => {
			const text = JSON.stringify({
				mcp_servers: {
					fs: {
						command: 'x',
						sim: {
							tools: [
								{ name: 'plain' },
								{ name: 'rpc', error: { code: -32603, message: 'm' }, latencyMs: 500 },
								{ name: 'boom', crash: true, latencyMs: 500 },
								{ name: 'bad', result: { content: [], isError: true } },
								{ name: 'slow', latencyMs: 250 },
								{ name: 'both', error: { code: 'x' }, crash: true },
								'not a tool'
							]
						}
					}
				}
			});
			const form = readForm(text);
			expect(form.ok && form.servers[0].tools.map((t) => [t.name, t.notes])).toEqual([
				['plain', []],
				[
					'rpc',
					[
						{ kind: 'rpc-error', code: '-32603' },
						{ kind: 'delay', ms: '500' }
					]
				],
				['boom', [{ kind: 'crash' }]],
				['bad', [{ kind: 'error-result' }]],
				['slow', [{ kind: 'delay', ms: '250' }]],
				['both', [{ kind: 'rpc-error', code: 'x' }]],
				['', []]
			]);
			// One tool's notes, for the sentence said after an edit: -1 is the last one added.
			expect(notesAt(text, 'fs', 2)).toEqual([{ kind: 'crash' }]);
			expect(notesAt(text, 'fs', -2)).toEqual([{ kind: 'rpc-error', code: 'x' }]);
			expect(notesAt(text, 'nope', 0)).toEqual([]);
			expect(notesAt('{', 'fs', 0)).toEqual([]);
		});
	});

	it('removes a simulated tool by position', () => {
		const next = textOf(removeTool(seed, 'internal-api', 0));
		expect(
			JSON.parse(next).mcp_servers['internal-api'].sim.tools.map((t: { name: string }) => t.name)
		).toEqual(['create_ticket']);
		expect(removeTool(seed, 'internal-api', 5).ok).toBe(false);
		expect(removeTool(seed, 'filesystem', 0).ok).toBe(false);
	});
});

describe('files', () => {
	it('exports valid JSON pretty-printed and invalid text as is', () => {
		expect(exportText('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}\n');
		expect(exportText('{"a":')).toBe('{"a":');
	});

	it('warns about headers or env values, not about empty blocks', () => {
		expect(mentionsSecrets(seed)).toBe(false);
		expect(mentionsSecrets('{"mcp_servers": {"a": {"type": "http", "headers": {}}}}')).toBe(false);
		expect(
			mentionsSecrets('{"mcp_servers": {"a": {"type": "http", "headers": {"Authorization": "x"}}}}')
		).toBe(true);
		expect(
			mentionsSecrets(
				'{"plugins": {"p": {"mcp_servers": {"a": {"command": "x", "env": {"TOKEN": "t"}}}}}}'
			)
		).toBe(true);
		expect(mentionsSecrets('{"env": {"K": "v"}, oops')).toBe(true);
		expect(mentionsSecrets('{"env": {}, oops')).toBe(false);
	});

	it('warns about a URL that carries a query or a user name, as a key often travels there', () => {
		const server = (url: string) =>
			`{"mcp_servers": {"a": {"type": "http", "url": "${url}", "live": true}}}`;
		expect(mentionsSecrets(server('http://127.0.0.1:8787/notes/mcp?api_key=k-1'))).toBe(true);
		expect(mentionsSecrets(server('https://alice@example.test/mcp'))).toBe(true);
		expect(mentionsSecrets(server('http://127.0.0.1:8787/notes/mcp'))).toBe(false);
		expect(mentionsSecrets(`${server('http://x.test/mcp?key=1')} oops`)).toBe(true);
	});
});
