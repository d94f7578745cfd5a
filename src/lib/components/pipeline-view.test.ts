import { afterEach, describe, expect, it } from 'vitest';
import type { CallRecord, ScenarioInput, World } from '$lib/core';
import { makeWorld } from '$lib/core/world/test-world';
import { startTestServer } from '$lib/server/test-live-server';
import {
	chosenCall,
	findExchange,
	inFlightByState,
	jsonEqual,
	messageId,
	stageViews,
	type Fact,
	type StageView
} from './pipeline-view';

const tickets = (
	extra: Partial<ScenarioInput> = {},
	text = 'Ticket T-1 created'
): ScenarioInput => ({
	profile: 'openharness',
	mcp_servers: {
		tickets: {
			type: 'http',
			url: 'https://tickets.example/mcp',
			sim: {
				latencyMs: 40,
				tools: [
					{
						name: 'create',
						inputSchema: {
							type: 'object',
							properties: { priority: { type: 'integer' }, title: { type: 'string' } }
						},
						result: { content: [{ type: 'text', text }] }
					}
				]
			}
		}
	},
	...extra
});

let world: World | undefined;
afterEach(() => world?.dispose());

async function started(input: ScenarioInput): Promise<World> {
	world = makeWorld(input);
	await world.startSession();
	return world;
}

const outcomes = (views: StageView[]) =>
	views.map((v) => (v.status === 'ran' ? v.outcome : v.skip ? `${v.status}:${v.skip}` : v.status));
const facts = (view: StageView | undefined) =>
	Object.fromEntries((view?.facts ?? []).map((f: Fact) => [f.label, f.text]));
const stage = (views: StageView[], name: StageView['stage']) => views.find((v) => v.stage === name);

