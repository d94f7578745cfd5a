import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { resourceTools } from '../profiles/openharness/resource-tools';
import { loadCallChecks } from '../profiles/openharness/lazy-call-checks';
import {
	callMachine,
	callWithExecute,
	type CallInput,
	type CallStage,
	type ExecuteInput,
	type ExecuteOutput
} from './call.machine';
import { done, executeEvents, input, okResult, registry, serializeEvent } from './call.fixtures';
import { UNASKED_STAGES } from './test-stages';

// The world loads the input model with its first command; these tests drive the machine alone.
await loadCallChecks();

const DEFAULT_PROMPT =
	'Mutating tools require user confirmation in default mode. Approve the prompt when asked, or run /permissions full_auto if you want to allow them for this session.';
const PLAN = 'Plan mode blocks mutating tools until the user exits plan mode';

function completedPaths(callInput: CallInput) {
	return getSimplePaths(callMachine, {
		input: callInput,
		events: executeEvents as never,
		serializeEvent: serializeEvent as never
	}).filter((p) => p.state.status === 'done');
}

const stageNames = (stages: { stage: CallStage }[]) => stages.map((s) => s.stage);

const VALIDATION_ERROR =
	'Invalid input for mcp__fs__read_file: 1 validation error for Mcp__Fs__Read_FileInput\n' +
	'path\n' +
	"  Field required [type=missing, input_value={'limit': 5}, input_type=dict]\n" +
	'    For further information visit https://errors.pydantic.dev/2.13/v/missing';

/** Each way a call can end: the input, the events that lead there, the text and the stages. */
const outcomes: {
	label: string;
	input: CallInput;
	last: string | null;
	output: string;
	isError: boolean;
	stages: CallStage[];
}[] = [
	{
		label: 'blocked by a pre_tool_use hook (its reason)',
		input: input({
			hooks: {
				pre_tool_use: [{ matcher: 'mcp__fs__*', block: true, reason: 'fs is read-only today' }]
			}
		}),
		last: null,
		output: 'fs is read-only today',
		isError: true,
		stages: ['preToolUse']
	},
	{
		label: 'blocked by a pre_tool_use hook without a reason, before lookup of an unknown tool',
		input: input({
			name: 'mcp__gone__tool',
			hooks: { pre_tool_use: [{ matcher: 'mcp__*', block: true }] }
		}),
		last: null,
		output: 'pre_tool_use hook blocked mcp__gone__tool',
		isError: true,
		stages: ['preToolUse']
	},
	{
		label: 'unknown tool',
		input: input({ name: 'mcp__fs__delete' }),
		last: null,
		output: 'Unknown tool: mcp__fs__delete',
		isError: true,
		stages: ['preToolUse', 'lookup']
	},
	{
		label: 'invalid input',
		input: input({ arguments: { limit: 5 } }),
		last: null,
		output: VALIDATION_ERROR,
		isError: true,
		stages: ['preToolUse', 'lookup', 'validation']
	},
	{
		label: 'denied by plan mode',
		input: input({ permissions: { mode: 'plan' } }),
		last: null,
		output: PLAN,
		isError: true,
		stages: ['preToolUse', 'lookup', 'validation', 'permission']
	},
	{
		label: 'denied: credential path, even in full_auto',
		input: input({ arguments: { path: '~/.ssh/id_ed25519' } }),
		last: null,
		output:
			"Access denied: /home/user/.ssh/id_ed25519 is a sensitive credential path (matched built-in pattern '*/.ssh/*')",
		isError: true,
		stages: ['preToolUse', 'lookup', 'validation', 'permission']
	},
	{
		label: 'refused by the user (the prompt text)',
		input: input({ permissions: { mode: 'default' } }),
		last: 'REFUSE',
		output: DEFAULT_PROMPT,
		isError: true,
		stages: ['preToolUse', 'lookup', 'validation', 'permission', 'awaitingApproval']
	},
	{
		label: 'approved, then a result',
		input: input({ permissions: { mode: 'default' } }),
		last: 'xstate.done.actor.execute',
		output: 'hello',
		isError: false,
		stages: [
			'preToolUse',
			'lookup',
			'validation',
			'permission',
			'awaitingApproval',
			'executing',
			'normalising',
			'postToolUse'
		]
	}
];

