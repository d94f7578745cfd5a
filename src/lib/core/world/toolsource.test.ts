import { describe, expect, it } from 'vitest';
import { worldSnapshot } from './snapshot';
import { makeWorld, toolSourceScenario } from './test-world';
import type { World } from './world';

function sentMethods(world: World, server: string): string[] {
	return world.wire.entries
		.filter((e) => e.server === server && e.kind === 'message' && e.dir === 'to-server')
		.map((e) => (e.kind === 'message' && 'method' in e.message ? e.message.method : '?'));
}

const toolsCalls = (world: World, server: string) =>
	sentMethods(world, server).filter((m) => m === 'tools/call').length;

async function started(): Promise<World> {
	const world = makeWorld(toolSourceScenario);
	await world.startSession();
	return world;
}

const states = (world: World, id: string) =>
	world.calls.find((c) => c.id === id)!.toolsource!.history.map((h) => h.state);

describe('ToolSource registry', () => {
	it('shows the model only allowlisted tools, named mcp.<server>.<tool>, with regenerated schemas', async () => {
		const world = await started();
		expect(world.registry.map((e) => [e.name, e.readOnly])).toEqual([
			['mcp.files.read_file', true],
			['mcp.files.write_file', false],
			['mcp.files.export_log', true],
			['mcp.files.screenshot', true],
			['mcp.tickets.create_ticket', false],
			['mcp.tickets.transfer_funds', false],
			['mcp.tickets.close_ticket', false],
			['mcp.tickets.merge_tickets', false]
		]);
		const create = world.registeredTools.find((t) => t.name === 'mcp.tickets.create_ticket')!;
		expect(create.inputSchema).toEqual({
			type: 'object',
			properties: { title: { type: 'string' } },
			additionalProperties: false,
			required: ['title']
		});
	});

	it('checks a server’s patterns on RE2: Python’s syntax reads, a backtracking one cannot freeze the page, and one it cannot read keeps the tool out', async () => {
		const tool = (name: string, pattern: string) => ({
			name,
			inputSchema: { type: 'object', properties: { p: { type: 'string', pattern } } },
			result: { content: [{ type: 'text' as const, text: `${name} ran` }] }
		});
		const world = makeWorld({
			profile: 'toolsource',
			mcp_servers: {
				s: {
					type: 'stdio',
					command: 's',
					sim: {
						tools: [tool('py', '^(?P<n>a)$'), tool('slow', '^(a+)+$'), tool('ahead', '^(?=a)a$')]
					}
				}
			},
			toolsource: { allow: { 'mcp.s.py': 'read', 'mcp.s.slow': 'read', 'mcp.s.ahead': 'read' } }
		});
		await world.startSession();
		expect(world.registry.map((e) => e.name)).toEqual(['mcp.s.py', 'mcp.s.slow']);
		// `(?P<n>…)` is JavaScript's syntax error, and was a call stuck in `proposed` for good.
		expect(await world.callTool('mcp.s.py', { p: 'a' })).toMatchObject({
			state: 'completed',
			output: 'py ran'
		});
		expect(await world.callTool('mcp.s.py', { p: 'b' })).toMatchObject({
			state: 'failed',
			output: expect.stringContaining('/p: String does not match pattern.')
		});
		// On JavaScript's engine this argument took minutes; RE2 answers in linear time.
		expect(await world.callTool('mcp.s.slow', { p: `${'a'.repeat(40)}!` })).toMatchObject({
			state: 'failed',
			output: expect.stringContaining('/p: String does not match pattern.')
		});
		expect(await world.callTool('mcp.s.ahead', { p: 'a' })).toMatchObject({
			state: 'failed',
			output: expect.stringContaining(
				'inputSchema.properties.p.pattern is not a regular expression the harness can check'
			)
		});
		world.dispose();
	});

	it('registers neither of two tools that share a name (either server could get the call), and keeps the rest', async () => {
		const world = makeWorld({
			profile: 'toolsource',
			mcp_servers: {
				a: { type: 'stdio', command: 'a', sim: { tools: [{ name: 'b.c' }, { name: 'd' }] } },
				'a.b': { type: 'stdio', command: 'ab', sim: { tools: [{ name: 'c' }] } }
			},
			toolsource: { allow: { 'mcp.a.b.c': 'write', 'mcp.a.d': 'read' } }
		});
		await world.startSession();
		expect(world.registry.map((e) => e.name)).toEqual(['mcp.a.d']);
		const call = await world.callTool('mcp.a.b.c', {});
		expect(call).toMatchObject({
			state: 'failed',
			output:
				"mcp.a.b.c is not registered: more than one tool has this name (server 'a' tool 'b.c', " +
				"server 'a.b' tool 'c')"
		});
		expect(toolsCalls(world, 'a') + toolsCalls(world, 'a.b')).toBe(0);
		expect(world.toolSource!.journal).toEqual([]);
	});
});