describe('stageViews: the eight stages of a real call', () => {
	it('a successful full_auto call: every stage ran but approval, which was not asked', async () => {
		const w = await started(
			tickets({
				permissions: { mode: 'full_auto' },
				hooks: { post_tool_use: [{ matcher: 'mcp__*' }] }
			})
		);
		const call = await w.callTool('mcp__tickets__create', {
			priority: '2',
			title: 'Printer',
			extra: true
		});
		const views = stageViews(call);

		expect(views.map((v) => v.state)).toEqual([
			'pre_tool_use',
			'lookup',
			'validation',
			'permission',
			'awaiting_approval',
			'executing',
			'normalising',
			'post_tool_use'
		]);
		expect(outcomes(views)).toEqual([
			'passed',
			'found',
			'valid',
			'allow',
			'skipped:not-asked',
			'returned',
			'inline',
			'ran'
		]);
		expect(views.every((v) => !v.failed)).toBe(true);
		expect(stage(views, 'preToolUse')?.startedAt).toBe(call.startedAt);
		expect(stage(views, 'normalising')?.startedAt).toBe(call.endedAt);

		expect(facts(stage(views, 'preToolUse'))).toMatchObject({ 'hooks-none': '' });
		expect(facts(stage(views, 'lookup'))).toEqual({ server: 'tickets', 'raw-tool': 'create' });
		expect(facts(stage(views, 'validation'))).toEqual({
			sent: '{"priority":2,"title":"Printer"}',
			dropped: 'extra',
			coerced: "priority: '2' → 2"
		});
		expect(facts(stage(views, 'permission'))).toEqual({
			rule: 'full-auto',
			reason: 'Auto mode allows all tools'
		});
		expect(facts(stage(views, 'executing'))).toEqual({
			server: 'tickets',
			'raw-tool': 'create',
			arguments: '{"priority":2,"title":"Printer"}',
			result: '{"content":[{"type":"text","text":"Ticket T-1 created"}]}'
		});
		expect(facts(stage(views, 'normalising'))).toEqual({ chars: '18', 'no-artifact': '' });
		expect(facts(stage(views, 'postToolUse'))).toEqual({
			'hooks-ran': '"mcp__*"',
			'tool-output': '"Ticket T-1 created"',
			'is-error': 'false'
		});
	});

	it('an unknown tool: pre hooks and lookup ran, every later stage is skipped', async () => {
		const w = await started(tickets());
		const call = await w.callTool('mcp__tickets__nope', {});
		const views = stageViews(call);
		expect(outcomes(views)).toEqual(['passed', 'unknown', ...Array(6).fill('skipped:ended')]);
		expect(stage(views, 'lookup')?.failed).toBe(true);
		expect(facts(stage(views, 'lookup'))).toEqual({ error: 'Unknown tool: mcp__tickets__nope' });
		expect(findExchange(call, w.wire.entries)).toEqual({ kind: 'not-sent', executed: false });
	});

	it('a blocking pre_tool_use hook: the reason, and nothing after it ran', async () => {
		const w = await started(
			tickets({
				hooks: { pre_tool_use: [{ matcher: 'mcp__*', block: true, reason: 'No tickets today' }] }
			})
		);
		const call = await w.callTool('mcp__tickets__create', { title: 'x' });
		const views = stageViews(call);
		expect(outcomes(views)).toEqual(['blocked', ...Array(7).fill('skipped:ended')]);
		expect(facts(views[0])).toEqual({
			'tool-name': 'mcp__tickets__create',
			'hook-input': '{"title":"x"}',
			'hooks-ran': '"mcp__*"',
			reason: 'No tickets today'
		});
		expect(call.output).toBe('No tickets today');
	});

	it('invalid input: the exact pydantic text, and no permission check', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		const call = await w.callTool('mcp__tickets__create', { priority: 'high' });
		const views = stageViews(call);
		expect(outcomes(views).slice(0, 4)).toEqual(['passed', 'found', 'invalid', 'skipped:ended']);
		expect(facts(stage(views, 'validation')).error).toBe(call.output);
		expect(call.output).toMatch(/^Invalid input for mcp__tickets__create: /);
	});

	it('plan mode: permission denies with the rule and the reason the model gets', async () => {
		const w = await started(tickets({ permissions: { mode: 'plan' } }));
		const call = await w.callTool('mcp__tickets__create', { title: 'x' });
		const views = stageViews(call);
		expect(outcomes(views)).toEqual([
			'passed',
			'found',
			'valid',
			'deny',
			...Array(4).fill('skipped:ended')
		]);
		expect(stage(views, 'permission')?.failed).toBe(true);
		expect(facts(stage(views, 'permission'))).toEqual({
			rule: 'plan-mode',
			reason: 'Plan mode blocks mutating tools until the user exits plan mode'
		});
		expect(call.output).toBe('Plan mode blocks mutating tools until the user exits plan mode');
	});

	it('notes an allow list that names the tool by its server’s name, which never matches', async () => {
		const w = await started(tickets({ permissions: { mode: 'plan', allowed_tools: ['create'] } }));
		const call = await w.callTool('mcp__tickets__create', { title: 'x' });
		expect(facts(stage(stageViews(call), 'permission'))).toEqual({
			rule: 'plan-mode',
			'raw-listed': 'allowed_tools: create',
			reason: 'Plan mode blocks mutating tools until the user exits plan mode'
		});
	});

	it('default mode: the call is now at awaiting_approval with the prompt; approving runs the rest', async () => {
		const w = await started(tickets({ permissions: { mode: 'default' } }));
		const waiting = await w.callTool('mcp__tickets__create', { title: 'x' });
		expect(waiting.state).toBe('awaiting_approval');
		const before = stageViews(waiting);
		expect(outcomes(before)).toEqual([
			'passed',
			'found',
			'valid',
			'ask',
			'now',
			'pending',
			'pending',
			'pending'
		]);
		const prompt = facts(stage(before, 'permission')).prompt;
		expect(prompt).toMatch(/^Mutating tools require user confirmation in default mode\./);
		expect(facts(stage(before, 'awaitingApproval'))).toEqual({ prompt });
		expect(findExchange(waiting, w.wire.entries)).toEqual({ kind: 'not-yet' });

		await w.answerApproval(waiting.id, true);
		const call = w.calls.at(-1)!;
		expect(outcomes(stageViews(call))).toEqual([
			'passed',
			'found',
			'valid',
			'ask',
			'approved',
			'returned',
			'inline',
			'ran'
		]);
		expect(findExchange(call, w.wire.entries).kind).toBe('found');
	});

	it('default mode, refused: the prompt text is the error and tools/call never went out', async () => {
		const w = await started(tickets({ permissions: { mode: 'default' } }));
		const waiting = await w.callTool('mcp__tickets__create', { title: 'x' });
		await w.answerApproval(waiting.id, false);
		const call = w.calls.at(-1)!;
		const views = stageViews(call);
		expect(outcomes(views)).toEqual([
			'passed',
			'found',
			'valid',
			'ask',
			'refused',
			...Array(3).fill('skipped:ended')
		]);
		expect(facts(stage(views, 'awaitingApproval')).error).toBe(call.output);
		expect(findExchange(call, w.wire.entries)).toEqual({ kind: 'not-sent', executed: false });
	});

	it('a long output is truncated and saved as an artifact', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }, 'x'.repeat(17_000)));
		const call = await w.callTool('mcp__tickets__create', {});
		const views = stageViews(call);
		expect(stage(views, 'normalising')?.outcome).toBe('truncated');
		expect(facts(stage(views, 'normalising'))).toEqual({
			chars: '17000',
			artifact: call.artifact!.id
		});
		// The summary of a huge result stays short.
		expect(facts(stage(views, 'executing')).result.length).toBeLessThanOrEqual(301);
	});

	it('a killed server: the SDK refuses before writing, so nothing was sent', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		await w.kill('tickets');
		const call = await w.callTool('mcp__tickets__create', {});
		const views = stageViews(call);
		expect(outcomes(views).slice(5)).toEqual(['call-failed', 'inline', 'ran']);
		expect(facts(stage(views, 'executing')).error).toBe(call.output);
		// Its session raised: the status says connected, but the pipe had closed.
		const closed = { kind: 'not-sent', executed: true, closed: true };
		expect(findExchange(call, w.wire.entries)).toEqual(closed);
		// Restarted, the process runs again, but the session is still the old pipe's.
		await w.restart('tickets');
		expect(findExchange(await w.callTool('mcp__tickets__create', {}), w.wire.entries)).toEqual(
			closed
		);
	});

	it('a server that is not connected: the harness does not even try the session', async () => {
		// A registered tool of a server whose status is not connected: its reconnect failed.
		const t = await started(tickets({ permissions: { mode: 'full_auto' } }));
		await t.kill('tickets');
		await t.reconnectAll();
		const refused = await t.callTool('mcp__tickets__create', {});
		expect(refused.output).toMatch(/^MCP server 'tickets' is not connected: /);
		expect(findExchange(refused, t.wire.entries)).toEqual({ kind: 'not-sent', executed: true });
	});
});

