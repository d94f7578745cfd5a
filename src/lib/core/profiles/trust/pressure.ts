import { boundJson } from '../../text/bound';
import {
	DEFER_EXECUTE,
	DEFER_EXECUTE_DESCRIPTION,
	deferredBlock,
	namespaced,
	TOOL_SEARCH,
	TOOL_SEARCH_DESCRIPTION
} from './strings';

/** A tool as the model would be given it with its full schema (Anthropic's `tools` entries). */
export interface ModelTool {
	name: string;
	description: string;
	input_schema: Record<string, unknown>;
}

/** How much of the model's context each approach takes, in characters and estimated tokens. */
export interface Pressure {
	connectors: number;
	tools: number;
	/** Every tool's full definition, as a `tools` array. */
	schemaChars: number;
	schemaTokens: number;
	/** The `<available_deferred_tools>` block plus ToolSearch's and DeferExecuteTool's definitions. */
	deferredChars: number;
	deferredTokens: number;
}

/** An estimate only: about four characters per token for English text and JSON. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/** The two definitions the model gets instead of the MCP tools. */
export const DEFERRED_META_TOOLS: ModelTool[] = [
	{
		name: TOOL_SEARCH,
		description: TOOL_SEARCH_DESCRIPTION,
		input_schema: {
			type: 'object',
			properties: { tool_names: { type: 'array', items: { type: 'string' } } },
			required: ['tool_names']
		}
	},
	{
		name: DEFER_EXECUTE,
		description: DEFER_EXECUTE_DESCRIPTION,
		input_schema: {
			type: 'object',
			properties: { toolName: { type: 'string' }, params: { type: 'object' } },
			required: ['toolName', 'params']
		}
	}
];

/** Length as JSON; a schema nested too deep for JSON.stringify counts as boundJson shows it. */
const jsonChars = (value: unknown) => boundJson(value, Infinity, 0).text.length;

export function pressureOf(connectors: number, tools: readonly ModelTool[]): Pressure {
	// The `tools` array's JSON, tool by tool: one unprintable tool does not lose the others' size.
	const schemaChars = 2 + tools.reduce((sum, tool, i) => sum + (i ? 1 : 0) + jsonChars(tool), 0);
	const deferredChars = deferredBlock(tools).length + jsonChars(DEFERRED_META_TOOLS);
	return {
		connectors,
		tools: tools.length,
		schemaChars,
		schemaTokens: estimateTokens(schemaChars),
		deferredChars,
		deferredTokens: estimateTokens(deferredChars)
	};
}

const VERBS = [
	'list',
	'get',
	'create',
	'update',
	'delete',
	'search',
	'export',
	'import',
	'archive',
	'share'
];

/** A made-up but typical catalogue: `count` connectors of `perConnector` tools each. */
export function generatedTools(count = 40, perConnector = 10): ModelTool[] {
	const tools: ModelTool[] = [];
	for (let c = 1; c <= count; c++) {
		const connector = `svc${String(c).padStart(2, '0')}`;
		for (let t = 0; t < perConnector; t++) {
			const verb = VERBS[t % VERBS.length];
			tools.push({
				name: namespaced(connector, `${verb}_records${t >= VERBS.length ? t : ''}`),
				description: `${verb[0].toUpperCase()}${verb.slice(1)} records in the ${connector} workspace.`,
				input_schema: {
					type: 'object',
					properties: {
						workspace: { type: 'string', description: 'Workspace id' },
						query: { type: 'string', description: 'Filter or record id' },
						limit: { type: 'integer', description: 'Max results', minimum: 1, maximum: 100 },
						fields: { type: 'array', items: { type: 'string' }, description: 'Fields to return' }
					},
					required: ['workspace']
				}
			});
		}
	}
	return tools;
}

let generated: Pressure | null = null;

/** The 40 × 10 world's figures (computed once: they never change). */
export function generatedPressure(): Pressure {
	generated ??= pressureOf(40, generatedTools());
	return generated;
}