describe('call machine (path tests)', () => {
	it('only `executing` invokes anything', () => {
		const invoking = Object.entries(callMachine.root.states)
			.filter(([, node]) => node.invoke.length > 0)
			.map(([key]) => key);
		expect(invoking).toEqual(['executing']);
	});

	it.each(outcomes)('$label', ({ input: callInput, last, output, isError, stages }) => {
		const path = completedPaths(callInput).find(
			(p) =>
				(last === null ? p.steps.length === 1 : p.steps.at(-1)?.event.type === last) &&
				p.state.context.output === output
		);
		expect(path).toBeDefined();
		const context = path!.state.context;
		expect(context).toMatchObject({ output, isError, error: isError ? output : '' });
		expect(stageNames(context.stages)).toEqual(stages);
		expect(path!.state.output).toMatchObject({ id: 'c1', output, isError });
	});

	it('reaches every terminal outcome', () => {
		const kinds = new Set<string>();
		for (const callInput of [
			...outcomes.map((o) => o.input),
			input({ permissions: { mode: 'full_auto' } })
		])
			for (const p of completedPaths(callInput)) {
				const last = p.state.context.stages.at(-1)!;
				const execution = p.state.context.stages.find((s) => s.stage === 'executing');
				const normal = p.state.context.stages.find((s) => s.stage === 'normalising');
				kinds.add(
					last.stage === 'postToolUse'
						? `${execution!.outcome}/${normal!.outcome}`
						: `${last.stage}:${last.outcome}`
				);
			}
		expect([...kinds].sort()).toEqual(
			[
				'preToolUse:blocked',
				'lookup:unknown',
				'validation:invalid',
				'permission:deny',
				'awaitingApproval:refused',
				'returned/inline',
				'returned/truncated',
				'not-connected/inline',
				'call-failed/inline'
			].sort()
		);
	});

	it('asks in default mode and waits: APPROVE executes, REFUSE ends the call', () => {
		const paths = getShortestPaths(callMachine, {
			input: input({ permissions: { mode: 'default' } }),
			events: executeEvents as never
		});
		const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
		expect([...values].sort()).toEqual(['"awaitingApproval"', '"completed"', '"executing"']);
		const approved = paths.find((p) => p.state.matches('executing'))!;
		expect(approved.steps.map((s) => s.event.type)).toEqual(['xstate.init', 'APPROVE']);
		expect(approved.state.context.decision).toMatchObject({
			decision: 'ask',
			prompt: DEFAULT_PROMPT
		});
	});

	it('executes at once when the checker allows', () => {
		const paths = getShortestPaths(callMachine, { input: input(), events: executeEvents as never });
		const executing = paths.find((p) => p.state.matches('executing'))!;
		expect(executing.steps.map((s) => s.event.type)).toEqual(['xstate.init']);
		expect(executing.state.context.sent).toEqual({ path: 'README.md' });
	});

	describe('execution outcomes (full_auto)', () => {
		const cases: [string, string, boolean][] = [
			['xstate.done.actor.execute', 'hello', false],
			// The result's isError flag is ignored: the model sees a success.
			['xstate.done.actor.execute', 'boom', false],
			['xstate.done.actor.execute', "MCP server 'fs' is not connected: ", true],
			// Python's str(McpError): the TS client's `MCP error -32001: ` prefix is not shown.
			['xstate.error.actor.execute', "MCP server 'fs' call failed: Request timed out", true],
			['xstate.error.actor.execute', "MCP server 'fs' is not connected: unknown server", true],
			// str(exc) of an exception without a message is empty (no class-name fallback here).
			['xstate.error.actor.execute', "MCP server 'fs' call failed: ", true]
		];
		const paths = completedPaths(input());

		it.each(cases)('%s → %s', (eventType, output, isError) => {
			const path = paths.find(
				(p) => p.steps.at(-1)?.event.type === eventType && p.state.context.output === output
			);
			expect(path).toBeDefined();
			const context = path!.state.context;
			expect(context).toMatchObject({
				isError,
				error: isError ? output : '',
				sent: { path: 'README.md' }
			});
			expect(stageNames(context.stages)).toEqual(UNASKED_STAGES);
			// post_tool_use runs after results and after MCP errors alike, and sees what the model sees.
			expect(context.stages.at(-1)).toEqual({
				stage: 'postToolUse',
				outcome: 'ran',
				detail: {
					ran: [{ matcher: 'mcp__fs__*', note: 'audit' }],
					payload: {
						tool_name: 'mcp__fs__read_file',
						tool_input: { path: 'README.md', extra: true },
						tool_output: output,
						tool_is_error: isError,
						event: 'post_tool_use'
					}
				}
			});
		});

		it('truncates a long result, saves it as an artifact and the post hooks see the block', () => {
			const path = paths.find((p) => p.state.context.artifact !== null)!;
			const context = path.state.context;
			expect(context.artifact).toEqual({
				id: 'tool_artifacts/c1-mcp__fs__read_file.txt',
				chars: 16_001
			});
			expect(context.fullOutput).toBe('z'.repeat(16_001));
			expect(context.output).toBe(
				'[Tool output truncated]\n' +
					'Tool: mcp__fs__read_file\n' +
					'Tool use id: c1\n' +
					'Original size: 16001 chars\n' +
					'Full output saved to: tool_artifacts/c1-mcp__fs__read_file.txt\n' +
					'Inline preview: first 3000 chars (13001 chars omitted)\n\n' +
					'Preview:\n' +
					'z'.repeat(3_000)
			);
			expect(context.isError).toBe(false);
			const post = context.stages.at(-1)!;
			expect(post.stage === 'postToolUse' && post.detail.payload.tool_output).toBe(context.output);
		});
	});

	it('never runs post_tool_use for a call stopped before execution', () => {
		for (const o of outcomes.filter((o) => o.isError))
			for (const p of completedPaths(o.input).filter((p) => p.state.context.output === o.output))
				expect(stageNames(p.state.context.stages)).not.toContain('postToolUse');
	});
});

