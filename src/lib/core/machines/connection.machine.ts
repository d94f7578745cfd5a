import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ServerConfig } from '../scenario/schema';
import { errorDetail, methodNotFound, wsUnsupported } from '../profiles/openharness/strings';
import type { ConnectionIo, ConnectionStatus, InitInfo, ResourceInfo, ToolInfo } from './types';
import { fromIo } from './io-actor';

export interface ConnectionContext {
	server: string;
	transport: ServerConfig['type'];
	status: ConnectionStatus;
	detail: string;
	tools: ToolInfo[];
	resources: ResourceInfo[];
	init: InitInfo | null;
	/** False for a harness whose connect lists tools only (MiniHarness, contextual). */
	listsResources: boolean;
}

export type ConnectionEvent = { type: 'CONNECT' } | { type: 'CLOSE' };

/** Harnesses whose connect lists tools only (harness-behaviors.md §3, §5): no resources/list. */
const TOOLS_ONLY: ReadonlySet<string> = new Set(['miniharness', 'contextual']);

/** Whether a profile's connect ends with resources/list (OpenHarness's sequence). */
export const listsResourcesIn = (profile: string): boolean => !TOOLS_ONLY.has(profile);

export interface ConnectionInput {
	server: string;
	transport: ServerConfig['type'];
	/** Whether connecting ends with resources/list (OpenHarness's sequence; default true). */
	listsResources?: boolean;
}

/** Placeholder actors: the world supplies real ones with `.provide()`. */
const unprovided = (what: string) =>
	fromPromise<never, { server: string }>(async () => {
		throw new Error(`connection I/O '${what}' was not provided`);
	});

/**
 * One server connection (OpenHarness's sequence unless the input lists tools only): its own
 * error boundary. Any failure on the way (transport, initialize, tools/list, resources/list
 * other than Method not found) ends here in `failed` with the error's message as detail;
 * nothing propagates to the manager, which only hears that this connection has settled.
 */
/**
 * CONNECT from any resting state. OpenHarness's connect_all simply connects again; the I/O's
 * `open` closes a previous session of the same server first.
 */
const connectTransitions = [
	{
		// "Passes validation ≠ connects": a ws server is never attempted.
		guard: 'isWs' as const,
		target: '#connection.failed',
		reenter: true,
		actions: 'failUnsupported' as const
	},
	{ target: '#connection.connecting' }
];

