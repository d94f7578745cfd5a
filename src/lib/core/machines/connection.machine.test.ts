import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { connectionMachine, type ConnectionInput } from './connection.machine';

// The machine's decisions walked without I/O: invoked actors' outcomes are plain events here.
const pure = connectionMachine.provide({ actions: { settled: () => {}, notifyClosed: () => {} } });

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const tool = {
	name: 'read_file',
	description: '',
	inputSchema: { type: 'object', properties: {} }
};
const happyEvents = [
	{ type: 'CONNECT' },
	{ type: 'CLOSE' },
	done('open'),
	done('initialize', {
		protocolVersion: '2025-11-25',
		serverName: 's',
		serverVersion: '1',
		instructions: ''
	}),
	done('listTools', [tool]),
	done('listResources', []),
	done('close')
];
const failureEvents = [
	failed('open', new Error('spawn failed')),
	failed('initialize', new McpError(ErrorCode.ConnectionClosed, 'Connection closed')),
	failed('listTools', new McpError(ErrorCode.RequestTimeout, 'Request timed out')),
	failed('listResources', new McpError(ErrorCode.MethodNotFound, 'Method not found')),
	failed('listResources', new McpError(ErrorCode.InternalError, 'Internal error')),
	failed('initialize', new TypeError(''))
];

function paths(transport: 'stdio' | 'http' | 'ws', events: object[], listsResources?: boolean) {
	return getSimplePaths(pure, {
		input: { server: 'srv', transport, listsResources },
		events: events as never,
		toState: undefined
	});
}

const stateKey = (value: unknown) => JSON.stringify(value);

/** Every state the machine can reach for this input, under every event it takes. */
const reachedStates = (input: ConnectionInput) =>
	new Set(
		getShortestPaths(pure, {
			input,
			events: [...happyEvents, ...failureEvents] as never
		}).map((p) => stateKey(p.state.value))
	);

describe('connection machine (path tests)', () => {
	it('reaches every state of the machine', () => {
		const reached = reachedStates({ server: 'srv', transport: 'stdio' });
		expect([...reached].sort()).toEqual(
			[
				'"pending"',
				'{"connecting":"opening"}',
				'{"connecting":"initializing"}',
				'{"connecting":"listingTools"}',
				'{"connecting":"listingResources"}',
				'"closingAfterFailure"',
				'"connected"',
				'"failed"',
				'"closing"',
				'"closed"'
			].sort()
		);
	});

	it('connects in order: open → initialize → tools/list → resources/list', () => {
		const toConnected = paths('stdio', happyEvents).find((p) => p.state.matches('connected'));
		expect(toConnected?.steps.map((s) => s.event.type)).toEqual([
			'xstate.init',
			'CONNECT',
			'xstate.done.actor.open',
			'xstate.done.actor.initialize',
			'xstate.done.actor.listTools',
			'xstate.done.actor.listResources'
		]);
		expect(toConnected?.state.context).toMatchObject({
			status: 'connected',
			detail: '',
			tools: [tool]
		});
	});

	it('never attempts a ws server: failed with the exact detail, no I/O state entered', () => {
		const all = getShortestPaths(pure, {
			input: { server: 'realtime', transport: 'ws' },
			events: [...happyEvents, ...failureEvents] as never
		});
		const states = all.map((p) => stateKey(p.state.value));
		expect(states.some((s) => s.includes('connecting'))).toBe(false);
		const fail = all.find((p) => p.state.matches('failed'));
		expect(fail?.state.context.status).toBe('failed');
		expect(fail?.state.context.detail).toBe('Unsupported MCP transport in current build: ws');
	});

	it('fails on any step with the error message as detail, after closing its own stack', () => {
		// The detail is Python's str(exc): an McpError's wire message, without the TS client's prefix.
		for (const [id, error, message] of [
			['open', new Error('spawn failed'), 'spawn failed'],
			[
				'initialize',
				new McpError(ErrorCode.ConnectionClosed, 'Connection closed'),
				'Connection closed'
			],
			[
				'listTools',
				new McpError(ErrorCode.RequestTimeout, 'Request timed out'),
				'Request timed out'
			],
			[
				'listResources',
				new McpError(ErrorCode.InternalError, 'MCP error -32603: disk on fire'),
				'MCP error -32603: disk on fire'
			]
		] as const) {
			const path = paths('stdio', [...happyEvents, failed(id, error)]).find(
				(p) =>
					p.state.matches('failed') &&
					p.steps.some((s) => s.event.type === `xstate.error.actor.${id}`)
			);
			expect(path, id).toBeDefined();
			expect(path!.steps.map((s) => stateKey(s.state.value))).toContain('"closingAfterFailure"');
			expect(path!.state.context).toMatchObject({ status: 'failed', detail: message, tools: [] });
		}
	});

	it('counts Method not found on resources/list as connected with no resources', () => {
		const path = paths('stdio', [
			...happyEvents.filter((e) => e.type !== 'xstate.done.actor.listResources'),
			failed('listResources', new McpError(ErrorCode.MethodNotFound, 'Method not found'))
		]).find((p) => p.state.matches('connected'));
		expect(path?.state.context).toMatchObject({
			status: 'connected',
			tools: [tool],
			resources: []
		});
	});

	it('uses the class name when the message is empty', () => {
		const path = paths('stdio', [...happyEvents, failed('initialize', new TypeError(''))]).find(
			(p) => p.state.matches('failed')
		);
		expect(path?.state.context.detail).toBe('TypeError');
	});

	it('marks a cancelled connect failed like any error, named by its class (asyncio.CancelledError has no message)', () => {
		const cancelled = Object.assign(new Error(''), { name: 'CancelledError' });
		const path = paths('stdio', [...happyEvents, failed('listTools', cancelled)]).find((p) =>
			p.state.matches('failed')
		);
		expect(path?.state.context).toMatchObject({ status: 'failed', detail: 'CancelledError' });
	});

	it('closing any connection reports pending again and can connect anew', () => {
		const closed = getShortestPaths(pure, {
			input: { server: 'srv', transport: 'stdio' },
			events: happyEvents as never
		}).filter((p) => p.state.matches('closed'));
		expect(closed.length).toBeGreaterThan(0);
		for (const p of closed)
			expect(p.state.context).toMatchObject({ status: 'pending', detail: '' });
		const again = getSimplePaths(pure, {
			input: { server: 'srv', transport: 'stdio' },
			events: happyEvents as never
		}).find(
			(p) =>
				p.state.matches('connected') && p.steps.some((s) => stateKey(s.state.value) === '"closed"')
		);
		expect(again).toBeDefined();
	});
});