describe('call machine with the world’s execute', () => {
	it('sends the validated arguments to the server’s own tool name and stamps stages with the simulated clock', async () => {
		const calls: ExecuteInput[] = [];
		let t = 100;
		const machine = callWithExecute(async (request) => {
			calls.push(request);
			t = 250;
			return { content: [{ type: 'text', text: 'ok' }] };
		});
		const actor = createActor(machine, {
			input: input({ arguments: { path: 'a.txt', limit: '5', junk: 1 }, now: () => t })
		}).start();
		const outcome = await toPromise(actor);
		expect(calls).toEqual([
			{ tool: 'read_file', server: 'fs', arguments: { path: 'a.txt', limit: 5 } }
		]);
		expect(outcome).toMatchObject({
			output: 'ok',
			isError: false,
			sent: { path: 'a.txt', limit: 5 }
		});
		expect(outcome.stages.map((s) => [s.stage, s.startedAt])).toEqual([
			['preToolUse', 100],
			['lookup', 100],
			['validation', 100],
			['permission', 100],
			['executing', 100],
			['normalising', 250],
			['postToolUse', 250]
		]);
	});

	it('waits for approval, and a rejection becomes "call failed"', async () => {
		const machine = callWithExecute(async () => {
			throw new McpError(ErrorCode.ConnectionClosed, 'Connection closed');
		});
		const actor = createActor(machine, {
			input: input({ permissions: { mode: 'default' } })
		}).start();
		expect(actor.getSnapshot().value).toBe('awaitingApproval');
		actor.send({ type: 'APPROVE' });
		const outcome = await toPromise(actor);
		expect(outcome).toMatchObject({
			output: "MCP server 'fs' call failed: Connection closed",
			isError: true
		});
		expect(outcome.stages.find((s) => s.stage === 'awaitingApproval')).toMatchObject({
			outcome: 'approved'
		});
	});

	it('records what each stage decided', async () => {
		const actor = createActor(
			callWithExecute(async () => okResult),
			{
				input: input({ arguments: { path: 'README.md', extra: true } })
			}
		).start();
		const { stages } = await toPromise(actor);
		expect(stages[1]).toEqual({
			stage: 'lookup',
			outcome: 'found',
			detail: { server: 'fs', tool: 'read_file', error: null }
		});
		expect(stages[2]).toMatchObject({
			stage: 'validation',
			outcome: 'valid',
			detail: { ok: true, sent: { path: 'README.md' }, dropped: ['extra'] }
		});
		expect(stages[3]).toMatchObject({
			stage: 'permission',
			outcome: 'allow',
			detail: { rule: 'full-auto', filePath: '/home/user/project/README.md' }
		});
		expect(stages[4]).toMatchObject({
			stage: 'executing',
			outcome: 'returned',
			detail: { input: { tool: 'read_file', server: 'fs', arguments: { path: 'README.md' } } }
		});
		expect(stages[5]).toEqual({
			stage: 'normalising',
			outcome: 'inline',
			detail: { text: 'hello', chars: 5, artifact: null }
		});
	});
});

