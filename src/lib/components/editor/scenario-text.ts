import { type Scenario, type ScenarioProblem } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { mergeServers } from '$lib/core/scenario/plugins';
import { formatPath, unsupported } from '$lib/core/scenario/problems';
import { duplicateKeys } from './duplicate-keys';
import { schemaErrors } from './schema-errors';

/**
 * The scenario editor works on the learner's text, never on a copy of it: checking reads the
 * text, and every form edit is a function text → text (re-serialised with 2 spaces), so the
 * JSON and the form cannot disagree. Nothing here touches the running world.
 */

export type TextCheck =
	/** `text`: what was checked, so the message can say where the error is in it. */
	| { kind: 'syntax'; message: string; text: string }
	| { kind: 'invalid'; problems: ScenarioProblem[] }
	| { kind: 'valid'; input: unknown; scenario: Scenario; servers: number };

/** Validation only: JSON syntax, then the scenario schema, then what this build can run. */
export function checkScenarioText(text: string): TextCheck {
	let input: unknown;
	try {
		input = JSON.parse(text);
	} catch (error) {
		return {
			kind: 'syntax',
			message: error instanceof Error ? error.message : String(error),
			text
		};
	}
	// Said first: the schema only ever sees the last of the two.
	const twice = duplicateKeys(text).map((path) => ({
		path: formatPath(path),
		message: `${JSON.stringify(path.at(-1))} is written twice in this object: JSON keeps only the last one, so the first is lost. Rename one of them or remove it.`
	}));
	const parsed = parseScenario(input, { error: schemaErrors() });
	if (!parsed.ok) return { kind: 'invalid', problems: [...twice, ...parsed.problems] };
	const refused = [...twice, ...unsupported(parsed.scenario)];
	if (refused.length) return { kind: 'invalid', problems: refused };
	// Counted as the harness will run them: settings servers plus enabled plugins' servers.
	const servers = mergeServers(parsed.scenario).servers.length;
	return { kind: 'valid', input, scenario: parsed.scenario, servers };
}

// ---- the form's view of the text ---------------------------------------------------------

export const serverTypes = ['stdio', 'http', 'ws'] as const;
export type ServerType = (typeof serverTypes)[number];

export interface FormTool {
	name: string;
	description: string;
	/** What a call of it does when that is not a plain answer, as the world will run it. */
	notes: ToolNote[];
}

/**
 * A tool's behaviour as the form lists it. `code` and `ms` are the text's values as written
 * (hand-written JSON may hold anything there), for the page to bound.
 */
export type ToolNote =
	| { kind: 'rpc-error'; code: string }
	| { kind: 'error-result' }
	| { kind: 'crash' }
	| { kind: 'delay'; ms: string };

/** In the order the simulated server checks them: an `error` wins over `crash`, both over `result`. */
function toolNotes(tool: JsonObject): ToolNote[] {
	const notes: ToolNote[] = [];
	if (isObject(tool.error)) notes.push({ kind: 'rpc-error', code: String(tool.error.code) });
	else if (tool.crash === true) notes.push({ kind: 'crash' });
	else if (isObject(tool.result) && tool.result.isError === true)
		notes.push({ kind: 'error-result' });
	// A crash never answers, so its delay is never seen.
	if (typeof tool.latencyMs === 'number' && tool.latencyMs > 0 && tool.crash !== true)
		notes.push({ kind: 'delay', ms: String(tool.latencyMs) });
	return notes;
}

export interface FormServer {
	name: string;
	/** As the text has it; a block without `type` is stdio, as in OpenHarness. */
	type: string;
	command: string;
	args: string[];
	url: string;
	tools: FormTool[];
}

export type FormModel =
	| { ok: true; servers: FormServer[]; hasPlugins: boolean }
	/** `json`: the text is not JSON; `shape`: it is, but not an object with an object `mcp_servers`. */
	| { ok: false; reason: 'json' | 'shape' };

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The root object and its servers block, or why the form cannot edit them. */
export function open(
	text: string
): { root: JsonObject; servers: JsonObject } | { reason: 'json' | 'shape' } {
	let root: unknown;
	try {
		root = JSON.parse(text);
	} catch {
		return { reason: 'json' };
	}
	if (!isObject(root)) return { reason: 'shape' };
	const servers = root.mcp_servers ?? {};
	if (!isObject(servers)) return { reason: 'shape' };
	return { root, servers };
}

