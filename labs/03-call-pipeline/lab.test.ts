import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCodeSpansReal, LabWalk, loadLab, locales, labMessages } from '../test-support';
import { fnmatch } from '../../src/lib/core/profiles/openharness/hooks';
import {
	permissionModes,
	permissionsSchema
} from '../../src/lib/core/profiles/openharness/permissions';
import {
	INLINE_LIMIT,
	PREVIEW_CHARS,
	TRUNCATION_MARKER
} from '../../src/lib/core/profiles/openharness/truncation';
import { parseScenario } from '../../src/lib/core/scenario/parse';
import type { CallRecord } from '../../src/lib/core/world/world';
import { World } from '../../src/lib/core/world/world';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

const { lab, texts } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const CREATE = 'mcp__tickets__create_ticket';
const SEARCH = 'mcp__tickets__search_tickets';
const CLOSE = 'mcp__tickets__close_ticket';
const STATS = 'mcp__tickets__ticket_stats';
const READ = 'mcp__files__read_file';
const DELETE = 'mcp__files__delete_file';
const ticket = { title: 'Printer on fire', priority: 2 };
const logPath = { path: '/var/log/tickets/access.log' };

type RawScenario = {
	mcp_servers: Record<string, { sim: { tools: Array<Record<string, unknown>> } }>;
	hooks: { pre_tool_use: Array<Record<string, unknown>> };
	permissions: Record<string, unknown>;
};

/** lab.json's scenario, raw, to derive variants from. */
function rawScenario(): RawScenario {
	return structuredClone(JSON.parse(read('./lab.json')).scenario) as RawScenario;
}

function simTool(raw: RawScenario, server: string, name: string): Record<string, unknown> {
	const tool = raw.mcp_servers[server].sim.tools.find((t) => t.name === name);
	if (!tool) throw new Error(`${server} has no tool ${name}`);
	return tool;
}

async function startedWorld(raw: unknown): Promise<World> {
	const parsed = parseScenario(raw);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	const world = new World(parsed.scenario);
	await world.startSession();
	return world;
}

const logText = (() => {
	const result = simTool(rawScenario(), 'files', 'read_file').result as {
		content: Array<{ text: string }>;
	};
	return result.content[0].text;
})();

describe('lab 03-call-pipeline: definition', () => {
	it('is a valid lab with unique ids and predictions answered by one of their options', () => {
		expect(lab.id).toBe('03-call-pipeline');
		expect(lab.order).toBe(3);
		expect(lab.panels).toEqual(['servers', 'pipeline', 'registry', 'log']);
		expect(lab.scenario.permissions?.mode).toBe('full_auto');
		const steps = lab.steps.map((s) => s.id);
		expect(new Set(steps).size).toBe(steps.length);
		for (const step of lab.steps) {
			const checks = step.checks.map((c) => c.id);
			expect(new Set(checks).size, step.id).toBe(checks.length);
			// Every step predicts, then reveals.
			expect(step.predict, step.id).toBeDefined();
			expect(step.predict!.options).toContain(step.predict!.answer);
			expect(step.solution[0], step.id).toEqual({ do: 'predict', option: step.predict!.answer });
		}
	});

	it('reads a 20,000-character log of 339 readable lines, over the inline limit', () => {
		const lines = logText.split('\n');
		expect(logText.length).toBe(20_000);
		expect(lines.length).toBe(339);
		expect(lines[0]).toBe('line 001 of 339: GET /api/tickets?page=001 200 OK in 12 ms');
		expect(new Set(lines.map((l) => l.length))).toEqual(new Set([58]));
		expect(logText.length).toBeGreaterThan(INLINE_LIMIT);
		// The preview stops in the middle of line 51.
		const preview = logText.slice(0, PREVIEW_CHARS);
		expect(preview.split('\n').length).toBe(51);
		expect(lines[50].startsWith(preview.split('\n')[50])).toBe(true);
		expect(preview.split('\n')[50]).not.toBe(lines[50]);
	});
});