describe('call machine with OpenHarness’s built-in resource tools', () => {
	const builtins = resourceTools();
	const run = async (
		name: string,
		args: Record<string, unknown>,
		execute: (request: ExecuteInput) => Promise<ExecuteOutput>,
		over: Partial<CallInput> = {}
	) => {
		const calls: ExecuteInput[] = [];
		const machine = callWithExecute(async (request) => {
			calls.push(request);
			return execute(request);
		});
		const actor = createActor(machine, {
			input: input({ name, arguments: args, registry: [...builtins, ...registry], ...over })
		}).start();
		return { outcome: await toPromise(actor), calls };
	};

	const listed = [{ server: 'docs', uri: 'file:///a.md', name: 'a', description: 'Alpha' }];

	it('list_mcp_resources: the tool’s own text is the output; what it read is the result', async () => {
		const { outcome, calls } = await run('list_mcp_resources', { junk: 1 }, async () => ({
			kind: 'builtin',
			text: 'docs:file:///a.md Alpha',
			read: listed
		}));
		// Validated by its empty model (unknown keys dropped); it belongs to no server.
		expect(calls).toEqual([
			{ tool: 'list_mcp_resources', server: '', arguments: {}, builtin: true }
		]);
		expect(outcome).toMatchObject({ output: 'docs:file:///a.md Alpha', isError: false });
		expect(outcome.stages.find((s) => s.stage === 'executing')).toMatchObject({
			outcome: 'returned',
			detail: { result: listed, error: null }
		});
	});

	it('read_mcp_resource: executes on the server its arguments name; a long text is truncated', async () => {
		const read = { contents: [{ uri: 'u', text: 'z'.repeat(16_001) }] };
		const { outcome, calls } = await run(
			'read_mcp_resource',
			{ server: 'docs', uri: 'u' },
			async () => ({ kind: 'builtin', text: 'z'.repeat(16_001), read })
		);
		expect(calls).toEqual([
			{
				tool: 'read_mcp_resource',
				server: 'docs',
				arguments: { server: 'docs', uri: 'u' },
				builtin: true
			}
		]);
		expect(outcome.output.startsWith('[Tool output truncated]')).toBe(true);
		expect(outcome).toMatchObject({ isError: false, fullOutput: 'z'.repeat(16_001) });
	});

	it('read_mcp_resource: a rejection is "resource read failed", not "call failed"', async () => {
		const { outcome } = await run('read_mcp_resource', { server: 'docs', uri: 'u' }, async () => {
			throw new McpError(-32002, 'Resource not found');
		});
		expect(outcome.output).toBe("MCP server 'docs' resource read failed: Resource not found");
		const { outcome: refused } = await run(
			'read_mcp_resource',
			{ server: 'x', uri: 'u' },
			async () => ({
				kind: 'not-connected',
				detail: 'unknown server'
			})
		);
		expect(refused.output).toBe("MCP server 'x' is not connected: unknown server");
		expect(stageNames(refused.stages)).toEqual(UNASKED_STAGES);
	});

	it('validates with the pydantic model’s own class name, and is read-only in plan mode', async () => {
		const { outcome, calls } = await run('read_mcp_resource', { uri: 'u' }, async () => ({
			kind: 'builtin',
			text: '',
			read: null
		}));
		expect(calls).toEqual([]);
		expect(outcome.output).toBe(
			'Invalid input for read_mcp_resource: 1 validation error for ReadMcpResourceToolInput\n' +
				'server\n' +
				"  Field required [type=missing, input_value={'uri': 'u'}, input_type=dict]\n" +
				'    For further information visit https://errors.pydantic.dev/2.13/v/missing'
		);
		const { outcome: planned } = await run(
			'list_mcp_resources',
			{},
			async () => ({ kind: 'builtin', text: '(no MCP resources)', read: [] }),
			{ permissions: { mode: 'plan' } }
		);
		expect(planned.output).toBe('(no MCP resources)');
		expect(planned.stages.find((s) => s.stage === 'permission')).toMatchObject({
			outcome: 'allow',
			detail: { decision: 'allow', reason: 'read-only tools are allowed', rule: 'read-only' }
		});
	});
});

