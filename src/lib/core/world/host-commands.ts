import { logLevels, normaliseRoots } from '../scenario/host-defaults';
import type { WorldAction } from './actions';
import type { SimClock } from './clock';
import { refusal } from './command-errors';
import type { WorldCommand } from './command-queue';
import type { CommandName, NewWorldEvent } from './events';
import type { ElicitationAnswer, HostRequest, SamplingAnswer } from './host-requests';
import type { HostSide } from './host-side';
import type { ManagerActor } from './manager-actor';
import {
	PROTOCOL_METHODS,
	ProtocolRunner,
	type ProtocolMethod,
	type ProtocolResult
} from './protocol-results';
import type { SimIo } from './sim-io';

/** A list request's params: the first page, or the one after a server's `nextCursor`. */
const page = (cursor?: string): { cursor?: string } => (cursor !== undefined ? { cursor } : {});

/**
 * The World's host-side commands (what each does is said on the World): a person's answers to
 * servers' requests, the host's roots, and the learner's own requests (logging, resources,
 * prompts). Each is a queued command of the world (`command`).
 */
export class HostCommands {
	readonly #command: WorldCommand;
	readonly #protocol: ProtocolRunner;
	/** Null until the host side loads, and for a world whose servers never ask the host. */
	readonly #host: () => HostSide | null;
	readonly #io: SimIo;
	readonly #emit: (event: NewWorldEvent) => void;

	constructor(
		command: WorldCommand,
		protocol: ProtocolRunner,
		host: () => HostSide | null,
		io: SimIo,
		emit: (event: NewWorldEvent) => void
	) {
		this.#command = command;
		this.#protocol = protocol;
		this.#host = host;
		this.#io = io;
		this.#emit = emit;
	}

	answerSampling(request: string, answer: SamplingAnswer): Promise<void> {
		const action: WorldAction =
			answer.action === 'approve'
				? {
						do: 'answerSampling',
						request,
						action: 'approve',
						...(answer.text !== undefined ? { text: answer.text } : {})
					}
				: { do: 'answerSampling', request, action: 'reject' };
		return this.#command('answerSampling', undefined, action, () =>
			this.#hostSide(request).requests.answerSampling(request, answer)
		);
	}

	answerElicitation(request: string, answer: ElicitationAnswer): Promise<void> {
		const action: WorldAction = {
			do: 'answerElicitation',
			request,
			action: answer.action,
			...(answer.content !== undefined ? { content: answer.content } : {})
		};
		return this.#command('answerElicitation', undefined, action, () =>
			this.#hostSide(request).requests.answerElicitation(request, answer)
		);
	}

	setRoots(roots: ReadonlyArray<string | { uri: string; name?: string }>): Promise<void> {
		const list = normaliseRoots([...roots]);
		return this.#command('setRoots', undefined, { do: 'setRoots', roots: list }, async () => {
			const host = this.#host();
			if (!host?.capabilities.roots) throw refusal('no_roots');
			const bad = list.find((r) => !r.uri.startsWith('file://'));
			if (bad) throw refusal('root_not_file', { uri: bad.uri });
			host.roots = list;
			this.#emit({ kind: 'roots', count: list.length });
			await this.#io.rootsChanged();
		});
	}

	setLogLevel(server: string, level: string): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'setLogLevel',
			server,
			{ do: 'setLogLevel', server, level },
			'logging/setLevel',
			{ level },
			() => {
				if (!(logLevels as readonly string[]).includes(level))
					throw refusal('log_level', { levels: logLevels.join(', '), level });
			}
		);
	}

	listResources(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'listResources',
			server,
			{ do: 'listResources', server, ...page(cursor) },
			'resources/list',
			page(cursor)
		);
	}

	listResourceTemplates(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'listResourceTemplates',
			server,
			{ do: 'listResourceTemplates', server, ...page(cursor) },
			'resources/templates/list',
			page(cursor)
		);
	}

	readResource(server: string, uri: string): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'readResource',
			server,
			{ do: 'readResource', server, uri },
			'resources/read',
			{ uri }
		);
	}

	listPrompts(server: string, cursor?: string): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'listPrompts',
			server,
			{ do: 'listPrompts', server, ...page(cursor) },
			'prompts/list',
			page(cursor)
		);
	}

	getPrompt(server: string, name: string, args: Record<string, string>): Promise<ProtocolResult> {
		return this.#protocolCommand(
			'getPrompt',
			server,
			{ do: 'getPrompt', server, name, arguments: args },
			'prompts/get',
			{ name, arguments: args }
		);
	}

	/**
	 * A learner's request through the wire, as a queued command. It is only started here: the
	 * command's settling moves the clock until the answer arrives (or the world's timeout).
	 */
	#protocolCommand(
		command: CommandName,
		server: string,
		action: WorldAction,
		method: ProtocolMethod,
		params: Record<string, unknown>,
		check: () => void = () => {}
	): Promise<ProtocolResult> {
		let id = '';
		return this.#command(command, server, action, () => {
			check();
			id = this.#protocol.start(server, method, params);
		}).then(() => this.#protocol.results.find(id)!);
	}

	/** A world whose servers never ask the host anything has no host side: nothing is pending. */
	#hostSide(request: string): HostSide {
		const host = this.#host();
		if (!host) throw refusal('host_request_not_waiting', { id: request });
		return host;
	}
}

/**
 * The runner of the learner's own requests: sent only on a connection the harness holds, each
 * answer said as a `protocol` event.
 */
export function protocolRunner(
	clock: SimClock,
	manager: ManagerActor,
	io: SimIo,
	emit: (event: NewWorldEvent) => void
): ProtocolRunner {
	return new ProtocolRunner(
		clock,
		(server, method, params) => {
			const status = manager.getSnapshot().context.connections[server]?.getSnapshot()
				.context.status;
			// The harness sends only on a connection it holds; the SDK refuses a closed one itself.
			if (status !== 'connected' || !io.links.has(server)) return null;
			return io.request(server, method, params, PROTOCOL_METHODS[method]);
		},
		(done) =>
			emit({
				kind: 'protocol',
				id: done.id,
				server: done.server,
				method: done.method,
				ok: done.state === 'ok',
				detail: done.error,
				...(done.method === 'resources/read' && typeof done.params.uri === 'string'
					? { uri: done.params.uri }
					: {})
			})
	);
}

/** A host request moved (asked, answered, edited…): its `hostRequest` event. */
export function hostRequestEvent(request: HostRequest): NewWorldEvent {
	return {
		kind: 'hostRequest',
		id: request.id,
		server: request.server,
		request: request.kind,
		state: request.state,
		...(request.kind === 'sampling' && request.edited !== undefined
			? { edited: request.edited }
			: {})
	};
}
