import { randomBytes } from 'node:crypto';
import { parseArgs, USAGE } from './args';
import { bannerLines, helpLines, hostWarnings } from './banner';
import { keyAction } from './faults';
import { isLoopback } from './guard';
import { listenForKeys } from './keys';
import { startLabServer } from './listen';
import { loadScenario } from './scenario-source';

export interface Io {
	out(line: string): void;
	err(line: string): void;
	stdin: NodeJS.ReadStream;
	/** Resolves when the server should stop (SIGINT/SIGTERM by default). */
	stopSignal?: Promise<unknown>;
}

const defaultIo = (): Io => ({
	out: (line) => console.log(line),
	err: (line) => console.error(line),
	stdin: process.stdin
});

/**
 * `npm run lab:server`: serves a lab's (or a scenario file's) simulated servers over Streamable
 * HTTP until q, SIGINT or SIGTERM. Resolves with the process exit code. It never spawns anything
 * and reads no file but the one lab.json or scenario file.
 */
export async function main(argv: readonly string[], io: Io = defaultIo()): Promise<number> {
	const parsed = parseArgs(argv);
	if (!parsed.ok) {
		io.err(parsed.error);
		return 2;
	}
	const options = parsed.options;
	if (options.help) {
		io.out(USAGE);
		return 0;
	}
	const source = options.scenario !== null ? { scenario: options.scenario } : { lab: options.lab! };
	const loaded = await loadScenario(source);
	if (!loaded.ok) {
		io.err(loaded.error);
		return 1;
	}
	const token =
		options.token.kind === 'auto'
			? randomBytes(24).toString('base64url')
			: options.token.kind === 'fixed'
				? options.token.value
				: null;
	let running;
	try {
		running = await startLabServer({
			label: loaded.loaded.label,
			servers: loaded.loaded.servers,
			host: options.host,
			port: options.port,
			origins: options.origins,
			token,
			adminSecret: randomBytes(18).toString('base64url'),
			adminOpen: options.adminOpen,
			log: io.out
		});
	} catch (error) {
		io.err(listenError(error, options.host, options.port));
		return 1;
	}
	const { app } = running;

	let stop!: () => void;
	const stopped = new Promise<void>((resolve) => (stop = resolve));
	const stopKeys = listenForKeys(io.stdin, (key) => {
		const action = keyAction(key, app.faults.state, options.slowMs);
		if (action === 'quit') stop();
		else if (action === 'help') helpLines(app, options.slowMs).forEach((l) => io.out(l));
		else if (action) void app.faults.apply(action.faults).then((did) => did.forEach(io.out));
	});
	const signals = io.stopSignal ?? onSignals();

	for (const line of bannerLines({
		app,
		skipped: loaded.loaded.skipped,
		token,
		tokenGenerated: options.token.kind === 'auto',
		slowMs: options.slowMs,
		keys: stopKeys !== null,
		warnings: hostWarnings(options.host, isLoopback(options.host), token !== null)
	}))
		io.out(line);

	await Promise.race([stopped, signals]);
	stopKeys?.();
	const open = app.sessions.size;
	io.out(`Shutting down: closing ${open} session${open === 1 ? '' : 's'}.`);
	await running.close();
	return 0;
}

function onSignals(): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			process.off('SIGINT', done);
			process.off('SIGTERM', done);
			resolve();
		};
		process.once('SIGINT', done);
		process.once('SIGTERM', done);
	});
}

function listenError(error: unknown, host: string, port: number): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'EADDRINUSE')
		return `Port ${port} is in use. Start with --port <another port>, or --port 0 for a free one.`;
	if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
		return `Cannot listen on ${host}: this machine has no such address (${code}).`;
	if (code === 'EACCES') return `Not allowed to listen on ${host}:${port} (EACCES).`;
	return `Cannot start the lab server: ${String(error)}`;
}