describe('stageViews in step mode', () => {
	const statuses = (views: StageView[]) => views.map((v) => v.status);

	it('the held stage is now, with what it decided; the stages after it are pending', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		await w.setStepMode(true);
		const { id } = await w.callTool('mcp__tickets__create', { title: 'x' });
		await w.stepCall(id);
		const views = stageViews(w.calls.find((c) => c.id === id)!);
		expect(statuses(views)).toEqual([
			'ran',
			'now',
			'pending',
			'pending',
			'pending',
			'pending',
			'pending',
			'pending'
		]);
		const lookup = stage(views, 'lookup')!;
		expect(lookup).toMatchObject({ outcome: 'found', failed: false });
		expect(facts(lookup)).toEqual({ server: 'tickets', 'raw-tool': 'create' });
	});

	it('a failing stage holds as now and failed; once stepped, the call ends as in run mode', async () => {
		const w = await started(tickets({ permissions: { mode: 'plan' } }));
		await w.setStepMode(true);
		const { id } = await w.callTool('mcp__tickets__create', { title: 'x' });
		for (const _ of ['pre_tool_use', 'lookup', 'validation']) await w.stepCall(id);
		const held = stageViews(w.calls.find((c) => c.id === id)!);
		expect(stage(held, 'permission')).toMatchObject({
			status: 'now',
			outcome: 'deny',
			failed: true
		});
		await w.stepCall(id);
		const ended = stageViews(w.calls.find((c) => c.id === id)!);
		expect(outcomes(ended)).toEqual([
			'passed',
			'found',
			'valid',
			'deny',
			'skipped:ended',
			'skipped:ended',
			'skipped:ended',
			'skipped:ended'
		]);
	});
});