describe('ToolSource calls', () => {
	it('runs an allowlisted read at once: proposed → ready → intent persisted → calling → result → completed', async () => {
		const world = await started();
		const call = await world.callTool('mcp.files.read_file', { path: '/notes.txt' });
		expect(call).toMatchObject({ state: 'completed', isError: false, output: 'hello', error: '' });
		expect(states(world, call.id)).toEqual([
			'proposed',
			'ready',
			'intent_persisted',
			'calling',
			'result',
			'completed'
		]);
		expect(world.toolSource!.journal).toEqual([
			expect.objectContaining({ seq: 1, callId: call.id, outcome: 'completed', reconciled: null })
		]);
		expect(call.toolsource!.artifact!.raw).toBe(
			JSON.stringify({ content: [{ type: 'text', text: 'hello' }] })
		);
		expect(call.toolsource!.resultBytes).toBe(call.toolsource!.artifact!.raw.length);
	});

	it('keeps one audit record per call: server, tool, argument summary, start, duration, bytes, state', async () => {
		const world = await started();
		const t0 = world.clock.now;
		const call = await world.callTool('mcp.files.read_file', { path: '/notes.txt' });
		const raw = JSON.stringify({ content: [{ type: 'text', text: 'hello' }] });
		expect({
			server: call.server,
			tool: call.tool,
			args: call.toolsource!.argsSummary,
			startedAt: call.startedAt,
			duration: call.endedAt! - call.startedAt,
			bytes: call.toolsource!.resultBytes,
			state: call.state
		}).toEqual({
			server: 'files',
			tool: 'read_file',
			args: '{"path":"/notes.txt"}',
			startedAt: t0,
			duration: 0,
			bytes: new TextEncoder().encode(raw).length,
			state: 'completed'
		});
	});

	it('asks before a write even when the server annotates it read-only; approving runs it', async () => {
		const world = await started();
		const call = await world.callTool('mcp.tickets.create_ticket', { title: 'Printer on fire' });
		expect(call.state).toBe('waiting_for_approval');
		expect(toolsCalls(world, 'tickets')).toBe(0);
		await world.answerApproval(call.id, true);
		expect(world.calls.at(-1)).toMatchObject({
			state: 'completed',
			output: 'Ticket T-1042 created'
		});
		expect(toolsCalls(world, 'tickets')).toBe(1);
	});

	it('a refusal is permission_denied: nothing persisted, nothing sent', async () => {
		const world = await started();
		const call = await world.callTool('mcp.files.write_file', { path: '/a', text: 'hi' });
		await world.answerApproval(call.id, false);
		expect(world.calls.at(-1)).toMatchObject({
			state: 'permission_denied',
			isError: true,
			sent: null,
			output: 'Permission denied: the user did not approve mcp.files.write_file'
		});
		expect(world.toolSource!.journal).toEqual([]);
	});

	it('drill 1: a non-allowlisted tool is permission_denied and the model continues', async () => {
		const world = await started();
		const [denied, next] = await world.callTools([
			{ name: 'mcp.files.delete_file', arguments: { path: '/etc' } },
			{ name: 'mcp.files.read_file', arguments: { path: '/a' } }
		]);
		expect(denied).toMatchObject({
			state: 'permission_denied',
			output: 'Permission denied: mcp.files.delete_file is not on the allowlist',
			sent: null
		});
		expect(next).toMatchObject({ state: 'completed', output: 'hello' });
		expect(world.toolSource!.run).toBe('running');
	});

	it('unknown names, invalid arguments and unregenerable schemas fail before anything is written', async () => {
		const world = await started();
		const [unknown, invalid, linked] = await world.callTools([
			{ name: 'mcp.files.nope' },
			{ name: 'mcp.files.read_file', arguments: { path: 7, extra: true } },
			{ name: 'mcp.files.linked', arguments: {} }
		]);
		expect(unknown).toMatchObject({ state: 'failed', output: 'Unknown tool: mcp.files.nope' });
		expect(invalid.state).toBe('failed');
		expect(invalid.output).toBe(
			'Invalid arguments for mcp.files.read_file: /path: Instance type "number" is invalid. Expected "string".; /: Property "extra" does not match additional properties schema.'
		);
		expect(linked.output).toBe(
			'mcp.files.linked is not registered: inputSchema.properties.x uses $ref, which the harness does not regenerate'
		);
		expect(toolsCalls(world, 'files')).toBe(0);
	});

	it("a tool's isError result and a JSON-RPC error are failed, with the server's words", async () => {
		const world = await started();
		const close = await world.callTool('mcp.tickets.close_ticket', {});
		await world.answerApproval(close.id, true);
		const merge = await world.callTool('mcp.tickets.merge_tickets', {});
		await world.answerApproval(merge.id, true);
		const [closed, merged] = world.calls.slice(-2);
		expect(closed).toMatchObject({
			state: 'failed',
			output: 'The tool reported an error: No such ticket'
		});
		expect(merged).toMatchObject({
			state: 'failed',
			// The SDK server prefixes its McpError's message, and the client prefixes it again.
			output: "Server 'tickets' answered with an error: MCP error -32602: tickets must differ"
		});
	});
});

