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

/*
 * Changing what an existing tool does when called: read by the form's Change only, so it is
 * fetched with that editor (ToolChange.svelte) when a learner first presses Change, not with the
 * page (the sandbox loads the form at start-up, within its size budget).
 */

/** What a tool does when called, as the "When called" fields hold it: every field as typed. */
export interface ToolFields {
	behaviour: ToolBehaviour;
	/** The text of the result's first text part; empty when it has none. */
	result: string;
	errorCode: string;
	errorMessage: string;
	/** Empty for none. */
	latencyMs: string;
}

/**
 * The tool at `index` of a server's `sim.tools` when it is an object, with the parsed root that
 * holds it (so an edit of `tool` in place is an edit of the root), or why there is none.
 */
function toolAt(
	text: string,
	server: string,
	index: number
): { root: JsonObject; tool: JsonObject } | EditError {
	const opened = open(text);
	if ('reason' in opened) return { kind: opened.reason };
	const config = opened.servers[server];
	if (!Object.hasOwn(opened.servers, server) || !isObject(config))
		return { kind: 'no-server', name: server };
	const sim = config.sim;
	if (!isObject(sim) || !Array.isArray(sim.tools)) return { kind: 'shape' };
	const tool: unknown = sim.tools[index];
	if (!isObject(tool)) return { kind: 'shape' };
	return { root: opened.root, tool };
}

const isTextPart = (part: unknown): part is JsonObject => isObject(part) && part.type === 'text';

/**
 * A tool's "When called" fields as the text has it, for the form to start from; null when there
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
		behaviour,
		result: str(part?.text),
		// Hand-written text may hold anything here: shown as written, refused on Save if not a code.
		errorCode: error && error.code !== undefined ? String(error.code) : DEFAULT_ERROR_CODE,
		errorMessage: error ? str(error.message) : '',
		latencyMs: typeof tool.latencyMs === 'number' ? String(tool.latencyMs) : ''
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

/**
 * Rewrites what the tool at `index` of `server` does when called, and only that: its `error`,
 * `crash`, `result` (its first text part and `isError`) and `latencyMs`. Every other key of the
 * tool (`inputSchema`, `title`, `annotations`, `steps`...) and of its result stays as written.
 * `fields.name` is the tool's name as the form read it: when the text no longer has that tool
 * there, nothing is written ('tool-gone').
 *
 * A JSON-RPC error or a crash keeps the tool's `result` as it is: the schema allows it beside
 * either, the simulated server ignores it then (`error` wins, a crash never answers), and
 * switching back to an answer gives the learner's result back instead of losing it. For the
 * same reason a crash keeps `latencyMs`: a crash has no answer to delay (its field is hidden),
 * and the delay comes back with an answer. The fields of a choice not taken are not written.
 * `error` and `crash` go when not chosen: either would win over the answer chosen.
 */
export function changeTool(
	text: string,
	server: string,
	index: number,
	fields: ToolFields & { name: string }
): EditResult {
	const found = toolAt(text, server, index);
	if ('kind' in found) return { ok: false, error: found };
	const { root, tool } = found;
	// Compared as the form lists names (readForm), which is where `fields.name` comes from.
	if (str(tool.name) !== fields.name)
		return { ok: false, error: { kind: 'tool-gone', server, name: fields.name } };
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
	// `tool` is the parsed text's own object: the root serialises with it changed in place.
	return serialise(root);
}
