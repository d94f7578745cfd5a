import { toolSourceSchema } from '../profiles/toolsource/policy';
import type {
	ToolSourceCallInput,
	ToolSourceExecuteOutput,
	ToolSourceTool
} from './toolsource-call.stages';

// Shared by the ToolSource call machine's tests and its runner's (toolsource-call.run.test.ts).

// The machine's decisions walked without I/O: the journal's and the wire's answers are events.
const persisted = { type: 'xstate.done.actor.persistIntent', output: 1 };
const answered = (output: ToolSourceExecuteOutput) => ({
	type: 'xstate.done.actor.execute',
	output
});
const ok = answered({
	kind: 'result',
	result: { content: [{ type: 'text', text: 'done' }] }
});
const toolError = answered({
	kind: 'result',
	result: { content: [{ type: 'text', text: 'no such row' }], isError: true }
});
export const events = [
	{ type: 'APPROVE' },
	{ type: 'REFUSE' },
	{ type: 'CANCEL' },
	persisted,
	{ type: 'xstate.error.actor.persistIntent', error: 'disk full' },
	ok,
	toolError,
	answered({ kind: 'not-connected' }),
	answered({ kind: 'rpc-error', message: 'MCP error -32602: bad' }),
	answered({ kind: 'timeout' }),
	answered({ kind: 'closed' })
];

const schema = {
	type: 'object',
	properties: { path: { type: 'string' } },
	required: ['path'],
	additionalProperties: false
};
const tools: ToolSourceTool[] = [
	{ name: 'mcp.fs.read', server: 'fs', tool: 'read', effect: 'read', schema, refused: null },
	{ name: 'mcp.fs.write', server: 'fs', tool: 'write', effect: 'write', schema, refused: null },
	{ name: 'mcp.fs.rm', server: 'fs', tool: 'rm', effect: null, schema: null, refused: null }
];
const policy = toolSourceSchema.parse({
	allow: { 'mcp.fs.read': 'read', 'mcp.fs.write': 'write' },
	timeoutMs: 1000
});
export const input = (
	name: string,
	args: Record<string, unknown> = { path: '/a' }
): ToolSourceCallInput => ({
	id: 'c1',
	name,
	arguments: args,
	tools,
	policy
});