describe('ToolSource fault drills', () => {
	it('drill 2a: the server killed before the call → failed, nothing sent', async () => {
		const world = await started();
		const call = await world.callTool('mcp.tickets.create_ticket', { title: 'x' });
		await world.kill('tickets');
		await world.answerApproval(call.id, true);
		expect(world.calls.at(-1)).toMatchObject({
			state: 'failed',
			sent: null,
			output: "Server 'tickets' is not connected; nothing was sent"
		});
		expect(world.toolSource!.run).toBe('running');
	});

	it('drill 2b: the server dies mid-call → unknown, the run interrupted until reconciled; no event lost', async () => {
		const world = await started();
		const call = await world.callTool('mcp.tickets.transfer_funds', {});
		await world.answerApproval(call.id, true);
		const done = world.calls.at(-1)!;
		expect(done).toMatchObject({
			state: 'unknown',
			isError: true,
			output:
				'Outcome unknown for mcp.tickets.transfer_funds: the connection closed after the request was sent. The side effect cannot be confirmed; the run is interrupted until this call is reconciled.'
		});
		expect(done.sent).toEqual({});
		expect(toolsCalls(world, 'tickets')).toBe(1);
		expect(world.toolSource).toMatchObject({ run: 'interrupted', unreconciled: [call.id] });
		const kinds = world.events.map((e) => e.kind);
		expect(kinds.slice(kinds.lastIndexOf('process'))).toEqual(
			expect.arrayContaining(['process', 'call', 'run'])
		);

		await expect(world.callTool('mcp.files.read_file', { path: '/a' })).rejects.toThrow(
			`The run is interrupted: reconcile ${call.id} first.`
		);
		await world.reconcile(call.id, 'not_applied');
		expect(world.toolSource).toMatchObject({ run: 'running', unreconciled: [] });
		expect(world.toolSource!.journal.at(-1)).toMatchObject({
			outcome: 'unknown',
			reconciled: 'not_applied'
		});
		expect((await world.callTool('mcp.files.read_file', { path: '/a' })).state).toBe('completed');
	});

	it('an interrupted run takes no approval either: a write waiting for one does not run until reconciled', async () => {
		// A spec audit: new calls were refused while interrupted, but a write already waiting
		// for approval ran when approved. A refusal still ends it: nothing acts.
		const world = await started();
		const stateOf = (id: string) =>
			world.calls.find((c) => c.id === id)!.toolsource!.history.at(-1)?.state;
		const waiting = await world.callTool('mcp.files.write_file', { path: '/a', text: 'b' });
		const refused = await world.callTool('mcp.files.write_file', { path: '/c', text: 'd' });
		const crashed = await world.callTool('mcp.tickets.transfer_funds', {});
		await world.answerApproval(crashed.id, true);
		expect(world.toolSource).toMatchObject({ run: 'interrupted', unreconciled: [crashed.id] });

		await expect(world.answerApproval(waiting.id, true)).rejects.toThrow(
			`The run is interrupted: reconcile ${crashed.id} first.`
		);
		expect(stateOf(waiting.id)).toBe('waiting_for_approval');
		expect(toolsCalls(world, 'files')).toBe(0);
		await world.answerApproval(refused.id, false);
		expect(stateOf(refused.id)).toBe('permission_denied');

		await world.reconcile(crashed.id, 'applied');
		await world.answerApproval(waiting.id, true);
		expect(world.calls.find((c) => c.id === waiting.id)!.state).toBe('completed');
		expect(toolsCalls(world, 'files')).toBe(1);
	});

	it('drill 3: an oversized result → the whole raw result as an artifact, the model a bounded summary', async () => {
		const world = await started();
		const call = await world.callTool('mcp.files.export_log', {});
		const text = (call.toolsource!.artifact!.raw.match(/"text":"(.*)"/)![1] ?? '').replace(
			/\\n/g,
			'\n'
		);
		expect(text.length).toBe(2459);
		expect(call.output).toBe(
			`${text.slice(0, 500)}\n[truncated: showing 500 of 2459 characters; full result in artifact artifact-${call.id}]`
		);
		expect(call.toolsource).toMatchObject({
			truncated: true,
			artifact: { id: `artifact-${call.id}` }
		});
	});

	it('drill 4: a hung server → timeout → unknown; notifications/cancelled is sent', async () => {
		const world = await started();
		await world.hang('files');
		const call = await world.callTool('mcp.files.read_file', { path: '/a' });
		expect(call).toMatchObject({
			state: 'unknown',
			output:
				'Outcome unknown for mcp.files.read_file: no answer within 5000 ms. The side effect cannot be confirmed; the run is interrupted until this call is reconciled.'
		});
		expect(call.endedAt! - call.startedAt).toBe(5000);
		expect(sentMethods(world, 'files').slice(-2)).toEqual([
			'tools/call',
			'notifications/cancelled'
		]);
	});

	it('unsupported content is stored raw and the model is told', async () => {
		const world = await started();
		const call = await world.callTool('mcp.files.screenshot', {});
		expect(call.output).toBe(
			'screen 1\n[unsupported content type: image (image/png); stored raw in the artifact]'
		);
		expect(call.toolsource!.unsupported).toEqual(['image (image/png)']);
		expect(call.toolsource!.artifact!.raw).toContain('iVBORw0KGgo=');
	});

	/** A world that runs `act` the first time simulated time is about to move after `arm()`. */
	function withInterrupt(act: (world: World) => Promise<void>) {
		let armed = false;
		let pending: Promise<void> | null = null;
		const world = makeWorld(toolSourceScenario, {
			pace: async () => {
				if (!armed) return;
				armed = false;
				pending = act(world);
			}
		});
		return {
			world,
			arm: () => (armed = true),
			done: () => pending
		};
	}

	it('cancel mid-call stops the local wait at once and sends notifications/cancelled', async () => {
		const { world, arm, done } = withInterrupt((w) => w.cancelCall(w.calls.at(-1)!.id));
		await world.startSession();
		await world.hang('tickets');
		const call = await world.callTool('mcp.tickets.create_ticket', { title: 'x' });
		arm();
		await world.answerApproval(call.id, true);
		await done();
		const ended = world.calls.at(-1)!;
		expect(ended).toMatchObject({
			state: 'cancelled',
			output: 'Cancelled mcp.tickets.create_ticket: the harness stopped waiting'
		});
		// Long before the 5000 ms timeout: the first thing time moved for was the cancel.
		expect(ended.endedAt! - ended.startedAt).toBeLessThan(5000);
		const cancel = world.wire.entries.find(
			(e) =>
				e.kind === 'message' &&
				'method' in e.message &&
				e.message.method === 'notifications/cancelled'
		);
		expect(cancel).toMatchObject({ message: { params: { reason: 'Cancelled by the user' } } });
		// The journal knows the request went out; cancelled is not unknown, so the run goes on.
		expect(world.toolSource!.journal.at(-1)).toMatchObject({ outcome: 'cancelled' });
		expect(world.toolSource!.run).toBe('running');
	});

	it('cancelling a call that waits for approval ends it without persisting or sending', async () => {
		const world = await started();
		const call = await world.callTool('mcp.files.write_file', { path: '/a', text: 'b' });
		await world.cancelCall(call.id);
		expect(world.calls.at(-1)).toMatchObject({ state: 'cancelled', sent: null });
		expect(world.toolSource!.journal).toEqual([]);
		await expect(world.cancelCall(call.id)).rejects.toThrow(`Call ${call.id} is not in flight.`);
	});

	it('a restart lists calls left after intent persisted for reconciliation and replays nothing', async () => {
		const { world, arm, done } = withInterrupt((w) => w.restartHarness());
		await world.startSession();
		await world.hang('tickets');
		const call = await world.callTool('mcp.tickets.create_ticket', { title: 'x' });
		const waiting = await world.callTool('mcp.files.write_file', { path: '/a', text: 'b' });
		arm();
		// Approved, the request is written, and the harness dies before any answer.
		await world.answerApproval(call.id, true);
		await done();
		const first = world.calls.find((c) => c.id === call.id)!;
		expect(first).toMatchObject({
			state: 'unknown',
			output:
				'Outcome unknown for mcp.tickets.create_ticket: the harness restarted after the intent was persisted. The side effect cannot be confirmed; the run is interrupted until this call is reconciled.'
		});
		expect(world.calls.find((c) => c.id === waiting.id)).toMatchObject({ state: 'cancelled' });
		// Both endings are events, so the live region and lab goals hear of them.
		expect(
			world.events.filter((e) => e.kind === 'call').map((e) => e.kind === 'call' && [e.id, e.state])
		).toEqual([
			[call.id, 'unknown'],
			[waiting.id, 'cancelled']
		]);
		expect(world.toolSource).toMatchObject({ run: 'interrupted', unreconciled: [call.id] });
		// Nothing replayed, and a dying harness sends no cancellation.
		expect(toolsCalls(world, 'tickets')).toBe(1);
		const messages = world.wire.entries.flatMap((e) =>
			e.server === 'tickets' && e.kind === 'message' ? [e.message as Record<string, unknown>] : []
		);
		const request = messages.find((m) => m.method === 'tools/call')!;
		const cancels = messages.filter((m) => m.method === 'notifications/cancelled');
		expect(cancels.map((m) => (m.params as { requestId: unknown }).requestId)).not.toContain(
			request.id
		);
		expect(world.sessionStarted).toBe(true);
		expect(world.registryHistory.at(-1)!.entries.length).toBeGreaterThan(0);
	});

	it('the snapshot uses ToolSource words for calls[].state', async () => {
		const world = await started();
		await world.callTool('mcp.files.delete_file', {});
		expect(worldSnapshot(world, { lab: 'x', step: 0 }).calls).toEqual([
			{
				id: 'c1',
				name: 'mcp.files.delete_file',
				state: 'permission_denied',
				isError: true,
				output: 'Permission denied: mcp.files.delete_file is not on the allowlist',
				error: 'Permission denied: mcp.files.delete_file is not on the allowlist'
			}
		]);
	});
});