describe.each(locales)('lab 03-call-pipeline: %s narration', (locale) => {
	const text = texts[locale];

	it('has a question, the options and a reveal for every prediction', () => {
		for (const step of lab.steps) {
			const t = text.steps[step.id];
			expect(t.predict?.question.length, step.id).toBeGreaterThan(0);
			expect(Object.keys(t.predict?.options ?? {}).sort(), step.id).toEqual(
				[...step.predict!.options].sort()
			);
			expect(t.reveal?.body.length, step.id).toBeGreaterThan(0);
		}
	});

	it('names the UI by its own labels', () => {
		const source = read(`./${locale}.md`);
		const m = messages[locale];
		for (const key of [
			'harness_mode',
			'call_title',
			'call_tool',
			'call_arguments',
			'call_approve',
			'call_refuse',
			'call_other_option',
			'registry_col_read_only',
			'call_error_badge',
			'wire_tool_error'
		])
			expect(source, key).toContain(m[key]);
	});
});

describe('lab 03-call-pipeline: a learner can meet every check', () => {
	it('walks every step in order, and every string quoted in the narration is real', async () => {
		const world = new World(lab.scenario);
		const produced = new Set<string>();
		/** Whole outputs and their lines: a quoted span may be the start of one. */
		const outputs = new Set<string>();
		const argumentsUsed = new Set<string>();
		const add = (text: string) => {
			produced.add(text);
			outputs.add(text);
			for (const line of text.split('\n')) {
				produced.add(line.trim());
				outputs.add(line.trim());
			}
		};
		/** Everything a finished call shows: its output, stages, outcomes, reasons and payloads. */
		const record = (c: CallRecord) => {
			produced.add(c.name);
			produced.add(c.state);
			add(c.output);
			if (c.artifact) {
				add(c.artifact.text);
				produced.add(c.artifact.id);
			}
			for (const value of Object.values(c.arguments)) produced.add(JSON.stringify(value));
			for (const value of Object.values(c.sent ?? {})) produced.add(JSON.stringify(value));
			for (const stage of c.stages) {
				// The stage as calls.ts names a call's state (preToolUse → pre_tool_use).
				produced.add(stage.stage.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`));
				produced.add(stage.outcome);
				if (stage.stage === 'permission') {
					const d = stage.detail;
					add(d.decision === 'ask' ? d.prompt : d.reason);
				}
				if (stage.stage === 'preToolUse' && stage.detail.reason) add(stage.detail.reason);
				if (stage.stage === 'postToolUse')
					for (const key of Object.keys(stage.detail.payload)) produced.add(key);
			}
		};
		// The call states the Model calls panel shows as a call moves, read as it moves.
		world.subscribe(() => {
			for (const c of world.calls) produced.add(c.state);
		});
		const walk = new LabWalk(lab, () => world);
		const step = (id: string, actions: Parameters<LabWalk['step']>[1]) => walk.step(id, actions);
		const call = async (name: string, args: Record<string, unknown>) => {
			argumentsUsed.add(JSON.stringify(args));
			const c = await world.callTool(name, args);
			if (c.state === 'completed') record(c);
			return c;
		};
		const guess = (option: string) => walk.guess(option);
		const waiting = () => world.calls.findLast((c) => c.state === 'awaiting_approval')!;
		const answer = (approve: boolean) => async () => {
			const c = waiting();
			await world.answerApproval(c.id, approve);
			record(world.calls.find((r) => r.id === c.id)!);
		};
		const mode = (m: (typeof permissionModes)[number]) => () => world.setPermissionMode(m);
		const last = () => world.calls.at(-1)!;
		const stages = (c: CallRecord) => c.stages.map((s) => `${s.stage}:${s.outcome}`);

		try {
			await world.startSession();
			// OpenHarness's own resource tools come first; they are its only read-only tools.
			expect(world.registry.map((e) => e.name)).toEqual([
				'list_mcp_resources',
				'read_mcp_resource',
				READ,
				DELETE,
				CREATE,
				SEARCH,
				CLOSE,
				STATS
			]);
			// OpenHarness never marks an MCP tool read-only, readOnlyHint or not.
			const mcpTools = world.registeredTools.filter((t) => !t.builtin);
			expect(mcpTools).toHaveLength(6);
			expect(mcpTools.every((t) => t.readOnly === false)).toBe(true);

			await step('one-call', [
				[guess('skipped'), 1],
				[() => call(SEARCH, { query: 'printer' }), 1],
				[() => call(CREATE, ticket), 2]
			]);
			expect(stages(last())).toEqual([
				'preToolUse:passed',
				'lookup:found',
				'validation:valid',
				'permission:allow',
				'executing:returned',
				'normalising:inline',
				'postToolUse:ran'
			]);
			expect(last()).toMatchObject({ server: 'tickets', tool: 'create_ticket', sent: ticket });
			expect(last().stages[0].detail).toMatchObject({ ran: [] });

			await step('hook-first', [
				[guess('invalid'), 1],
				[() => call(READ, {}), 1],
				[() => call(DELETE, {}), 2]
			]);
			expect(stages(last())).toEqual(['preToolUse:blocked']);
			expect(last().sent).toBeNull();
			// Even before lookup: a name no server offers is blocked by the same hook.
			const everything = await call('mcp__files__delete_everything', {});
			expect(stages(everything)).toEqual(['preToolUse:blocked']);
			expect(everything.output).toBe(last().output);

			await step('default-mode', [
				[guess('only-mutating'), 1],
				[() => call(CREATE, ticket), 1],
				// Another mode is not the one the step asks for.
				[mode('plan'), 1],
				[mode('default'), 2],
				[() => call(CREATE, ticket), 2],
				[answer(true), 3],
				[() => call(CREATE, ticket), 3],
				// Refusing the wrong tool does not count: the point is the read-only-hinted search.
				[answer(false), 3],
				[() => call(SEARCH, { query: 'printer' }), 3],
				[answer(false), 4]
			]);
			const refused = last();
			expect(stages(refused)).toEqual([
				'preToolUse:passed',
				'lookup:found',
				'validation:valid',
				'permission:ask',
				'awaitingApproval:refused'
			]);
			expect(refused.sent).toBeNull();
			const approved = world.calls.at(-3)!;
			expect(stages(approved)).toContain('awaitingApproval:approved');
			expect(stages(approved)).toContain('executing:returned');

			await step('plan-mode', [
				[guess('reads-only'), 1],
				[mode('full_auto'), 1],
				[mode('plan'), 2],
				[() => call(SEARCH, { query: 'printer' }), 3]
			]);
			expect(stages(last()).at(-1)).toBe('permission:deny');
			expect(last().sent).toBeNull();

			await step('invalid-input', [
				[guess('plan-blocked'), 1],
				// "2" passes validation (lax), then plan mode blocks it: not this step's check.
				[() => call(CREATE, { title: 'Printer on fire', priority: '2' }), 1],
				[() => call(CREATE, { title: 'Printer on fire', priority: 'high' }), 2]
			]);
			expect(stages(world.calls.at(-2)!).slice(-2)).toEqual([
				'validation:valid',
				'permission:deny'
			]);
			const lax = world.calls.at(-2)!.stages.find((s) => s.stage === 'validation')!;
			expect(lax.detail).toMatchObject({ ok: true, sent: { priority: 2 } });
			expect(stages(last())).toEqual(['preToolUse:passed', 'lookup:found', 'validation:invalid']);
			expect(last().sent).toBeNull();

			await step('tool-error', [
				[guess('error'), 1],
				// In plan mode the call is blocked: an error, not the pitfall.
				[() => call(CLOSE, { id: 'T-404' }), 1],
				[mode('full_auto'), 1],
				[() => call(CLOSE, { id: 'T-404' }), 2]
			]);
			const closed = last();
			expect(closed.isError).toBe(false);
			const post = closed.stages.at(-1)!;
			expect(post.stage === 'postToolUse' && post.detail.payload.tool_is_error).toBe(false);
			// The server did say it failed: its result on the wire carries isError: true.
			const results = world.wire.entries.flatMap((e) =>
				e.kind === 'message' && e.dir === 'to-host' && 'result' in e.message
					? [e.message.result as { isError?: boolean; content?: Array<{ text?: string }> }]
					: []
			);
			expect(
				results.some((r) => r.isError === true && r.content?.[0]?.text === closed.output)
			).toBe(true);
			produced.add(messages.en.wire_tool_error);
			const wireMethods = world.wire.entries.flatMap((e) =>
				e.kind === 'message' && 'method' in e.message ? [e.message.method] : []
			);
			for (const method of wireMethods) produced.add(method);

			await step('truncation', [
				[guess('cut'), 1],
				[() => call(READ, logPath), 2]
			]);
			const big = last();
			expect(big.isError).toBe(false);
			expect(stages(big)).toContain('normalising:truncated');
			expect(big.output.startsWith(TRUNCATION_MARKER)).toBe(true);
			expect(big.output.endsWith(`Preview:\n${logText.slice(0, PREVIEW_CHARS)}`)).toBe(true);
			expect(big.artifact).toMatchObject({ chars: 20_000, text: logText });
			expect(big.artifact!.id.startsWith('tool_artifacts/')).toBe(true);
			const lastLine = logText.split('\n').at(-1)!;
			expect(big.output).not.toContain(lastLine);
			const bigPost = big.stages.at(-1)!;
			expect(bigPost.stage === 'postToolUse' && bigPost.detail.payload.tool_output).toBe(
				big.output
			);

			await step('broken-promise', [
				[guess('text'), 1],
				[() => call(STATS, {}), 2]
			]);
			const broken = last();
			expect(broken.isError).toBe(true);
			expect(stages(broken)).toContain('executing:call-failed');
			// The whole of jsonschema's error: message, the failing part of the schema, the value.
			expect(broken.output).toBe(
				[
					"MCP server 'tickets' call failed: Invalid structured content returned by tool ticket_stats: '30' is not of type 'integer'",
					'',
					"Failed validating 'type' in schema['properties']['closed']:",
					"    {'type': 'integer'}",
					'',
					"On instance['closed']:",
					"    '30'"
				].join('\n')
			);
			// The server's result on the wire had the text the model never gets.
			const statsResult = world.wire.entries.some(
				(e) =>
					e.kind === 'message' &&
					e.dir === 'to-host' &&
					JSON.stringify(e.message).includes('"structuredContent":{"open":12,"closed":"30"}')
			);
			expect(statsResult).toBe(true);
			expect(walk.state.step).toBe(lab.steps.length - 1);

			// Back in full_auto: the lost minimum and maximum let 9 through.
			const nine = await call(CREATE, { title: 'Printer on fire', priority: 9 });
			expect(nine.sent).toEqual({ title: 'Printer on fire', priority: 9 });
		} finally {
			world.dispose();
		}

		// What the narration says would happen in worlds a little different from this one.
		const variant = async (
			edit: (raw: RawScenario) => void,
			act: (w: World) => Promise<unknown>
		) => {
			const raw = rawScenario();
			edit(raw);
			const w = await startedWorld(raw);
			try {
				await act(w);
				for (const c of w.calls) if (c.state === 'completed') record(c);
				return [...w.calls];
			} finally {
				w.dispose();
			}
		};
		// A hook without a reason; no hooks at all (lookup and validation then speak).
		const [noReason] = await variant(
			(raw) => delete raw.hooks.pre_tool_use[0].reason,
			(w) => w.callTool(DELETE, {})
		);
		expect(noReason.output).toBe(`pre_tool_use hook blocked ${DELETE}`);
		const [unknown, invalidDelete] = await variant(
			(raw) => (raw.hooks.pre_tool_use = []),
			async (w) => {
				await w.callTool('mcp__files__delete_everything', {});
				await w.callTool(DELETE, {});
			}
		);
		expect(unknown.output).toBe('Unknown tool: mcp__files__delete_everything');
		expect(invalidDelete.output.startsWith(`Invalid input for ${DELETE}`)).toBe(true);
		// allowed_tools with the exact adapted name comes before the mode; the raw name matches nothing.
		const [allowed, rawName] = await variant(
			(raw) => (raw.permissions = { mode: 'default', allowed_tools: [SEARCH, 'create_ticket'] }),
			async (w) => {
				await w.callTool(SEARCH, { query: 'printer' });
				await w.callTool(CREATE, ticket);
			}
		);
		expect(allowed).toMatchObject({ state: 'completed', isError: false });
		expect(rawName.state).toBe('awaiting_approval');
		// The stage view notes the raw name the list holds (the lab's note, not the checker's).
		const rawStage = rawName.stages.find((s) => s.stage === 'permission')!;
		expect(rawStage.stage === 'permission' && rawStage.detail.rawListed).toEqual({
			list: 'allowed_tools',
			tool: 'create_ticket'
		});
		// A JSON-RPC error is an error result; a flagged result with no content is "(no output)".
		const [rpcError, empty] = await variant(
			(raw) => {
				const close = simTool(raw, 'tickets', 'close_ticket');
				delete close.result;
				close.error = { code: -32602, message: 'Unknown ticket T-404' };
				const search = simTool(raw, 'tickets', 'search_tickets');
				search.result = { content: [], isError: true };
			},
			async (w) => {
				await w.callTool(CLOSE, { id: 'T-404' });
				await w.callTool(SEARCH, { query: 'printer' });
			}
		);
		// The same tool with no structured content at all.
		const [unstructured] = await variant(
			(raw) =>
				delete (simTool(raw, 'tickets', 'ticket_stats').result as Record<string, unknown>)
					.structuredContent,
			(w) => w.callTool(STATS, {})
		);
		const callFailed = "MCP server 'tickets' call failed: ";
		expect(unstructured.output).toBe(
			`${callFailed}Tool ticket_stats has an output schema but did not return structured content`
		);
		// The narration quotes the SDK's own text, without OpenHarness's prefix.
		produced.add(unstructured.output.slice(callFailed.length));
		expect(rpcError.isError).toBe(true);
		expect(rpcError.output.startsWith("MCP server 'tickets' call failed:")).toBe(true);
		expect(empty).toMatchObject({ isError: false, output: '(no output)' });

		// The world's own names: servers, tools, schema fields and keywords, hooks, settings.
		const raw = rawScenario();
		for (const [server, config] of Object.entries(raw.mcp_servers)) {
			produced.add(server);
			for (const tool of config.sim.tools) {
				produced.add(tool.name as string);
				for (const key of Object.keys((tool.annotations as object) ?? {})) produced.add(key);
				const props = (tool.inputSchema as { properties: Record<string, object> }).properties;
				const outputProps =
					(tool.outputSchema as { properties?: Record<string, object> } | undefined)?.properties ??
					{};
				for (const [field, schema] of [...Object.entries(props), ...Object.entries(outputProps)]) {
					produced.add(field);
					for (const keyword of Object.keys(schema)) produced.add(keyword);
				}
				// What the server answers (in the protocol log), which the model may never get.
				const result = tool.result as {
					content?: Array<{ text?: string }>;
					structuredContent?: object;
				};
				for (const part of result.content ?? []) if (part.text) produced.add(part.text);
				for (const value of Object.values(result.structuredContent ?? {}))
					produced.add(JSON.stringify(value));
			}
		}
		for (const hook of [
			...lab.scenario.hooks!.pre_tool_use!,
			...lab.scenario.hooks!.post_tool_use!
		])
			produced.add(hook.matcher);
		expect(fnmatch(DELETE, 'mcp__files__delete*')).toBe(true);
		expect(fnmatch(CREATE, 'mcp__files__delete*')).toBe(false);
		for (const key of Object.keys(lab.scenario)) produced.add(key);
		for (const key of Object.keys(permissionsSchema.shape)) produced.add(key);
		for (const m of permissionModes) produced.add(m);

		// Named on purpose though no string of the run is exactly them.
		const vocabulary = new Set([
			'is_read_only', // McpToolAdapter's property, always False (checked on readOnly above)
			'tool_artifacts/', // the artifact's folder (checked above)
			'isError', // the MCP result field
			'outputSchema', // the tool's listing field (ticket_stats has one)
			'_validate_tool_result', // the Python SDK's ClientSession method (profiles/openharness/output-check.ts)
			'jsonschema' // the Python library that method validates with (core/python/jsonschema.ts)
		]);

		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			vocabulary,
			// The start of a real output or output line, long enough to be a phrase.
			startsOutput: (span) => span.length >= 12 && [...outputs].some((o) => o.startsWith(span))
		});
	});
});
