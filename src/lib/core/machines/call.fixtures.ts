import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { RegisteredTool } from '../registry/registry';
import type { CallInput } from './call.stages';

// Shared by the call machine's tests and the runner's (call.run.test.ts), which walks the
// machine's paths with these same inputs and events.

// The machine's decisions walked without I/O: the execute actor's outcomes are plain events here.
export const done = (output: unknown) => ({ type: 'xstate.done.actor.execute', output });
const failed = (error: unknown) => ({ type: 'xstate.error.actor.execute', error });

const tool = (
	server: string,
	name: string,
	inputSchema: Record<string, unknown>
): RegisteredTool => ({
	name: `mcp__${server}__${name}`,
	server,
	tool: name,
	description: '',
	inputSchema,
	readOnly: false
});

export const registry: RegisteredTool[] = [
	tool('fs', 'read_file', {
		type: 'object',
		properties: { path: { type: 'string' }, limit: { type: 'integer' } },
		required: ['path']
	}),
	tool('fs', 'write_file', { type: 'object', properties: { path: { type: 'string' } } })
];

export const okResult = { content: [{ type: 'text', text: ' hello ' }] };
const bigResult = { content: [{ type: 'text', text: 'z'.repeat(16_001) }] };
const toolErrorResult = { content: [{ type: 'text', text: 'boom' }], isError: true };

export const executeEvents = [
	{ type: 'APPROVE' },
	{ type: 'REFUSE' },
	done(okResult),
	done(bigResult),
	done(toolErrorResult),
	done({ kind: 'not-connected', detail: '' }),
	failed(new McpError(ErrorCode.RequestTimeout, 'Request timed out')),
	failed({ kind: 'not-connected', detail: 'unknown server' }),
	failed(new TypeError(''))
];

export const input = (over: Partial<CallInput> = {}): CallInput => ({
	id: 'c1',
	name: 'mcp__fs__read_file',
	arguments: { path: 'README.md', extra: true },
	registry,
	hooks: { post_tool_use: [{ matcher: 'mcp__fs__*', note: 'audit' }] },
	permissions: { mode: 'full_auto' },
	...over
});

// Errors serialise to `{}` in JSON; without this the graph would take two rejections for one event.
export const serializeEvent = (event: object) =>
	JSON.stringify(event, (_key, value) =>
		value instanceof Error ? `${value.name}: ${value.message}` : value
	);
