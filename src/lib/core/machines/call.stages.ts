import type { RegisteredTool } from '../registry/registry';
import {
	runPostToolUse,
	runPreToolUse,
	type Hook,
	type HookSettings,
	type PostToolUsePayload,
	type PreToolUsePayload
} from '../profiles/openharness/hooks';
import type { InputModel, Validation } from '../profiles/openharness/input-model';
import {
	inputModel,
	permissionChecker,
	resultFormat,
	truncation
} from '../profiles/openharness/lazy-call-checks';
import {
	SIMULATED_WORKSPACE,
	type PermissionCheck,
	type PermissionSettings,
	type Workspace
} from '../profiles/openharness/permissions';
import {
	callFailed,
	errorMessage,
	notConnected,
	READ_MCP_RESOURCE,
	resourceReadFailed,
	unknownTool
} from '../profiles/openharness/strings';
import type { TruncationArtifact } from '../profiles/openharness/truncation';

/**
 * What each stage of an OpenHarness tool call decides (`engine/query.py` `_execute_tool_call`),
 * as plain functions of the call's context: the XState call machine (call.machine.ts) is made of
 * them, and so is the runner the world uses for every call (call.run.ts). One set of decisions,
 * so the two cannot drift apart; call.run.test.ts walks both down every path of the machine.
 */

/**
 * What the world's `execute` is given: the server's own tool name and the arguments to send. For
 * a harness built-in (`builtin`), `tool` is the built-in's name and `server` the one
 * `read_mcp_resource` reads from (empty for `list_mcp_resources`). For a plugin's tool (also
 * `builtin`), `plugin` names the plugin: the harness runs it, nothing goes over MCP.
 */
export interface ExecuteInput {
	tool: string;
	server: string;
	arguments: Record<string, unknown>;
	builtin?: true;
	plugin?: string;
}

/** A tools/call result, as `resultText` reads it. */
export type McpResult = Parameters<typeof import('../profiles/openharness/results').resultText>[0];

/**
 * A harness built-in's own output: its `execute` builds the text (resource-tools.ts, run by the
 * world), and `read` is what it read — the `resources/read` result, or the recorded resources.
 */
export interface BuiltinOutput {
	kind: 'builtin';
	text: string;
	read: unknown;
}

/**
 * The MCP failures OpenHarness reports; the world may resolve with one or reject with it.
 * `read-failed` is `read_mcp_resource`'s counterpart of `call-failed`.
 */
export type ExecuteError =
	| { kind: 'not-connected'; detail: string }
	| { kind: 'call-failed'; message: string }
	| { kind: 'read-failed'; message: string };

/** What the execute stage got back: a tools/call result, or a built-in's output. */
export type ExecuteResult = McpResult | BuiltinOutput;

export type ExecuteOutput = ExecuteResult | ExecuteError;

export type CallStage =
	| 'preToolUse'
	| 'lookup'
	| 'validation'
	| 'permission'
	| 'awaitingApproval'
	| 'executing'
	| 'normalising'
	| 'postToolUse';

interface StageBase<S extends CallStage, O extends string, D> {
	stage: S;
	/** Simulated time the stage began, when the world gave the machine a clock. */
	startedAt?: number;
	outcome: O;
	detail: D;
}

/** One stage as it was decided, with what went in and what came out. */
export type StageRecord =
	| StageBase<
			'preToolUse',
			'passed' | 'blocked',
			{ ran: Hook[]; payload: PreToolUsePayload; reason: string | null }
	  >
	| StageBase<
			'lookup',
			'found' | 'unknown',
			{ server: string | null; tool: string | null; error: string | null }
	  >
	| StageBase<'validation', 'valid' | 'invalid', Validation>
	| StageBase<'permission', 'allow' | 'deny' | 'ask', PermissionCheck>
	| StageBase<'awaitingApproval', 'approved' | 'refused', { error: string | null }>
	| StageBase<
			'executing',
			'returned' | 'not-connected' | 'call-failed' | 'read-failed',
			{
				input: ExecuteInput;
				result: McpResult | BuiltinOutput['read'] | null;
				error: string | null;
			}
	  >
	| StageBase<
			'normalising',
			'inline' | 'truncated',
			{ text: string; chars: number; artifact: TruncationArtifact | null }
	  >
	| StageBase<'postToolUse', 'ran', { ran: Hook[]; payload: PostToolUsePayload }>;

