import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { CLIENT_INFO } from './sim-io';

/**
 * The SDK client of a live connection. Its requests time out on the wall clock (the world's
 * `liveTimeoutMs`, by the SDK's own timer, so the error and the `notifications/cancelled` are the
 * SDK's), whatever timeout the simulated caller asked for; every failure is reported first, and
 * every answer too (a problem the server had is over once it answers).
 */
export class LiveClient extends Client {
	constructor(
		options: ConstructorParameters<typeof Client>[1],
		private readonly live: {
			timeoutMs: number;
			failed: (error: unknown) => Promise<unknown>;
			/** The server answered (a connect, a result): it works now. */
			answered: () => void;
		}
	) {
		super(CLIENT_INFO, options);
	}

	/** Failures already reported by `request`, so `connect` reports only its own. */
	readonly #reported = new WeakSet<object>();

	override async connect(transport: Transport, options?: RequestOptions): Promise<void> {
		try {
			await super.connect(transport, options);
		} catch (error) {
			// The SDK refuses an initialize answer after the request (a protocol version it does
			// not support): not a request failure, so it was not reported, and the card had no
			// sentence for it (a hostile-server audit).
			if (error instanceof Object && this.#reported.has(error)) throw error;
			throw await this.live.failed(error);
		}
		this.live.answered();
	}

	override request<T extends AnySchema>(
		request: Parameters<Client['request']>[0],
		resultSchema: T,
		options?: RequestOptions
	): Promise<SchemaOutput<T>> {
		return super.request(request, resultSchema, { ...options, timeout: this.live.timeoutMs }).then(
			(result) => {
				this.live.answered();
				return result;
			},
			async (error: unknown) => {
				const reported = await this.live.failed(error);
				if (reported instanceof Object) this.#reported.add(reported);
				throw reported;
			}
		);
	}

	override notification(
		notification: Parameters<Client['notification']>[0],
		options?: Parameters<Client['notification']>[1]
	): Promise<void> {
		return super.notification(notification, options).catch(async (error: unknown) => {
			throw await this.live.failed(error);
		});
	}
}
