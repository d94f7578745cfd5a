import { z } from 'zod';

/** What `POST /_lab/faults` takes; every field is optional and applied in this order. */
export const faultChangeSchema = z.strictObject({
	killSessions: z.literal(true).optional(),
	slowMs: z.number().int().min(0).max(600_000).optional(),
	unauthorized: z.boolean().optional()
});

export type FaultChange = z.output<typeof faultChangeSchema>;

export interface FaultState {
	/** Added to every answer, on top of the scenario's own latency. */
	slowMs: number;
	/** Every MCP request gets 401, whatever its token. */
	unauthorized: boolean;
}

/**
 * The instructor's switches, shared by the terminal keys and the admin endpoint. Each change
 * returns the sentences that say what it did, for the terminal and the endpoint's answer alike.
 */
export class Faults implements FaultState {
	slowMs = 0;
	unauthorized = false;

	constructor(private readonly killSessions: () => Promise<number>) {}

	get state(): FaultState {
		return { slowMs: this.slowMs, unauthorized: this.unauthorized };
	}

	async apply(change: FaultChange): Promise<string[]> {
		const did: string[] = [];
		if (change.killSessions) {
			const n = await this.killSessions();
			did.push(
				`Killed ${n} session${n === 1 ? '' : 's'}: a request with an old session id now gets 404 Session not found.`
			);
		}
		if (change.slowMs !== undefined) {
			this.slowMs = change.slowMs;
			did.push(
				change.slowMs > 0
					? `Slow responses on: every answer takes ${change.slowMs} ms longer.`
					: 'Slow responses off.'
			);
		}
		if (change.unauthorized !== undefined) {
			this.unauthorized = change.unauthorized;
			did.push(
				change.unauthorized
					? '401 fault on: every MCP request now gets 401 Unauthorized.'
					: '401 fault off: requests are authorised as before.'
			);
		}
		return did;
	}
}

export type KeyAction = { faults: FaultChange } | 'help' | 'quit' | null;

/** What a key typed in the server's terminal does; `s` and `u` toggle. */
export function keyAction(key: string, state: FaultState, slowMs: number): KeyAction {
	switch (key) {
		case 'k':
			return { faults: { killSessions: true } };
		case 's':
			return { faults: { slowMs: state.slowMs > 0 ? 0 : slowMs } };
		case 'u':
			return { faults: { unauthorized: !state.unauthorized } };
		case 'h':
		case '?':
			return 'help';
		case 'q':
		case '\u0003': // Ctrl-C: raw mode delivers it as a key instead of SIGINT
		case '\u0004':
			return 'quit';
		default:
			return null;
	}
}
