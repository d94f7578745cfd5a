import {
	DEFAULT_ERROR_CODE,
	behaviourKeys,
	isObject,
	open,
	serialise,
	str,
	type EditError,
	type EditResult,
	type JsonObject,
	type ToolBehaviour
} from './scenario-text';
import { isolatedName } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';

/*
 * Changing an existing tool (its name, description, input schema and what it does when called): read by the
 * form's Change only, so it is fetched with that editor (ToolChange.svelte) when a learner first
 * presses Change, not with the page (the sandbox loads the form at start-up, within its size
 * budget).
 */

/** A tool as the Change fields hold it: every field as typed. */
export interface ToolFields {
	name: string;
	/** Empty when the tool has none. */
	description: string;
	behaviour: ToolBehaviour;
	/** The text of the result's first text part; empty when it has none. */
	result: string;
	errorCode: string;
	errorMessage: string;
	/** Empty for none. */
	latencyMs: string;
	/** Its `inputSchema` as JSON text (two-space indented when read); empty when it has none. */
	inputSchema: string;
}

/**
 * The tool at `index` of a server's `sim.tools` when it is an object, with that list and the
 * parsed root that holds it (so an edit of `tool` in place is an edit of the root), or why
 * there is none.
 */
function toolAt(
	text: string,
	server: string,
	index: number
): { root: JsonObject; tools: unknown[]; tool: JsonObject } | EditError {
	const opened = open(text);
	if ('reason' in opened) return { kind: opened.reason };
	const config = opened.servers[server];
	if (!Object.hasOwn(opened.servers, server) || !isObject(config))
		return { kind: 'no-server', name: server };
	const sim = config.sim;
	if (!isObject(sim) || !Array.isArray(sim.tools)) return { kind: 'shape' };
	const tool: unknown = sim.tools[index];
	if (!isObject(tool)) return { kind: 'shape' };
	return { root: opened.root, tools: sim.tools, tool };
}

const isTextPart = (part: unknown): part is JsonObject => isObject(part) && part.type === 'text';

/**
 * A tool's Change fields as the text has it, for the form to start from; null when there
 * is no such tool object. The behaviour is read in the order the simulated server applies it:
 * `error` wins over `crash`, both over `result.isError`. Every field is read, whatever the
 * behaviour, so switching choices in the form shows what the text still holds for that choice.
 */
export function readToolFields(text: string, server: string, index: number): ToolFields | null {
	const found = toolAt(text, server, index);
	if ('kind' in found) return null;
	const { tool } = found;
	const error = isObject(tool.error) ? tool.error : null;
	const result = isObject(tool.result) ? tool.result : null;
	const behaviour: ToolBehaviour = error
		? 'rpc-error'
		: tool.crash === true
			? 'crash'
			: result?.isError === true
				? 'error-result'
				: 'text';
	const part = Array.isArray(result?.content) ? result.content.find(isTextPart) : undefined;
	return {
		name: str(tool.name),
		description: str(tool.description),
		behaviour,
		result: str(part?.text),
		// Hand-written text may hold anything here: shown as written, refused on Save if not a code.
		errorCode: error && error.code !== undefined ? String(error.code) : DEFAULT_ERROR_CODE,
		errorMessage: error ? str(error.message) : '',
		latencyMs: typeof tool.latencyMs === 'number' ? String(tool.latencyMs) : '',
		inputSchema: tool.inputSchema === undefined ? '' : JSON.stringify(tool.inputSchema, null, 2)
	};
}

/**
 * `result` with its first text part's text set to `text` (a text part put first when it has
 * none; the part removed when `text` is empty), `isError` set or removed, and every other part
 * and key as it was (`structuredContent`, images...). Undefined for a plain answer left with
 * nothing at all: the server's default answer, as the add form writes an empty result text.
 */
function resultWith(result: unknown, text: string, isError: boolean): JsonObject | undefined {
	const next: JsonObject = isObject(result) ? { ...result } : {};
	const content = Array.isArray(next.content) ? [...(next.content as unknown[])] : [];
	const at = content.findIndex(isTextPart);
	if (text) {
		if (at >= 0) content[at] = { ...(content[at] as JsonObject), text };
		else content.unshift({ type: 'text', text });
	} else if (at >= 0) content.splice(at, 1);
	// MCP's tool-level failure needs content, even empty, as the add form writes it.
	if ('content' in next || content.length || isError) next.content = content;
	if (isError) next.isError = true;
	else delete next.isError;
	if (!isError && content.length === 0 && Object.keys(next).every((key) => key === 'content'))
		return undefined;
	return next;
}

/** The input schema as typed: a JSON object, undefined when blank, null when neither. */
function schemaOf(text: string): JsonObject | undefined | null {
	if (!text.trim()) return undefined;
	try {
		const value: unknown = JSON.parse(text);
		return isObject(value) ? value : null;
	} catch {
		return null;
	}
}

/** The "When called" fields: a change to any of them rewrites what a call does. */
const behaviourFields = ['behaviour', 'result', 'errorCode', 'errorMessage', 'latencyMs'] as const;