describe('call machine in step mode', () => {
	const step = { type: 'STEP' } as const;
	const stepping = (over: Partial<CallInput> = {}) => input({ stepping: true, ...over });
	const start = (callInput: CallInput) =>
		createActor(
			callWithExecute(async () => okResult),
			{ input: callInput }
		).start();

	it('holds in preToolUse with its record already made, until STEP', () => {
		const actor = start(stepping());
		const snapshot = actor.getSnapshot();
		expect(snapshot.value).toBe('preToolUse');
		expect(snapshot.context.held).toBe(true);
		expect(stageNames(snapshot.context.stages)).toEqual(['preToolUse']);
		actor.send(step);
		expect(actor.getSnapshot().value).toBe('lookup');
		expect(stageNames(actor.getSnapshot().context.stages)).toEqual(['preToolUse', 'lookup']);
	});

	it('walks a successful call one stage per STEP, to the same outcome as run mode', async () => {
		const actor = start(stepping());
		const seen: string[] = [actor.getSnapshot().value as string];
		for (const _ of [1, 2, 3, 4]) {
			actor.send(step);
			seen.push(actor.getSnapshot().value as string);
		}
		expect(seen).toEqual(['preToolUse', 'lookup', 'validation', 'permission', 'executing']);
		// The execute stage ends by itself; the next pure stage holds again.
		await new Promise<void>((resolve) =>
			actor.subscribe((s) => s.matches('normalising') && resolve())
		);
		expect(actor.getSnapshot().context.held).toBe(true);
		actor.send(step);
		expect(actor.getSnapshot().value).toBe('postToolUse');
		actor.send(step);
		const stepped = actor.getSnapshot();
		expect(stepped.status).toBe('done');

		const ran = await toPromise(start(input()));
		expect(stepped.output).toEqual(ran);
	});

	it('RUN lets the call finish without holding again', async () => {
		const actor = start(stepping());
		actor.send({ type: 'RUN' });
		const outcome = await toPromise(actor);
		expect(outcome).toMatchObject({ output: 'hello', isError: false });
		expect(actor.getSnapshot().context).toMatchObject({ stepping: false, held: false });
	});

	it.each([
		[
			'blocked by a pre hook',
			stepping({ hooks: { pre_tool_use: [{ matcher: 'mcp__fs__*', block: true, reason: 'no' }] } }),
			'preToolUse',
			0
		],
		['unknown tool', stepping({ name: 'mcp__fs__delete' }), 'lookup', 1],
		['invalid input', stepping({ arguments: { limit: 5 } }), 'validation', 2],
		['denied by plan mode', stepping({ permissions: { mode: 'plan' } }), 'permission', 3]
	])(
		'%s: holds on the failing stage, and the next STEP ends it completed',
		(_label, callInput, stage, steps) => {
			const actor = start(callInput);
			for (let i = 0; i < steps; i++) actor.send(step);
			const held = actor.getSnapshot();
			expect(held.value).toBe(stage);
			expect(held.context).toMatchObject({ held: true, isError: true });
			expect(held.context.stages.at(-1)?.stage).toBe(stage);
			actor.send(step);
			expect(actor.getSnapshot().value).toBe('completed');
			expect(actor.getSnapshot().output).toMatchObject({ isError: true });
		}
	);

	it('waits for the person at awaitingApproval, as in run mode', () => {
		const actor = start(stepping({ permissions: { mode: 'default' } }));
		for (const _ of [1, 2, 3, 4]) actor.send(step);
		expect(actor.getSnapshot().value).toBe('awaitingApproval');
		actor.send(step);
		expect(actor.getSnapshot().value).toBe('awaitingApproval');
		actor.send({ type: 'APPROVE' });
		expect(actor.getSnapshot().value).toBe('executing');
	});

	it('(path test) the shortest way to a result is one STEP per pure stage', () => {
		const paths = getShortestPaths(callMachine, {
			input: stepping(),
			events: [step, done(okResult)] as never
		});
		const completed = paths.find((p) => p.state.status === 'done')!;
		expect(completed.steps.map((s) => s.event.type)).toEqual([
			'xstate.init',
			'STEP',
			'STEP',
			'STEP',
			'STEP',
			'xstate.done.actor.execute',
			'STEP',
			'STEP'
		]);
		// Every pure stage on the way was held, with its own record as the newest.
		for (const { state } of completed.steps.slice(0, -1))
			if (!state.matches('executing')) {
				expect(state.context.held).toBe(true);
				expect(state.context.stages.at(-1)?.stage).toBe(state.value);
			}
		expect(completed.state.context.output).toBe('hello');
	});
});
