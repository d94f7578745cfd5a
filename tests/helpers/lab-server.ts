import { READY } from '../../server/banner';
import { startNodeProcess } from './node-process';

/** A lab server run by a test, as `npm run lab:server -- …` runs in a terminal. */
export interface LabServerProcess {
	/** `http://127.0.0.1:<port>/`, from its ready line. */
	base: string;
	/** Stops it as Ctrl-C would (SIGTERM) and waits until it has exited. */
	stop(): Promise<void>;
}

/**
 * `node scripts/lab-server.mjs <args>` as a child process (its faults go through the admin
 * endpoint). Resolves once it prints its ready line; rejects with its output when it exits first
 * (a port in use, a bad option).
 */
export async function startLabServer(args: readonly string[]): Promise<LabServerProcess> {
	const server = await startNodeProcess(
		'the lab server',
		['scripts/lab-server.mjs', ...args],
		new RegExp(`${READY} (http://\\S+/)`)
	);
	return { base: server.ready[1], stop: server.stop };
}
