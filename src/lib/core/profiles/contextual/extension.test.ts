import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../scenario/schema';
import { replay } from '../../world/replay';
import { makeWorld, observable } from '../../world/test-world';
import type { World } from '../../world/world';

const scenario: ScenarioInput = {
	profile: 'contextual',
	mcp_servers: {
		kb: {
			type: 'http',
			url: 'https://kb.example.com/mcp',
			headers: { 'X-App': 'support', Authorization: 'Bearer kb-secret-1' },
			sim: {
				tools: [
					{ name: 'whoami', inputSchema: { type: 'object', properties: {} } },
					{
						name: 'export',
						result: { content: [{ type: 'text', text: 'x'.repeat(250) }] }
					},
					{ name: 'drop', inputSchema: { type: 'object' } }
				]
			}
		},
		billing: {
			type: 'http',
			url: 'https://billing.example.com/mcp',
			headers: { 'X-Tenant-ID': 'acme' },
			sim: { tools: [{ name: 'total' }] }
		},
		docs: {
			type: 'http',
			url: 'https://docs.example.com/mcp',
			sim: { tools: [{ name: 'whoami' }] }
		},
		files: { type: 'stdio', command: 'files-mcp' }
	},
	contextual: {
		servers: {
			kb: {
				headers: {
					'X-User-ID': { source: 'identity.user_id' },
					'X-Run-ID': { source: 'context.run_id' },
					'X-Context': { source: 'context.metadata.request_context', required: false },
					'X-Session': { source: 'identity.session', required: false, secret: true }
				},
				allowed_tools: ['whoami', 'export']
			},
			billing: { headers: { 'x-tenant-id': { source: 'identity.tenant_id' } } }
		},
		identities: {
			alice: { user_id: 'u-alice', tenant_id: 'acme', session: 'sess-alice-42' },
			bob: { user_id: 'u-bob' },
			guest: {}
		},
		metadata: { request_context: { region: 'eu', labels: ['a'] } },
		resultChars: 200
	}
};

let world: World | undefined;
afterEach(() => world?.dispose());

async function started(): Promise<World> {
	world = makeWorld(scenario);
	await world.startSession();
	return world;
}

type View = {
	run: { state: string; error: string | null; identity: string } | null;
	servers: Record<string, { headers: Record<string, string> | null; refused: string | null }>;
	tools: string[];
};
const view = (w: World) => w.profileView as unknown as View;

const httpEntries = (w: World, server: string) =>
	w.wire.entries.flatMap((e) =>
		e.kind === 'transport' && e.event === 'http' && e.server === server ? [e.http] : []
	);

