import { pyRepr } from '../../python/repr';
import { pyStripSpace } from '../../python/strip';
import { contentJson } from './content-json';
import { noOutput } from './strings';

interface ResultLike {
	content?: Array<{ type: string; text?: unknown; [key: string]: unknown }>;
	structuredContent?: Record<string, unknown>;
	isError?: boolean;
}

/**
 * The text the model receives from a tools/call result, as OpenHarness's `mcp/client.py` builds
 * it: text parts kept, other parts as the SDK's pydantic models print them (`contentJson`), joined
 * with newlines and trimmed (parts of only whitespace give an empty text, not `(no output)`);
 * structuredContent only when there are no parts and it is not empty (an empty dict is falsy in
 * Python), as a dict repr; else `(no output)`. `isError` is ignored.
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
				part.type === 'text' && typeof part.text === 'string' ? part.text : contentJson(part)
			)
			.join('\n')
	);
}

/** Python's repr() of JSON-shaped data, as `str(dict)` prints it. */
export { pyRepr as pythonRepr } from '../../python/repr';
