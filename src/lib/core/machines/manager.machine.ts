import { assign, setup, type ActorRefFrom } from 'xstate';
import { buildRegistry, type BuiltRegistry, type ConnectionFacts } from '../registry/registry';
import { connectionMachine, type ConnectionInput } from './connection.machine';

export type ManagerEvent =
	| { type: 'START_SESSION' }
	| { type: 'CONNECT_ALL' }
	| { type: 'RECONNECT_ALL' }
	| { type: 'CLOSE_SESSION' }
	| { type: 'CONNECTION.SETTLED'; server: string }
	| { type: 'CONNECTION.CLOSED'; server: string };

type ConnectionRef = ActorRefFrom<typeof connectionMachine>;

export interface ManagerContext {
	/** Server names in config order: connect_all goes one at a time in this order. */
	order: string[];
	connections: Record<string, ConnectionRef>;
	/** Servers still to connect (head first) or still closing. */
	queue: string[];
	/** What follows the current connect_all: building the registry (start-up) or nothing. */
	thenBuild: boolean;
	/** After closing everything: connect all again (reconnect_all) or stop (shutdown). */
	thenConnect: boolean;
	/** Built once per session; null before the first start-up or after the session closed. */
	registry: BuiltRegistry | null;
	/** Counts start-ups, so the UI can tell a new session from the same one. */
	sessions: number;
	/** The profile's registry policy (OpenHarness's unless the world gives another). */
	build: (connections: ConnectionFacts[]) => BuiltRegistry;
	/** Whether connect_all takes this server (the trust profile connects trusted connectors only). */
	connects: (server: string) => boolean;
}

export interface ManagerInput {
	servers: ConnectionInput[];
	build?: (connections: ConnectionFacts[]) => BuiltRegistry;
	connects?: (server: string) => boolean;
}

/**
 * OpenHarness's McpClientManager: connect_all (serial, config order), reconnect_all (close all,
 * back to pending, connect_all), close. It spawns one connection actor per server and only ever
 * hears "settled" or "closed" from them: a server's failure is its own final state, never the
 * manager's, which is the isolation the lab teaches.
 */
export const managerMachine = setup({
	types: {
		context: {} as ManagerContext,
		events: {} as ManagerEvent,
		input: {} as ManagerInput
	},
	actors: { connection: connectionMachine },
	guards: {
		queueEmpty: ({ context }) => context.queue.length === 0,
		isQueueHead: ({ context, event }) => 'server' in event && context.queue[0] === event.server
	},
	actions: {
		connectHead: ({ context }) => {
			const head = context.queue[0];
			if (head) context.connections[head].send({ type: 'CONNECT' });
		},
		closeAll: ({ context }) => {
			for (const name of context.order) context.connections[name].send({ type: 'CLOSE' });
		},
		buildRegistry: assign({
			registry: ({ context }) =>
				context.build(
					context.order.map((name) => {
						const c = context.connections[name].getSnapshot().context;
						return { server: c.server, status: c.status, tools: c.tools };
					})
				),
			sessions: ({ context }) => context.sessions + 1
		})
	}
}).createMachine({
	id: 'manager',
	context: ({ input, spawn }) => ({
		order: input.servers.map((s) => s.server),
		connections: Object.fromEntries(
			input.servers.map((s) => [s.server, spawn('connection', { id: s.server, input: s })])
		) as Record<string, ConnectionRef>,
		queue: [],
		thenBuild: false,
		thenConnect: false,
		registry: null,
		sessions: 0,
		build: input.build ?? buildRegistry,
		connects: input.connects ?? (() => true)
	}),
	initial: 'idle',
	states: {
		idle: {
			on: {
				START_SESSION: {
					target: 'connectingAll',
					actions: assign({ thenBuild: true, registry: null })
				},
				CONNECT_ALL: { target: 'connectingAll', actions: assign({ thenBuild: false }) },
				// The registry is not rebuilt: OpenHarness builds it once per session.
				RECONNECT_ALL: {
					target: 'closing',
					actions: assign({ thenBuild: false, thenConnect: true })
				},
				CLOSE_SESSION: {
					target: 'closing',
					actions: assign({ thenBuild: false, thenConnect: false, registry: null })
				}
			}
		},
		connectingAll: {
			entry: [
				assign({ queue: ({ context }) => context.order.filter((s) => context.connects(s)) }),
				'connectHead'
			],
			always: { guard: 'queueEmpty', target: 'finishing' },
			on: {
				'CONNECTION.SETTLED': {
					guard: 'isQueueHead',
					actions: [assign({ queue: ({ context }) => context.queue.slice(1) }), 'connectHead']
				}
			}
		},
		finishing: {
			always: [
				{ guard: ({ context }) => context.thenBuild, target: 'idle', actions: 'buildRegistry' },
				{ target: 'idle' }
			]
		},
		/** Close every connection; a reconnect then connects all again, a shutdown stops here. */
		closing: {
			entry: [assign({ queue: ({ context }) => [...context.order] }), 'closeAll'],
			always: { guard: 'queueEmpty', target: 'afterClosing' },
			on: {
				'CONNECTION.CLOSED': {
					actions: assign({
						queue: ({ context, event }) => context.queue.filter((s) => s !== event.server)
					})
				}
			}
		},
		afterClosing: {
			always: [
				{ guard: ({ context }) => context.thenConnect, target: 'connectingAll' },
				{ target: 'idle' }
			]
		}
	}
});