describe('findExchange: the call’s own tools/call on the wire', () => {
	it('finds the request with the sent arguments and the response with its id', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		const call = await w.callTool('mcp__tickets__create', { priority: 3.0, title: 'A' });
		const exchange = findExchange(call, w.wire.entries);
		if (exchange.kind !== 'found') throw new Error(exchange.kind);
		const { request, response } = exchange;
		expect(request.dir).toBe('to-server');
		expect(request.server).toBe('tickets');
		expect(request.message).toMatchObject({
			method: 'tools/call',
			params: { name: 'create', arguments: call.sent }
		});
		expect(response).not.toBeNull();
		expect(response!.dir).toBe('to-host');
		expect(messageId(response!)).toBe(messageId(request));
		expect(response!.seq).toBeGreaterThan(request.seq);
		expect(response!.message).toMatchObject({
			result: { content: [{ type: 'text', text: 'Ticket T-1 created' }] }
		});
	});

	it('on a live server, finds the response past the HTTP exchange logged between', async () => {
		const server = await startTestServer();
		try {
			const w = await started({
				profile: 'openharness',
				mcp_servers: { live: { type: 'http', url: server.url, live: true } }
			});
			const call = await w.callTool('mcp__live__greet', { name: 'Ada' });
			const exchange = findExchange(call, w.wire.entries);
			if (exchange.kind !== 'found') throw new Error(exchange.kind);
			const between = w.wire.entries.filter(
				(e) => e.seq > exchange.request.seq && e.seq < (exchange.response?.seq ?? 0)
			);
			expect(between.map((e) => e.kind === 'transport' && e.event)).toEqual(['http']);
			expect(exchange.response!.message).toMatchObject({
				result: { content: [{ type: 'text', text: 'Hello, Ada!' }] }
			});
		} finally {
			world?.dispose();
			world = undefined;
			await server.close();
		}
	});

	it('tells two identical calls apart by when each ran', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		const first = await w.callTool('mcp__tickets__create', { title: 'same' });
		const second = await w.callTool('mcp__tickets__create', { title: 'same' });
		const a = findExchange(first, w.wire.entries);
		const b = findExchange(second, w.wire.entries);
		if (a.kind !== 'found' || b.kind !== 'found') throw new Error('not found');
		expect(a.request.seq).toBeLessThan(b.request.seq);
		expect(messageId(a.request)).not.toBe(messageId(b.request));
		expect(a.response!.seq).toBeLessThan(b.request.seq);
	});

	it('two identical calls at the same simulated moment each show their own exchange', async () => {
		// No latency: the lab's clock does not move between them (as for a live call, or lab 10).
		const instant = tickets({ permissions: { mode: 'full_auto' } });
		(instant.mcp_servers as Record<string, { sim: { latencyMs: number } }>).tickets.sim.latencyMs =
			0;
		const w = await started(instant);
		const first = await w.callTool('mcp__tickets__create', { title: 'same' });
		const second = await w.callTool('mcp__tickets__create', { title: 'same' });
		expect(second.startedAt).toBe(first.startedAt);
		const a = findExchange(first, w.wire.entries, w.calls);
		const b = findExchange(second, w.wire.entries, w.calls);
		if (a.kind !== 'found' || b.kind !== 'found') throw new Error('not found');
		expect(a.request.seq).toBeLessThan(b.request.seq);
		expect(messageId(b.request)).not.toBe(messageId(a.request));
		expect(messageId(b.response!)).toBe(messageId(b.request));
		// By time alone, the second would be shown the first one's exchange.
		const byTime = findExchange(second, w.wire.entries);
		expect(byTime.kind === 'found' && byTime.request.seq).toBe(a.request.seq);
	});

	it('a hung server: the request went out unread and no response came', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		await w.hang('tickets');
		const call = await w.callTool('mcp__tickets__create', { title: 'x' });
		expect(stageViews(call).find((v) => v.stage === 'executing')?.outcome).toBe('call-failed');
		const exchange = findExchange(call, w.wire.entries);
		if (exchange.kind !== 'found') throw new Error(exchange.kind);
		expect(exchange.request.note).toBe('unread');
		expect(exchange.response).toBeNull();
	});

	it('a timed-out call and the identical call right after it each find their own request', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		await w.hang('tickets');
		const first = await w.callTool('mcp__tickets__create', { title: 'x' });
		const second = await w.callTool('mcp__tickets__create', { title: 'x' });
		const a = findExchange(first, w.wire.entries);
		const b = findExchange(second, w.wire.entries);
		if (a.kind !== 'found' || b.kind !== 'found') throw new Error('not found');
		expect(b.request.t).toBe(first.endedAt);
		expect(a.request.seq).toBeLessThan(b.request.seq);
		expect(a.request.t).toBe(first.stages.find((s) => s.stage === 'executing')?.startedAt);
	});

	it('reports a request that has left the log', async () => {
		const w = await started(tickets({ permissions: { mode: 'full_auto' } }));
		const call = await w.callTool('mcp__tickets__create', { title: 'x' });
		const withoutIt = w.wire.entries.filter(
			(e) => !(e.kind === 'message' && (e.message as { method?: string }).method === 'tools/call')
		);
		expect(findExchange(call, withoutIt)).toEqual({ kind: 'missing' });
	});
});