/** `tool`'s keys in their order, with `description` put right after `name` when it is new. */
function withDescription(tool: JsonObject, description: string) {
	const entries = Object.entries(tool).filter(([key]) => key !== 'description');
	const at = Object.hasOwn(tool, 'description')
		? Object.keys(tool).indexOf('description')
		: entries.findIndex(([key]) => key === 'name') + 1;
	if (description) entries.splice(at, 0, ['description', description]);
	for (const key of Object.keys(tool)) delete tool[key];
	Object.assign(tool, Object.fromEntries(entries));
}

/**
 * Rewrites the tool at `index` of `server` as the learner changed its fields, and only what they
 * changed (`fields` against `initial`, what the fields opened with): a JSON edit made while the
 * fields were open, to a field the learner did not touch, is kept, and a hand-written value the
 * schema will refuse (an error code that is not a number) does not stop a rename. Every other key
 * of the tool (`inputSchema`, `title`, `annotations`, `steps`...) and of its result stays as
 * written. When the text no longer has the tool named `initial.name` there, nothing is written
 * ('tool-gone').
 *
 * A new name is kept as typed (spaces and all: adapting names is what the lab shows), and refused
 * when blank or when another tool of the server has it: one server cannot list a name twice. A
 * description is trimmed; an empty one removes the key, as the add form leaves it out.
 *
 * What a call does, when changed: a JSON-RPC error or a crash keeps the tool's `result` as it is:
 * the schema allows it beside either, the simulated server ignores it then (`error` wins, a crash
 * never answers), and switching back to an answer gives the learner's result back instead of
 * losing it. For the same reason a crash keeps `latencyMs`: a crash has no answer to delay (its
 * field is hidden), and the delay comes back with an answer. The fields of a choice not taken are
 * not written. `error` and `crash` go when not chosen: either would win over the answer chosen.
 */
export function changeTool(
	text: string,
	server: string,
	index: number,
	initial: ToolFields,
	fields: ToolFields
): EditResult {
	const found = toolAt(text, server, index);
	if ('kind' in found) return { ok: false, error: found };
	const { root, tools, tool } = found;
	// Compared as the form lists names (readForm), which is where `initial.name` comes from.
	if (str(tool.name) !== initial.name)
		return { ok: false, error: { kind: 'tool-gone', server, name: initial.name } };
	if (fields.name !== initial.name) {
		if (!fields.name.trim()) return { ok: false, error: { kind: 'name-required' } };
		const taken = tools.some(
			(other, at) => at !== index && isObject(other) && other.name === fields.name
		);
		if (taken) return { ok: false, error: { kind: 'tool-taken', server, name: fields.name } };
		tool.name = fields.name;
	}
	if (fields.description !== initial.description) withDescription(tool, fields.description.trim());
	if (fields.inputSchema !== initial.inputSchema) {
		const schema = schemaOf(fields.inputSchema);
		if (schema === null) return { ok: false, error: { kind: 'schema-invalid' } };
		// Empty: the tool is listed with no inputSchema at all (the scenario allows it, MCP does
		// not: a lesson of its own). Otherwise sent as written, the scenario's raw schema.
		if (schema === undefined) delete tool.inputSchema;
		else tool.inputSchema = schema;
	}
	if (behaviourFields.some((key) => fields[key] !== initial[key])) {
		const outcome = behaviourKeys(fields);
		if (!outcome.ok) return outcome;
		const { behaviour } = fields;
		if (behaviour === 'rpc-error') {
			tool.error = outcome.keys.error;
			delete tool.crash;
		} else if (behaviour === 'crash') {
			tool.crash = true;
			delete tool.error;
		} else {
			delete tool.error;
			delete tool.crash;
			const result = resultWith(tool.result, fields.result, behaviour === 'error-result');
			if (result) tool.result = result;
			else delete tool.result;
		}
		if (behaviour !== 'crash') {
			if (outcome.keys.latencyMs === undefined) delete tool.latencyMs;
			else tool.latencyMs = outcome.keys.latencyMs;
		}
	}
	// `tool` is the parsed text's own object: the root serialises with it changed in place.
	return serialise(root);
}

/**
 * What to say when the text no longer has, where Change fields read it, the tool they opened on
 * (the JSON view, the host page or time travel changed it): the fields would belong to another
 * tool, or to none, and close. Null while the tool is still there, and while the text is not
 * JSON at all (a comma being typed in the JSON view): the form lists nothing then, and the
 * fields come back with the list, started from the tool again, once the text is readable.
 */
export function changeGone(
	text: string,
	{ server, index, initial }: { server: string; index: number; initial: ToolFields }
): string | null {
	const found = toolAt(text, server, index);
	if ('kind' in found ? found.kind === 'json' : str(found.tool.name) === initial.name) return null;
	const [tool, place] = [initial.name, server].map((name) => isolatedName(name, 120));
	return m.editor_form_change_closed({ tool, server: place });
}
