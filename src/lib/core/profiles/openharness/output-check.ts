import { validate } from '../../python/jsonschema';
import { loadPatternEngine, mentionsPatterns } from '../../python/pattern-engine';

interface Listed {
	listings?: Array<Array<{ name: string; outputSchema?: unknown }>>;
}

/**
 * What OpenHarness's MCP session (the Python SDK's `ClientSession.call_tool`, through
 * `_validate_tool_result` in `mcp/client/session.py`) raises about a result that is not an error
 * when its tool was listed with an outputSchema: no structured content, or structured content
 * that `jsonschema.validate` rejects. OpenHarness then reports `call failed: <this>`. `null` when
 * the result passes (an error result is never checked). The reference (harness-behaviors.md)
 * does not cover it: read from the SDK.
 */
export function outputSchemaProblem(
	session: Listed,
	tool: string,
	result: Record<string, unknown>
): string | null {
	const schema = result.isError ? null : listedSchema(session, tool);
	if (!schema) return null;
	const structured = result.structuredContent;
	if (structured === undefined || structured === null)
		return `Tool ${tool} has an output schema but did not return structured content`;
	const error = validate(structured, schema);
	return error === null ? null : `Invalid structured content returned by tool ${tool}: ${error}`;
}

/**
 * The session's `_tool_output_schemas` entry: each tools/list sets it for every tool it lists,
 * so the latest listing wins. For a tool no listing has, the SDK lists tools again first; the
 * registry comes from the first listing, so that is a tool its server has dropped since start-up,
 * and the lab leaves it out (the result passes, as when the relisting lacks it too).
 */
function listedSchema(session: Listed, tool: string): Record<string, unknown> | null {
	const listings = session.listings ?? [];
	for (let i = listings.length - 1; i >= 0; i--) {
		const listed = listings[i].findLast((t) => t.name === tool);
		if (!listed) continue;
		const schema = listed.outputSchema;
		// pydantic reads any other value as no schema (a list would fail the listing in Python).
		return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
			? (schema as Record<string, unknown>)
			: null;
	}
	return null;
}

/** Loads what these tools' schemas need checked: the pattern engine, when one has a pattern. */
export async function prepare(tools: ReadonlyArray<Record<string, unknown>>): Promise<void> {
	if (tools.some((tool) => tool.outputSchema && mentionsPatterns(tool.outputSchema)))
		await loadPatternEngine();
}