export const connectionMachine = setup({
	types: {
		context: {} as ConnectionContext,
		events: {} as ConnectionEvent,
		input: {} as ConnectionInput
	},
	actors: {
		open: unprovided('open') as ReturnType<typeof fromPromise<void, { server: string }>>,
		initialize: unprovided('initialize') as ReturnType<
			typeof fromPromise<InitInfo, { server: string }>
		>,
		listTools: unprovided('listTools') as ReturnType<
			typeof fromPromise<ToolInfo[], { server: string }>
		>,
		listResources: unprovided('listResources') as ReturnType<
			typeof fromPromise<ResourceInfo[], { server: string }>
		>,
		close: unprovided('close') as ReturnType<typeof fromPromise<void, { server: string }>>
	},
	guards: {
		isWs: ({ context }) => context.transport === 'ws',
		toolsOnly: ({ context }) => !context.listsResources,
		isMethodNotFound: ({ event }) =>
			errorDetail((event as { error?: unknown }).error).includes(methodNotFound)
	},
	actions: {
		failUnsupported: assign({ status: 'failed', detail: wsUnsupported }),
		keepTools: assign({ tools: ({ event }) => (event as { output?: ToolInfo[] }).output ?? [] }),
		failWith: assign(({ event }) => ({
			status: 'failed' as const,
			detail: errorDetail((event as { error?: unknown }).error),
			tools: [],
			resources: []
		})),
		// The manager hears only these two; path tests provide no-ops in their place.
		settled: sendParent(({ context }) => ({ type: 'CONNECTION.SETTLED', server: context.server })),
		notifyClosed: sendParent(({ context }) => ({
			type: 'CONNECTION.CLOSED',
			server: context.server
		}))
	}
}).createMachine({
	id: 'connection',
	context: ({ input }) => ({
		server: input.server,
		transport: input.transport,
		status: 'pending',
		detail: '',
		tools: [],
		resources: [],
		init: null,
		listsResources: input.listsResources ?? true
	}),
	initial: 'pending',
	states: {
		pending: {
			on: { CONNECT: connectTransitions, CLOSE: 'closed' }
		},
		connecting: {
			initial: 'opening',
			on: { CLOSE: '#connection.closing' },
			entry: assign({ status: 'pending', detail: '', tools: [], resources: [], init: null }),
			states: {
				opening: {
					invoke: {
						id: 'open',
						src: 'open',
						input: ({ context }) => ({ server: context.server }),
						onDone: 'initializing',
						onError: '#connection.closingAfterFailure'
					}
				},
				initializing: {
					invoke: {
						id: 'initialize',
						src: 'initialize',
						input: ({ context }) => ({ server: context.server }),
						onDone: {
							target: 'listingTools',
							actions: assign({ init: ({ event }) => event.output })
						},
						onError: '#connection.closingAfterFailure'
					}
				},
				listingTools: {
					invoke: {
						id: 'listTools',
						src: 'listTools',
						input: ({ context }) => ({ server: context.server }),
						onDone: [
							// MiniHarness and pydantic-ai list tools only: no resources/list at connect.
							{ guard: 'toolsOnly', target: '#connection.connected', actions: 'keepTools' },
							{ target: 'listingResources', actions: 'keepTools' }
						],
						onError: '#connection.closingAfterFailure'
					}
				},
				listingResources: {
					invoke: {
						id: 'listResources',
						src: 'listResources',
						input: ({ context }) => ({ server: context.server }),
						onDone: {
							target: '#connection.connected',
							actions: assign({ resources: ({ event }) => event.output })
						},
						onError: [
							// A server without resources still counts as connected.
							{ guard: 'isMethodNotFound', target: '#connection.connected' },
							// Any other resources/list error fails the server even though its tools were listed.
							{ target: '#connection.closingAfterFailure' }
						]
					}
				}
			}
		},
		/** The failed server's resource stack is closed; then it reports `failed`. */
		closingAfterFailure: {
			entry: 'failWith',
			invoke: {
				id: 'close',
				src: 'close',
				input: ({ context }) => ({ server: context.server }),
				onDone: 'failed',
				onError: 'failed'
			}
		},
		connected: {
			entry: [assign({ status: 'connected', detail: '' }), 'settled'],
			on: { CONNECT: connectTransitions, CLOSE: 'closing' }
		},
		failed: {
			entry: 'settled',
			on: { CONNECT: connectTransitions, CLOSE: 'closing' }
		},
		closing: {
			invoke: {
				id: 'close',
				src: 'close',
				input: ({ context }) => ({ server: context.server }),
				onDone: 'closed',
				onError: 'closed'
			}
		},
		/** Shut down; reported with the profile's word `pending` (no session), ready to connect again. */
		closed: {
			entry: [
				assign({ status: 'pending', detail: '', tools: [], resources: [], init: null }),
				'notifyClosed'
			],
			on: { CONNECT: connectTransitions, CLOSE: { target: 'closed', reenter: true } }
		}
	}
});

/** Binds a connection machine to real protocol I/O. */
export function connectionWithIo(io: ConnectionIo) {
	return connectionMachine.provide({
		actors: {
			open: fromIo((server) => io.open(server)),
			initialize: fromIo((server) => io.initialize(server)),
			listTools: fromIo((server) => io.listTools(server)),
			listResources: fromIo((server) => io.listResources(server)),
			close: fromIo((server) => io.close(server))
		}
	});
}