export function readForm(text: string): FormModel {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, reason: opened.reason };
	const servers = Object.entries(opened.servers).map(([name, value]): FormServer => {
		const config = isObject(value) ? value : {};
		const sim = isObject(config.sim) ? config.sim : {};
		const tools = Array.isArray(sim.tools) ? sim.tools : [];
		return {
			name,
			type: 'type' in config ? String(config.type) : 'stdio',
			command: str(config.command),
			args: Array.isArray(config.args) ? config.args.map(String) : [],
			url: str(config.url),
			tools: tools.map((tool) => ({
				name: isObject(tool) ? str(tool.name) : '',
				description: isObject(tool) ? str(tool.description) : '',
				notes: isObject(tool) ? toolNotes(tool) : []
			}))
		};
	});
	return { ok: true, servers, hasPlugins: isObject(opened.root.plugins) };
}

// ---- structured edits ----------------------------------------------------------------------

/**
 * What the tool at `index` of `server`'s tools does when called, as the form's list notes it
 * (a negative index counts from the end: -1 is the tool just added).
 */
export function notesAt(text: string, server: string, index: number): ToolNote[] {
	const form = readForm(text);
	const found = form.ok ? form.servers.find((s) => s.name === server) : undefined;
	return found?.tools.at(index)?.notes ?? [];
}

export type EditError =
	| { kind: 'json' }
	| { kind: 'shape' }
	| { kind: 'name-required' }
	| { kind: 'name-taken'; name: string }
	| { kind: 'command-required' }
	| { kind: 'url-required' }
	| { kind: 'no-server'; name: string }
	| { kind: 'tool-taken'; server: string; name: string }
	| { kind: 'code-invalid' }
	| { kind: 'message-required' }
	| { kind: 'latency-invalid' }
	| { kind: 'schema-invalid' }
	/** The tool the form opened is no longer at its place in the text (the text changed since). */
	| { kind: 'tool-gone'; server: string; name: string };

export type EditResult = { ok: true; text: string } | { ok: false; error: EditError };

export const serialise = (root: JsonObject): EditResult => ({
	ok: true,
	text: JSON.stringify(root, null, 2)
});

export interface NewServer {
	name: string;
	type: ServerType;
	command: string;
	/** One argument per line; blank lines are dropped. */
	args: string;
	url: string;
}

export function addServer(text: string, server: NewServer): EditResult {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, error: { kind: opened.reason } };
	const { root, servers } = opened;
	// Names are kept exactly as typed (spaces and all): adapting them is what the lab shows.
	if (!server.name.trim()) return { ok: false, error: { kind: 'name-required' } };
	if (Object.hasOwn(servers, server.name))
		return { ok: false, error: { kind: 'name-taken', name: server.name } };
	let config: JsonObject;
	if (server.type === 'stdio') {
		if (!server.command.trim()) return { ok: false, error: { kind: 'command-required' } };
		const args = server.args
			.split('\n')
			.map((arg) => arg.trim())
			.filter(Boolean);
		config = { type: 'stdio', command: server.command.trim(), args };
	} else {
		if (!server.url.trim()) return { ok: false, error: { kind: 'url-required' } };
		config = { type: server.type, url: server.url.trim() };
	}
	root.mcp_servers = { ...servers, [server.name]: config };
	return serialise(root);
}

export function removeServer(text: string, name: string): EditResult {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, error: { kind: opened.reason } };
	if (!Object.hasOwn(opened.servers, name))
		return { ok: false, error: { kind: 'no-server', name } };
	const { [name]: _removed, ...rest } = opened.servers;
	opened.root.mcp_servers = rest;
	return serialise(opened.root);
}

/** What a call of the tool does (the schema's `result`, `result.isError`, `error`, `crash`). */
export const toolBehaviours = ['text', 'error-result', 'rpc-error', 'crash'] as const;
export type ToolBehaviour = (typeof toolBehaviours)[number];

/** The code a JSON-RPC error tool starts with: Internal error. */
export const DEFAULT_ERROR_CODE = '-32603';
/** The schema's bound on `latencyMs`: one hour. */
const MAX_LATENCY_MS = 3_600_000;

export interface NewTool {
	name: string;
	description: string;
	/** Optional: the text tools/call answers with; the lab's default result when empty. */
	result: string;
	/** Absent: `text`, a plain answer. */
	behaviour?: ToolBehaviour;
	/** For `rpc-error`, as typed: an integer. */
	errorCode?: string;
	/** For `rpc-error`: required. */
	errorMessage?: string;
	/** As typed: empty for none, else whole milliseconds in 0–3,600,000. Not for `crash`. */
	latencyMs?: string;
}

/** Only what the schema takes: a safe integer (zod's `int()` refuses larger ones). */
function integerOf(text: string): number | null {
	const trimmed = text.trim();
	if (!/^[+-]?\d+$/.test(trimmed)) return null;
	const value = Number(trimmed);
	return Number.isSafeInteger(value) ? value : null;
}