describe('OpenHarness’s built-in resource tools in the pipeline view', () => {
	const docs: ScenarioInput = {
		mcp_servers: {
			docs: {
				type: 'stdio',
				command: 'docs-mcp',
				sim: { resources: [{ uri: 'file:///a.md', name: 'a', description: 'A', text: 'hi' }] }
			}
		}
	};

	it('read_mcp_resource: its resources/read on the server it names, and the answer', async () => {
		const w = await started(docs);
		const call = await w.callTool('read_mcp_resource', { server: 'docs', uri: 'file:///a.md' });
		const views = stageViews(call);
		expect(facts(stage(views, 'lookup'))).toEqual({ 'raw-tool': 'read_mcp_resource' });
		expect(facts(stage(views, 'executing'))).toMatchObject({
			server: 'docs',
			'raw-tool': 'read_mcp_resource',
			arguments: '{"server":"docs","uri":"file:///a.md"}'
		});
		const exchange = findExchange(call, w.wire.entries);
		if (exchange.kind !== 'found') throw new Error(exchange.kind);
		expect(exchange.request).toMatchObject({
			server: 'docs',
			message: { method: 'resources/read', params: { uri: 'file:///a.md' } }
		});
		expect(exchange.response?.message).toMatchObject({
			result: { contents: [{ uri: 'file:///a.md', text: 'hi' }] }
		});
	});

	it('read_mcp_resource on a killed server: read-failed, and nothing was written', async () => {
		const w = await started(docs);
		await w.kill('docs');
		const call = await w.callTool('read_mcp_resource', { server: 'docs', uri: 'file:///a.md' });
		const views = stageViews(call);
		expect(outcomes(views).slice(5)).toEqual(['read-failed', 'inline', 'ran']);
		expect(stage(views, 'executing')?.failed).toBe(true);
		expect(findExchange(call, w.wire.entries)).toEqual({
			kind: 'not-sent',
			executed: true,
			closed: true
		});
	});

	it('list_mcp_resources: nothing crosses the wire', async () => {
		const w = await started(docs);
		const call = await w.callTool('list_mcp_resources');
		expect(outcomes(stageViews(call)).slice(3)).toEqual([
			'allow',
			'skipped:not-asked',
			'returned',
			'inline',
			'ran'
		]);
		expect(findExchange(call, w.wire.entries)).toEqual({ kind: 'local' });
	});
});

describe('helpers', () => {
	it('jsonEqual ignores key order only', () => {
		expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
		expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
		expect(jsonEqual([1, 2], [2, 1])).toBe(false);
		expect(jsonEqual({ a: '1' }, { a: 1 })).toBe(false);
	});

	it('chosenCall follows the newest unless a call still in the list was picked', () => {
		const calls = [{ id: 'c1' }, { id: 'c2' }] as CallRecord[];
		expect(chosenCall(calls, null)?.id).toBe('c2');
		expect(chosenCall(calls, 'c1')?.id).toBe('c1');
		expect(chosenCall(calls, 'c9')?.id).toBe('c2');
		expect(chosenCall([], null)).toBeUndefined();
	});
});

describe('inFlightByState: every call in flight on its stage', () => {
	it('calls of one turn waiting for approval sit on awaiting_approval; ended ones are not listed', async () => {
		const w = await started(tickets({ permissions: { mode: 'default' } }));
		await w.callTools([
			{ name: 'mcp__tickets__create', arguments: { title: 'a' } },
			{ name: 'mcp__tickets__create', arguments: { title: 'b' } },
			{ name: 'mcp__tickets__nope' }
		]);
		expect([...inFlightByState(w.calls)]).toEqual([['awaiting_approval', ['c1', 'c2']]]);
		await w.answerApproval('c1', true);
		expect([...inFlightByState(w.calls)]).toEqual([['awaiting_approval', ['c2']]]);
		await w.setStepMode(true);
		await w.callTool('mcp__tickets__create', { title: 'c' });
		expect(inFlightByState(w.calls).get('pre_tool_use')).toEqual(['c4']);
	});
});