describe('contextual profile: runs', () => {
	it('connects nothing outside a run', async () => {
		const w = await started();
		expect(w.serverState('kb')).toBe('pending');
		expect(view(w).run).toBeNull();
		await expect(w.callTool('whoami', {})).rejects.toThrow('No run is active: start a run first.');
	});

	it("sends each run's resolved headers on every simulated request, secrets masked on the wire", async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-1' },
			servers: ['kb']
		});
		expect(view(w).run).toMatchObject({ state: 'running', error: null, identity: 'alice' });
		const shown = {
			'X-App': 'support',
			Authorization: '••••',
			'X-User-ID': 'u-alice',
			'X-Run-ID': 'run-1',
			'X-Context': '{"labels":["a"],"region":"eu"}',
			'X-Session': '••••'
		};
		expect(view(w).servers.kb.headers).toEqual(shown);
		const http = httpEntries(w, 'kb');
		// pydantic-ai's client initializes and lists tools: no resources/list.
		expect(http.map((h) => h.rpc)).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/list'
		]);
		expect(http[0]).toEqual({
			method: 'POST',
			rpc: 'initialize',
			status: 200,
			contentType: 'application/json',
			sessionId: false,
			headers: shown
		});
		for (const secret of ['kb-secret-1', 'sess-alice-42'])
			expect(JSON.stringify([w.wire.entries, w.profileView])).not.toContain(secret);
		// The model sees the allowed tools only, under raw names.
		expect(view(w).tools).toEqual(['whoami', 'export']);
		expect(w.registeredTools.map((t) => t.name)).toEqual(['whoami', 'export']);

		const call = await w.callTool('whoami', {});
		expect(call).toMatchObject({ state: 'completed', isError: false });
		// The server read the headers from the request (extra.requestInfo), its secret not repeated.
		expect(call.output).toBe(
			'whoami called with {}\nheaders: X-App: support; Authorization: ••••; X-User-ID: u-alice; X-Run-ID: run-1; X-Context: {"labels":["a"],"region":"eu"}; X-Session: ••••'
		);
		// The server itself read the real values; they were hidden on their way back.
		for (const secret of ['kb-secret-1', 'sess-alice-42'])
			expect(JSON.stringify([w.wire.entries, w.calls])).not.toContain(secret);
	});

	it('a run with another identity reconnects with its own headers', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-1' },
			servers: ['kb']
		});
		await w.profileCommand('startRun', {
			identity: 'bob',
			context: { run_id: 'run-2', metadata: {} },
			servers: ['kb']
		});
		expect(view(w).run).toMatchObject({ state: 'running', identity: 'bob' });
		// The optional header is left out: the metadata has no request_context.
		expect(view(w).servers.kb.headers).toEqual({
			'X-App': 'support',
			Authorization: '••••',
			'X-User-ID': 'u-bob',
			'X-Run-ID': 'run-2'
		});
		const call = await w.callTool('whoami', {});
		expect(call.output).toContain('X-User-ID: u-bob');
		expect(
			httpEntries(w, 'kb')
				.filter((h) => h.rpc === 'initialize')
				.map((h) => h.headers!['X-User-ID'])
		).toEqual(['u-alice', 'u-bob']);
		expect(
			w.events.filter((e) => e.kind === 'profile').map((e) => e.kind === 'profile' && e.event)
		).toEqual(['run_started', 'run_started']);
	});

	it('fails the run on a missing required value, connecting nothing', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'guest',
			context: { run_id: 'run-1' },
			servers: ['kb']
		});
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error: "ContextualMCP 'kb': Required MCP context header source 'identity.user_id' is missing."
		});
		expect(w.serverState('kb')).toBe('pending');
		expect(httpEntries(w, 'kb')).toEqual([]);
		await expect(w.callTool('whoami', {})).rejects.toThrow(
			"The run failed: ContextualMCP 'kb': Required MCP context header source 'identity.user_id' is missing."
		);
	});

	it('fails the run, connecting nothing, when a header value is not ASCII (httpx cannot send it)', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-1', metadata: { request_context: { who: 'José' } } },
			servers: ['kb']
		});
		// X-Context is '{"who":"José"}': the é is at index 11.
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error:
				"ContextualMCP 'kb': 'ascii' codec can't encode character '\\xe9' in position 11: ordinal not in range(128)",
			not_ascii: { server: 'kb', header: 'X-Context', part: 'value' }
		});
		expect(w.serverState('kb')).toBe('pending');
		expect(httpEntries(w, 'kb')).toEqual([]);
		await expect(w.callTool('whoami', {})).rejects.toThrow(
			"The run failed: ContextualMCP 'kb': 'ascii'"
		);

		// Every server's headers are resolved before any client is made: a later server's
		// overlap is the run's error, not the earlier server's encoding.
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-中' },
			servers: ['kb', 'billing']
		});
		expect(view(w).run).toMatchObject({
			error:
				"ContextualMCP 'billing': Static and resolved MCP header names must not overlap case-insensitively.",
			not_ascii: null
		});
	});

	it('fails the run, sending nothing, when a value holds a line break (h11 refuses to write it)', async () => {
		// An audit: the run's requests carried 'X-Context' with a CR LF in it, as if HTTP allowed
		// a value to start a header of its own.
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-1', metadata: { request_context: 'who\r\nX-Evil: 1' } },
			servers: ['kb']
		});
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error: "ContextualMCP 'kb': Illegal header value b'who\\r\\nX-Evil: 1'",
			not_ascii: null,
			illegal_header: { server: 'kb', header: 'X-Context', part: 'value' }
		});
		expect(w.serverState('kb')).toBe('pending');
		expect(httpEntries(w, 'kb')).toEqual([]);
	});

	it('fails the run when a bound header overlaps a static one case-insensitively', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['billing']
		});
		expect(view(w).run!.error).toBe(
			"ContextualMCP 'billing': Static and resolved MCP header names must not overlap case-insensitively."
		);
	});

	it('shows no headers as sent by a run that failed resolving them, a server resolved before included', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-1' },
			servers: ['kb']
		});
		expect(view(w).servers.kb.headers).toMatchObject({ 'X-Run-ID': 'run-1' });
		const initializes = () => httpEntries(w, 'kb').filter((h) => h.rpc === 'initialize').length;
		const before = initializes();
		// kb resolves first; billing's overlap then fails the whole run.
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-2' },
			servers: ['kb', 'billing']
		});
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error:
				"ContextualMCP 'billing': Static and resolved MCP header names must not overlap case-insensitively."
		});
		expect(initializes()).toBe(before);
		expect(view(w).servers.kb.headers).toBeNull();
		expect(view(w).servers.billing.headers).toBeNull();
		// A refused server after a resolved one: the same.
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'run-3' },
			servers: ['kb', 'files']
		});
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error: "ContextualMCP 'files': Contextual MCP url must be a non-blank string."
		});
		expect(initializes()).toBe(before);
		expect(view(w).servers.kb.headers).toBeNull();
		// The next good run connects and shows what it sent.
		await w.profileCommand('startRun', {
			identity: 'bob',
			context: { run_id: 'run-4' },
			servers: ['kb']
		});
		expect(initializes()).toBe(before + 1);
		expect(view(w).servers.kb.headers).toMatchObject({ 'X-User-ID': 'u-bob', 'X-Run-ID': 'run-4' });
	});

	it('shows the headers a run sent before it failed on a connection it had opened', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		await w.closeSession();
		expect(view(w).run!.state).toBe('failed');
		// kb was sent them on its initialize: they stay as sent in this run.
		expect(view(w).servers.kb.headers).toMatchObject({ 'X-User-ID': 'u-alice', 'X-Run-ID': 'r' });
		expect(view(w).servers.billing.headers).toBeNull();
	});

	it('refuses a stdio server with a sentence naming it', async () => {
		const w = await started();
		expect(view(w).servers.files.refused).toBe(
			"ContextualMCP 'files': Contextual MCP url must be a non-blank string."
		);
		expect(w.serverState('files')).toBe('refused');
		// The server's detail (its card, the embed snapshot) says why.
		expect(w.servers().find((s) => s.name === 'files')?.detail).toBe(
			"ContextualMCP 'files': Contextual MCP url must be a non-blank string."
		);
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['files']
		});
		expect(view(w).run!.state).toBe('failed');
	});

	it('fails the run when two servers give the model the same name', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb', 'docs']
		});
		expect(view(w).run).toMatchObject({
			state: 'failed',
			error:
				"MCP server 'docs' defines a tool whose name conflicts with existing tool from MCP server 'kb': 'whoami'. Set the `tool_prefix` attribute to avoid name conflicts."
		});
		expect(w.registeredTools).toEqual([]);
		// The panel's "Tools the model sees in this run" says the same: none (it listed kb's).
		expect(view(w).tools).toEqual([]);
		// Said when the tools are loaded (the panel derives the state; nothing else would say it),
		// once: a later start-up in the same run loads the same clash and says nothing more.
		const failures = () => w.events.filter((e) => e.kind === 'profile' && e.event === 'run_failed');
		expect(failures()).toMatchObject([
			{ params: { run: '1', identity: 'alice', error: view(w).run!.error } }
		]);
		await w.startSession();
		expect(failures()).toHaveLength(1);
	});

	it('refuses an unknown identity or server', async () => {
		const w = await started();
		await expect(w.profileCommand('startRun', { identity: 'mallory' })).rejects.toThrow(
			"Unknown identity 'mallory'. Identities in this scenario: alice, bob, guest."
		);
		await expect(
			w.profileCommand('startRun', { identity: 'alice', servers: ['nope'] })
		).rejects.toThrow('A run selects servers of this world: kb, billing, docs, files.');
		await expect(w.profileCommand('endRun')).rejects.toThrow(
			'No run is active: start a run first.'
		);
	});

	it('fails a run whose connections the session closed under it', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		await w.closeSession();
		const failed = "ContextualMCP 'kb': its connection was closed; start a new run.";
		expect(view(w).run).toMatchObject({ state: 'failed', error: failed });
		expect(w.events.findLast((e) => e.kind === 'profile')).toMatchObject({
			event: 'run_failed',
			params: { run: '1', identity: 'alice', error: failed }
		});
		// For good, as the sentence says: Start session connects nothing for the failed run.
		const initializes = () => httpEntries(w, 'kb').filter((h) => h.rpc === 'initialize').length;
		const before = initializes();
		await w.startSession();
		expect(initializes()).toBe(before);
		expect(view(w).run).toMatchObject({ state: 'failed', error: failed });
		expect(view(w).tools).toEqual([]);
	});

	it('reconnect_all inside a run connects again with the same run headers', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		await w.reconnectAll();
		expect(view(w).run).toMatchObject({ state: 'running', error: null });
		const inits = httpEntries(w, 'kb').filter((h) => h.rpc === 'initialize');
		expect(inits.map((h) => h.headers!['X-User-ID'])).toEqual(['u-alice', 'u-alice']);
	});

	it('ends a run: its connections close', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		await w.profileCommand('endRun');
		expect(view(w).run!.state).toBe('ended');
		expect(w.serverState('kb')).toBe('pending');
	});
});