describe('connection machine, tools only (MiniHarness, contextual)', () => {
	it('never enters listingResources, whatever happens', () => {
		const reached = reachedStates({ server: 'srv', transport: 'http', listsResources: false });
		expect([...reached].sort()).toEqual(
			[
				'"pending"',
				'{"connecting":"opening"}',
				'{"connecting":"initializing"}',
				'{"connecting":"listingTools"}',
				'"closingAfterFailure"',
				'"connected"',
				'"failed"',
				'"closing"',
				'"closed"'
			].sort()
		);
	});

	it('connects in order: open → initialize → tools/list, then connected with no resources', () => {
		const toConnected = paths('http', happyEvents, false).find((p) => p.state.matches('connected'));
		expect(toConnected?.steps.map((s) => s.event.type)).toEqual([
			'xstate.init',
			'CONNECT',
			'xstate.done.actor.open',
			'xstate.done.actor.initialize',
			'xstate.done.actor.listTools'
		]);
		expect(toConnected?.state.context).toMatchObject({
			status: 'connected',
			detail: '',
			tools: [tool],
			resources: []
		});
	});

	it('still fails on a tools/list error with its message, after closing its own stack', () => {
		const path = paths(
			'http',
			[
				...happyEvents,
				failed('listTools', new McpError(ErrorCode.RequestTimeout, 'Request timed out'))
			],
			false
		).find((p) => p.state.matches('failed'));
		expect(path!.steps.map((s) => stateKey(s.state.value))).toContain('"closingAfterFailure"');
		expect(path!.state.context).toMatchObject({
			status: 'failed',
			detail: 'Request timed out',
			tools: []
		});
	});

	it('connects again after a close with the same sequence: tools/list ends it', () => {
		const again = paths('stdio', happyEvents, false).filter(
			(p) =>
				p.state.matches('connected') && p.steps.some((s) => stateKey(s.state.value) === '"closed"')
		);
		expect(again.length).toBeGreaterThan(0);
		for (const p of again) {
			expect(p.steps.at(-1)!.event.type).toBe('xstate.done.actor.listTools');
			expect(p.steps.some((s) => s.event.type.includes('listResources'))).toBe(false);
		}
	});
});
