import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { READY } from '../../server/banner';

/** A lab server run by a test, as `npm run lab:server -- …` runs in a terminal. */
export interface LabServerProcess {
	/** `http://127.0.0.1:<port>/`, from its ready line. */
	base: string;
	/** Stops it as Ctrl-C would (SIGTERM) and waits until it has exited. */
	stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `node scripts/lab-server.mjs <args>` as a child process (stdin not a terminal: its faults go
 * through the admin endpoint). Resolves once it prints its ready line; rejects with its output
 * when it exits first (a port in use, a bad option).
 */
export function startLabServer(args: readonly string[]): Promise<LabServerProcess> {
	const child = spawn(process.execPath, ['scripts/lab-server.mjs', ...args], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
		await exited;
	};
	return new Promise((resolve, reject) => {
		let output = '';
		// Never left running: one that does not get ready in time is stopped.
		const late = setTimeout(() => {
			void stop();
			reject(new Error(`the lab server was not ready in 30 s:\n${output}`));
		}, 30_000);
		const read = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const ready = new RegExp(`${READY} (http://\\S+/)`).exec(output);
			if (!ready) return;
			clearTimeout(late);
			resolve({ base: ready[1], stop });
		};
		child.stdout!.on('data', read);
		child.stderr!.on('data', read);
		// 'close': the error then quotes everything it printed, its last line included.
		child.once('close', (code) => {
			clearTimeout(late);
			reject(new Error(`the lab server exited (${code}) before it was ready:\n${output}`));
		});
	});
}
