import { PY_RECURSION_LIMIT, PyRecursionError, pyRepr } from '../../python/repr';
import { pyStripSpace } from '../../python/strip';
import { noOutput } from './strings';

interface ResultLike {
	content?: Array<{ type: string; text?: unknown; [key: string]: unknown }>;
	structuredContent?: Record<string, unknown>;
	isError?: boolean;
}

/**
 * The text the model receives from a tools/call result, as OpenHarness's `mcp/client.py` builds
 * it: text parts kept, other parts serialised as JSON, joined with newlines and trimmed (parts of
 * only whitespace give an empty text, not `(no output)`); structuredContent only when there are no
 * parts and it is not empty (an empty dict is falsy in Python), as a dict repr; else
 * `(no output)`. `isError` is ignored.
 */
export function resultText(result: ResultLike): string {
	const parts = result.content ?? [];
	if (parts.length === 0) {
		const structured = result.structuredContent;
		return structured && Object.keys(structured).length > 0 ? pyRepr(structured) : noOutput;
	}
	return pyStripSpace(
		parts
			.map((part) =>
				part.type === 'text' && typeof part.text === 'string' ? part.text : pyJsonDumps(part)
			)
			.join('\n')
	);
}

/** Python's json.dumps default separators (`, ` and `: `) and ASCII escaping. */
export function pyJsonDumps(value: unknown, depth = 0): string {
	if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('encoding a JSON object');
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'string') return pyString(value, '"');
	if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map((v) => pyJsonDumps(v, depth + 1)).join(', ')}]`;
	const entries = Object.entries(value as Record<string, unknown>).filter(
		([, v]) => v !== undefined
	);
	return `{${entries.map(([k, v]) => `${pyString(k, '"')}: ${pyJsonDumps(v, depth + 1)}`).join(', ')}}`;
}

/** Python's repr() of JSON-shaped data, as `str(dict)` prints it. */
export { pyRepr as pythonRepr } from '../../python/repr';

function pyString(s: string, quote: '"'): string {
	let out = '';
	for (const ch of s) {
		const code = ch.codePointAt(0)!;
		if (ch === quote || ch === '\\') out += `\\${ch}`;
		else if (ch === '\n') out += '\\n';
		else if (ch === '\r') out += '\\r';
		else if (ch === '\t') out += '\\t';
		else if (ch === '\b') out += '\\b';
		else if (ch === '\f') out += '\\f';
		else if (code < 0x20 || code > 0x7f) {
			// ensure_ascii: astral characters become a surrogate pair of \u escapes.
			for (let i = 0; i < ch.length; i++)
				out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
		} else out += ch;
	}
	return `${quote}${out}${quote}`;
}
