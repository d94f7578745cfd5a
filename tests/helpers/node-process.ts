import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A long-running Node process a test started (a server), once it said it was ready. */
export interface StartedProcess {
	/** The ready pattern's match in what it printed. */
	ready: RegExpExecArray;
	/** Everything it printed so far (stdout and stderr), for an assertion's message. */
	output(): string;
	/** Stops it as Ctrl-C would (SIGTERM) and waits until it has exited. */
	stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `node <args>` from the repository's root, as a child process (stdin not a terminal).
 * Resolves once its output matches `ready`; rejects with its output when it exits first, or
 * when it is not ready in `timeoutMs` (it is then stopped: never left running).
 */
export function startNodeProcess(
	name: string,
	args: readonly string[],
	ready: RegExp,
	{ env = process.env, timeoutMs = 30_000 } = {}
): Promise<StartedProcess> {
	const child = spawn(process.execPath, args, {
		cwd: root,
		env,
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
		await exited;
	};
	let output = '';
	return new Promise((resolve, reject) => {
		const late = setTimeout(() => {
			void stop();
			reject(new Error(`${name} was not ready in ${timeoutMs / 1000} s:\n${output}`));
		}, timeoutMs);
		const read = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const match = ready.exec(output);
			if (!match) return;
			clearTimeout(late);
			resolve({ ready: match, output: () => output, stop });
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		// 'close': the error then quotes everything it printed, its last line included.
		child.once('close', (code) => {
			clearTimeout(late);
			reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`));
		});
	});
}