/** The call's outcome keys of a new tool, or why they cannot be written. */
export function behaviourKeys(
	tool: Omit<NewTool, 'name' | 'description'>
): { ok: true; keys: JsonObject } | { ok: false; error: EditError } {
	const keys: JsonObject = {};
	const behaviour = tool.behaviour ?? 'text';
	if (behaviour === 'rpc-error') {
		const code = integerOf(tool.errorCode ?? '');
		if (code === null) return { ok: false, error: { kind: 'code-invalid' } };
		const message = (tool.errorMessage ?? '').trim();
		if (!message) return { ok: false, error: { kind: 'message-required' } };
		keys.error = { code, message };
	} else if (behaviour === 'crash') keys.crash = true;
	else if (behaviour === 'error-result')
		// MCP's tool-level failure: content is required, so an empty text sends no parts.
		keys.result = {
			content: tool.result ? [{ type: 'text', text: tool.result }] : [],
			isError: true
		};
	else if (tool.result) keys.result = { content: [{ type: 'text', text: tool.result }] };
	// A crash never answers: a delay on it would say something the world never shows.
	const latency = behaviour === 'crash' ? '' : (tool.latencyMs ?? '').trim();
	if (latency) {
		const ms = /^\d+$/.test(latency) ? Number(latency) : NaN;
		if (!(ms <= MAX_LATENCY_MS)) return { ok: false, error: { kind: 'latency-invalid' } };
		keys.latencyMs = ms;
	}
	return { ok: true, keys };
}

export function addTool(text: string, server: string, tool: NewTool): EditResult {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, error: { kind: opened.reason } };
	const config = opened.servers[server];
	if (!Object.hasOwn(opened.servers, server) || !isObject(config))
		return { ok: false, error: { kind: 'no-server', name: server } };
	if (!tool.name.trim()) return { ok: false, error: { kind: 'name-required' } };
	const sim = config.sim ?? {};
	if (!isObject(sim)) return { ok: false, error: { kind: 'shape' } };
	const tools = sim.tools ?? [];
	if (!Array.isArray(tools)) return { ok: false, error: { kind: 'shape' } };
	// One server cannot register the same tool name twice.
	if (tools.some((t) => isObject(t) && t.name === tool.name))
		return { ok: false, error: { kind: 'tool-taken', server, name: tool.name } };
	const outcome = behaviourKeys(tool);
	if (!outcome.ok) return outcome;
	const entry: JsonObject = { name: tool.name };
	if (tool.description.trim()) entry.description = tool.description.trim();
	// MCP requires an inputSchema; a tool without one is a lesson of its own, not a default.
	entry.inputSchema = { type: 'object', properties: {} };
	config.sim = { ...sim, tools: [...tools, { ...entry, ...outcome.keys }] };
	return serialise(opened.root);
}

export function removeTool(text: string, server: string, index: number): EditResult {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, error: { kind: opened.reason } };
	const config = opened.servers[server];
	if (!isObject(config)) return { ok: false, error: { kind: 'no-server', name: server } };
	const sim = config.sim;
	if (!isObject(sim) || !Array.isArray(sim.tools) || index < 0 || index >= sim.tools.length)
		return { ok: false, error: { kind: 'shape' } };
	config.sim = { ...sim, tools: sim.tools.filter((_, i) => i !== index) };
	return serialise(opened.root);
}

// ---- files -------------------------------------------------------------------------------

/** What "Export" writes: pretty-printed when the text is JSON, the text as is otherwise. */
export function exportText(text: string): string {
	try {
		return JSON.stringify(JSON.parse(text), null, 2) + '\n';
	} catch {
		return text;
	}
}

function hasSecretValues(value: unknown): boolean {
	if (Array.isArray(value)) return value.some(hasSecretValues);
	if (!isObject(value)) return false;
	return Object.entries(value).some(([key, inner]) =>
		(key === 'headers' || key === 'env') && isObject(inner) && Object.keys(inner).length > 0
			? true
			: key === 'url' && typeof inner === 'string'
				? urlHoldsSecret(inner)
				: hasSecretValues(inner)
	);
}

/** A URL's query (`?api_key=…`) or user name is where a key often travels. */
function urlHoldsSecret(url: string): boolean {
	const parsed = URL.parse(url);
	return !!parsed && (parsed.search.length > 1 || parsed.username !== '');
}

/**
 * True when some `headers` or `env` block has a value, or a `url` a query or a user name: an
 * exported file would carry it.
 */
export function mentionsSecrets(text: string): boolean {
	try {
		return hasSecretValues(JSON.parse(text));
	} catch {
		// Unreadable text is exported as is, so look for a non-empty block or such a URL in it.
		return /"(?:headers|env)"\s*:\s*\{\s*"|"url"\s*:\s*"[^"]*[?@]/.test(text);
	}
}