export interface CallInput {
	/** The tool use id. */
	id: string;
	/** The adapted name the model called. */
	name: string;
	arguments: Record<string, unknown>;
	/** The registry the model was shown. */
	registry: readonly RegisteredTool[];
	hooks?: HookSettings;
	/** Without settings OpenHarness is in `default` mode: every MCP call asks. */
	permissions?: PermissionSettings;
	workspace?: Workspace;
	/** The world's simulated clock, to stamp each stage; never the wall clock. */
	now?: () => number;
	/** Step mode: hold after every pure stage until `STEP` (default false). */
	stepping?: boolean;
}

/** What the harness gave the call when it started; fixed for the call's life. */
export interface CallGiven {
	registry: readonly RegisteredTool[];
	hooks: HookSettings;
	permissions: PermissionSettings;
	workspace: Workspace;
	now: (() => number) | null;
}

/**
 * Kept under 20 fields (see context-shape.test.ts): XState copies the context with
 * `Object.assign({}, …)` on every `assign`, and V8 turns a copy with 20 or more fields into a
 * slow dictionary object, which made each assign about ten times slower.
 */
export interface CallContext {
	id: string;
	name: string;
	arguments: Record<string, unknown>;
	given: CallGiven;
	/** The registered tool the name resolved to. */
	tool: RegisteredTool | null;
	decision: PermissionCheck | null;
	stages: StageRecord[];
	/** When the stage in progress (approval, execution) began. */
	enteredAt: number | undefined;
	/** The arguments sent to the server (the validated model, without unset fields), or null. */
	sent: Record<string, unknown> | null;
	/** The server's tools/call result (or what a built-in read), when it answered. */
	result: McpResult | BuiltinOutput['read'] | null;
	/** The tool's output before truncation (the artifact's content when truncated). */
	fullOutput: string | null;
	/** What the model receives. */
	output: string;
	isError: boolean;
	/** Same as output for an error result; empty otherwise. */
	error: string;
	artifact: TruncationArtifact | null;
	/** Step mode: each pure stage holds once decided. */
	stepping: boolean;
	/** The current stage has decided and waits for `STEP` (or `RUN`) before moving on. */
	held: boolean;
}

export type CallEvent =
	| { type: 'APPROVE' }
	| { type: 'REFUSE' }
	/** Step mode: the held stage moves on (once). */
	| { type: 'STEP' }
	/** Leave step mode: this call runs to its end without holding again. */
	| { type: 'RUN' };

export interface CallOutcome {
	id: string;
	name: string;
	output: string;
	isError: boolean;
	error: string;
	sent: Record<string, unknown> | null;
	artifact: TruncationArtifact | null;
	fullOutput: string | null;
	stages: StageRecord[];
}

const stamp = (context: CallContext) => context.given.now?.();

/** Stamps a record made just now (in place: a copy per stage was a measurable share of a call). */
const withTime = <R extends StageRecord>(record: R, startedAt: number | undefined): R => {
	if (startedAt !== undefined) record.startedAt = startedAt;
	return record;
};

/** The error result the model sees; the call ends here. */
const fail = (context: CallContext, record: StageRecord, text: string) => ({
	stages: [...context.stages, record],
	output: text,
	isError: true,
	error: text
});

export function isExecuteError(value: unknown): value is ExecuteError {
	if (typeof value !== 'object' || value === null) return false;
	const kind = (value as { kind?: unknown }).kind;
	return kind === 'not-connected' || kind === 'call-failed' || kind === 'read-failed';
}

/** The built-in itself: a plugin tool of that name replaced it and reads nothing. */
const isReadResource = (context: CallContext) =>
	!!context.tool?.builtin &&
	context.tool.plugin === undefined &&
	context.tool.name === READ_MCP_RESOURCE;

/**
 * A rejection becomes "call failed" (for `read_mcp_resource`, "resource read failed") with the
 * error's message (or class name), unless it says otherwise.
 */
function executeErrorOf(context: CallContext, error: unknown): ExecuteError {
	if (isExecuteError(error)) return error;
	return {
		kind: isReadResource(context) ? 'read-failed' : 'call-failed',
		message: errorMessage(error)
	};
}

/** `read_mcp_resource` names its server in its (validated) arguments; a plugin tool its plugin. */
export const executeInputOf = (context: CallContext): ExecuteInput =>
	context.tool?.builtin
		? {
				tool: context.tool.tool,
				server: isReadResource(context) ? String(context.sent?.server ?? '') : '',
				arguments: context.sent ?? {},
				builtin: true,
				...(context.tool.plugin !== undefined && { plugin: context.tool.plugin })
			}
		: {
				tool: context.tool?.tool ?? '',
				server: context.tool?.server ?? '',
				arguments: context.sent ?? {}
			};