describe('contextual profile: calls', () => {
	it('tells the model a tool allowed_tools left out is unknown, and sends nothing', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		const call = await w.callTool('drop', {});
		expect(call).toMatchObject({
			state: 'completed',
			isError: true,
			output: "Unknown tool name: 'drop'. Available tools: 'whoami', 'export'"
		});
		expect(httpEntries(w, 'kb').map((h) => h.rpc)).not.toContain('tools/call');
	});

	it('names the allowed_tools entries no listed tool matches, once the run has listed them', async () => {
		world = makeWorld({
			...scenario,
			contextual: {
				...scenario.contextual!,
				servers: {
					...scenario.contextual!.servers,
					kb: { ...scenario.contextual!.servers!.kb, allowed_tools: ['whoami', 'Export'] }
				}
			}
		});
		const w = world;
		await w.startSession();
		const unmatched = () => (w.profileView as unknown as { unmatched: unknown }).unmatched;
		// No run, nothing listed: nothing to say yet.
		expect(unmatched()).toEqual([]);
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		expect(view(w).tools).toEqual(['whoami']);
		expect(unmatched()).toEqual([{ server: 'kb', tool: 'Export' }]);
	});

	it('cuts an oversized result at the result boundary', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		const call = await w.callTool('export', {});
		expect(call.output).toBe(
			`${'x'.repeat(200)}\n[truncated at the result boundary: 50 of 250 characters left out]`
		);
	});

	it('fails a call whose server was killed during the run', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r' },
			servers: ['kb']
		});
		await w.kill('kb');
		const call = await w.callTool('whoami', {});
		expect(call).toMatchObject({
			state: 'failed',
			isError: true,
			output: "MCP tool 'whoami' on server 'kb' failed: Not connected"
		});
	});
});

describe('contextual profile: replay', () => {
	it('replays runs, failures and calls to the same world (time travel and share links)', async () => {
		const w = await started();
		await w.profileCommand('startRun', {
			identity: 'alice',
			context: { run_id: 'r1' },
			servers: ['kb']
		});
		await w.callTool('whoami', {});
		await w.profileCommand('startRun', { identity: 'guest', context: { run_id: 'r2' } });
		await w.profileCommand('startRun', {
			identity: 'bob',
			context: { run_id: 'r3' },
			servers: ['kb']
		});
		await w.callTool('export', {});
		await w.profileCommand('endRun');
		const again = await replay(w.scenario, w.actions);
		try {
			expect(observable(again)).toBe(observable(w));
			expect(again.profileView).toEqual(w.profileView);
		} finally {
			again.dispose();
		}
	});
});
