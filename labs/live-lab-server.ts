import { DEFAULT_HOST, DEFAULT_ORIGINS } from '../server/args';
import { startLabServer, type RunningLabServer } from '../server/listen';
import type { ServedServer } from '../server/scenario-source';

/** A lab server started as `npm run lab:server -- --lab <id> [--token …]` would be. */
export function labServer(
	label: string,
	servers: ServedServer[],
	port: number,
	token: string | null,
	delays: number[] = []
): Promise<RunningLabServer> {
	return startLabServer({
		label,
		servers,
		host: DEFAULT_HOST,
		port,
		origins: [...DEFAULT_ORIGINS],
		token,
		adminSecret: `${label}-admin`,
		adminOpen: false,
		// The wait each answer would take, recorded instead of waited.
		delay: async (ms) => void delays.push(ms),
		log: () => {}
	});
}

/** A port no lab server a person runs is likely to hold: one the system picked, then freed. */
export async function freePort(servers: ServedServer[]): Promise<number> {
	const probe = await labServer('probe', servers, 0, null);
	const port = probe.app.options.port;
	await probe.close();
	return port;
}

/**
 * Node's fetch keeps connections open between requests: after the lab server restarts, the first
 * request may go out on a connection the old server closed (`other side closed`). A browser sends
 * such a request again on a new connection by itself; this does the same, once.
 */
export function resendOnClosedConnection(base: typeof fetch): typeof fetch {
	return async (input, init) => {
		try {
			return await base(input, init);
		} catch (error) {
			if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
			return base(input, init);
		}
	};
}