const isBuiltinOutput = (result: ExecuteResult): result is BuiltinOutput =>
	(result as { kind?: unknown }).kind === 'builtin';

/**
 * The input model of a registered tool's schema, built once per schema object: a registry build
 * is never changed in place, so a schema object's model cannot go stale.
 */
const models = new WeakMap<object, InputModel>();
function modelOf(
	schema: Record<string, unknown> | undefined,
	build: (schema: unknown) => InputModel
): InputModel {
	if (!schema) return build({});
	let model = models.get(schema);
	if (!model) models.set(schema, (model = build(schema)));
	return model;
}

/** Each stage's decision: the fields of the context it changes. */
export const decisions = {
	runPreToolUse(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		const hooks = runPreToolUse(context.given.hooks, context.name, context.arguments);
		if (!hooks.blocked) {
			const record = withTime(
				{
					stage: 'preToolUse' as const,
					outcome: 'passed' as const,
					detail: { ran: hooks.ran, payload: hooks.payload, reason: null }
				},
				startedAt
			);
			return { stages: [...context.stages, record] };
		}
		const record = withTime(
			{
				stage: 'preToolUse' as const,
				outcome: 'blocked' as const,
				detail: { ran: hooks.ran, payload: hooks.payload, reason: hooks.reason }
			},
			startedAt
		);
		return fail(context, record, hooks.reason);
	},
	lookup(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		const tool = context.given.registry.find((t) => t.name === context.name) ?? null;
		if (tool) {
			const record = withTime(
				{
					stage: 'lookup' as const,
					outcome: 'found' as const,
					detail: { server: tool.server, tool: tool.tool, error: null }
				},
				startedAt
			);
			return { tool, stages: [...context.stages, record] };
		}
		const error = unknownTool(context.name);
		const record = withTime(
			{
				stage: 'lookup' as const,
				outcome: 'unknown' as const,
				detail: { server: null, tool: null, error }
			},
			startedAt
		);
		return fail(context, record, error);
	},
	validate(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		// Loaded by the world before its first command (the machine's own tests load it too).
		const { buildInputModel, validateInput } = inputModel();
		const model = modelOf(context.tool?.inputSchema, buildInputModel);
		// A built-in's pydantic model has its own class name, its schema's title (the MCP
		// adapter's is made up from the tool's name).
		const title = context.tool?.builtin ? context.tool.inputSchema.title : undefined;
		const modelName = typeof title === 'string' ? title : undefined;
		// Illustration (as in the world until now): when pydantic cannot build a model for the
		// schema, what OpenHarness does is not reproduced; the lab reports pydantic's own error.
		const validation: Validation = model.buildError
			? {
					ok: false,
					error: `Invalid input for ${context.name}: ${model.buildError.message}`,
					errors: []
				}
			: validateInput(model, context.name, context.arguments, modelName);
		if (validation.ok) {
			const record = withTime(
				{ stage: 'validation' as const, outcome: 'valid' as const, detail: validation },
				startedAt
			);
			return { sent: validation.sent, stages: [...context.stages, record] };
		}
		const record = withTime(
			{ stage: 'validation' as const, outcome: 'invalid' as const, detail: validation },
			startedAt
		);
		return fail(context, record, validation.error);
	},
	checkPermission(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		const { checkPermission, refusalText } = permissionChecker();
		const decision = checkPermission(
			context.given.permissions,
			{
				name: context.name,
				arguments: context.arguments,
				readOnly: context.tool?.readOnly ?? false,
				tool: context.tool?.tool
			},
			context.given.workspace
		);
		const record = withTime(
			{ stage: 'permission' as const, outcome: decision.decision, detail: decision },
			startedAt
		);
		if (decision.decision === 'deny')
			return { decision, ...fail(context, record, refusalText(decision, context.name)) };
		return { decision, stages: [...context.stages, record] };
	},
	enter: (context: CallContext): Partial<CallContext> => ({ enteredAt: stamp(context) }),
	approve: (context: CallContext): Partial<CallContext> => ({
		stages: [
			...context.stages,
			withTime(
				{
					stage: 'awaitingApproval' as const,
					outcome: 'approved' as const,
					detail: { error: null }
				},
				context.enteredAt
			)
		]
	}),
	refuse(context: CallContext): Partial<CallContext> {
		const error = permissionChecker().refusalText(context.decision!, context.name);
		const record = withTime(
			{ stage: 'awaitingApproval' as const, outcome: 'refused' as const, detail: { error } },
			context.enteredAt
		);
		return fail(context, record, error);
	},
	executeReturned(context: CallContext, output: ExecuteResult): Partial<CallContext> {
		// A built-in's text is its own; what it read is kept as the stage's result.
		const builtin = isBuiltinOutput(output);
		const result = builtin ? output.read : output;
		let text: string;
		try {
			// OpenHarness ignores the result's isError flag: a tool error reaches the model as success.
			text = builtin ? output.text : resultFormat().resultText(output);
		} catch (error) {
			// A result nested past Python's recursion limit cannot be printed: the harness's own
			// code raises while reading it, so the call fails (illustration: where OpenHarness
			// catches this is not in the reference).
			const message = callFailed(context.tool?.server ?? '', errorMessage(error));
			const failed = withTime(
				{
					stage: 'executing' as const,
					outcome: 'call-failed' as const,
					detail: { input: executeInputOf(context), result: null, error: message }
				},
				context.enteredAt
			);
			return {
				fullOutput: message,
				isError: true,
				error: message,
				stages: [...context.stages, failed]
			};
		}
		const record = withTime(
			{
				stage: 'executing' as const,
				outcome: 'returned' as const,
				detail: { input: executeInputOf(context), result, error: null }
			},
			context.enteredAt
		);
		return {
			result,
			fullOutput: text,
			isError: false,
			error: '',
			stages: [...context.stages, record]
		};
	},
	executeFailed(context: CallContext, raised: unknown): Partial<CallContext> {
		const failure = executeErrorOf(context, raised);
		const server = executeInputOf(context).server;
		const text =
			failure.kind === 'not-connected'
				? notConnected(server, failure.detail)
				: failure.kind === 'read-failed'
					? resourceReadFailed(server, failure.message)
					: callFailed(server, failure.message);
		const record = withTime(
			{
				stage: 'executing' as const,
				outcome: failure.kind,
				detail: { input: executeInputOf(context), result: null, error: text }
			},
			context.enteredAt
		);
		return {
			fullOutput: text,
			isError: true,
			error: text,
			stages: [...context.stages, record]
		};
	},
	normalise(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		const full = context.fullOutput ?? '';
		const { artifactIdFor, pyLen, truncateForModel } = truncation();
		const chars = pyLen(full);
		const forModel = truncateForModel(
			full,
			() => artifactIdFor(context.id, context.name),
			{ toolName: context.name, toolUseId: context.id },
			chars
		);
		const record = withTime(
			{
				stage: 'normalising' as const,
				outcome: forModel.artifact ? ('truncated' as const) : ('inline' as const),
				detail: {
					text: forModel.text,
					chars,
					artifact: forModel.artifact
				}
			},
			startedAt
		);
		return {
			output: forModel.text,
			error: context.isError ? forModel.text : '',
			artifact: forModel.artifact,
			stages: [...context.stages, record]
		};
	},
	runPostToolUse(context: CallContext): Partial<CallContext> {
		const startedAt = stamp(context);
		// The hooks see what the model sees: the truncated text, and the error flag.
		const hooks = runPostToolUse(
			context.given.hooks,
			context.name,
			context.arguments,
			context.output,
			context.isError
		);
		const record = withTime(
			{
				stage: 'postToolUse' as const,
				outcome: 'ran' as const,
				detail: { ran: hooks.ran, payload: hooks.payload }
			},
			startedAt
		);
		return { stages: [...context.stages, record] };
	}
};

/** A new call's context, before its first stage. */
export function initialContext(input: CallInput): CallContext {
	return {
		id: input.id,
		name: input.name,
		arguments: input.arguments,
		given: {
			registry: input.registry,
			hooks: input.hooks ?? {},
			permissions: input.permissions ?? { mode: 'default' },
			workspace: input.workspace ?? SIMULATED_WORKSPACE,
			now: input.now ?? null
		},
		tool: null,
		decision: null,
		stages: [],
		enteredAt: undefined,
		sent: null,
		result: null,
		fullOutput: null,
		output: '',
		isError: false,
		error: '',
		artifact: null,
		stepping: input.stepping ?? false,
		held: false
	};
}

/** What an ended call gives the world. */
export const outcomeOf = (context: CallContext): CallOutcome => ({
	id: context.id,
	name: context.name,
	output: context.output,
	isError: context.isError,
	error: context.error,
	sent: context.sent,
	artifact: context.artifact,
	fullOutput: context.fullOutput,
	stages: context.stages
});
