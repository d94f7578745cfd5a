import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bannerLines, hostWarnings } from './banner';
import type { Machine } from './guard';
import { LabApp } from './http-app';
import { main, type Io } from './lab-server';
import { LAN_MACHINE, lab01 } from './test-support';

/** A terminal that types what the test says, or a pipe (not a TTY). */
function fakeStdin(tty: boolean) {
	const stdin = Object.assign(new EventEmitter(), {
		isTTY: tty,
		raw: false,
		setRawMode(on: boolean) {
			stdin.raw = on;
			return stdin;
		},
		setEncoding: () => stdin,
		resume: () => stdin,
		pause: () => stdin
	});
	return stdin;
}

function run(argv: string[], tty = false) {
	const out: string[] = [];
	const err: string[] = [];
	let stop!: () => void;
	const stdin = fakeStdin(tty);
	const io: Io = {
		out: (line) => void out.push(line),
		err: (line) => void err.push(line),
		stdin: stdin as unknown as NodeJS.ReadStream,
		stopSignal: new Promise<void>((resolve) => (stop = resolve))
	};
	const done = main(argv, io);
	const ready = () => out.find((l) => l.startsWith('MCP Lab server ready: '));
	return { out, err, stdin, stop, done, ready };
}

describe('npm run lab:server (main)', () => {
	it('prints the ready line, the URLs to paste, and the token exactly once', async () => {
		const server = run(['--port', '0', '--token', 'auto']);
		await expect.poll(server.ready).toMatch(/^MCP Lab server ready: http:\/\/127\.0\.0\.1:\d+\/$/);
		const base = server.ready()!.slice('MCP Lab server ready: '.length);
		expect(server.out).toContain(`  internal-api  ${base}internal-api/mcp`);
		expect(server.out).toContain(`  CORS failure            ${base}no-cors/filesystem/mcp`);
		const tokenLine = server.out.find((l) => l.startsWith('Token required (generated)'))!;
		const token = /: ([\w-]+) \(printed only this once; /.exec(tokenLine)![1];
		expect(token.length).toBeGreaterThanOrEqual(32);
		expect(server.out.filter((l) => l.includes(token))).toEqual([tokenLine]);
		expect(server.out).toContain(
			'Keys: off (stdin is not a terminal); use the admin endpoint for faults.'
		);
		expect(server.out).toContain(
			'Sessions: one per connection; one with no request open and none for 10 minutes ends (its id then gets 404).'
		);

		const index = await (await fetch(base)).json();
		expect(index.tokenRequired).toBe(true);
		server.stop();
		expect(await server.done).toBe(0);
		expect(server.out.at(-1)).toBe('Shutting down: closing 0 sessions.');
		expect(server.out.join('\n').split(token).length).toBe(2);
	});

	it('switches faults from the keys typed in its terminal, and quits with q', async () => {
		const server = run(['--port', '0', '--slow-ms', '900'], true);
		await expect.poll(server.ready).toBeTruthy();
		expect(server.stdin.raw).toBe(true);
		expect(server.out).toContain(
			'Keys: k kill every session · s slow responses (+900 ms) · u 401 to everything · h help · q quit'
		);
		server.stdin.emit('data', 'su');
		await expect
			.poll(() => server.out.slice(-2))
			.toEqual([
				'Slow responses on: every answer takes 900 ms longer.',
				'401 fault on: every MCP request now gets 401 Unauthorized.'
			]);
		server.stdin.emit('data', '?');
		await expect.poll(() => server.out.at(-3)).toMatch(/^Keys: k kill every session/);
		expect(server.out.at(-1)).toMatch(
			/^Sessions and faults: curl http:\/\/127\.0\.0\.1:\d+\/_lab\/status$/
		);
		server.stdin.emit('data', 'q');
		expect(await server.done).toBe(0);
		expect(server.stdin.raw).toBe(false);
	});

	it('warns when listening beyond this machine', async () => {
		const server = run(['--port', '0', '--host', '0.0.0.0']);
		await expect.poll(server.ready).toMatch(/^MCP Lab server ready: http:\/\/127\.0\.0\.1:\d+\/$/);
		expect(server.out[1]).toBe(
			'Warning: listening on 0.0.0.0, not 127.0.0.1: anyone who can reach this address can use these servers. Consider --token auto.'
		);
		expect(server.out[2]).toMatch(/^(On the network, learners use |No network address)/);
		server.stop();
		await server.done;
	});

	/** The banner of an app built for `host` on port 8792, without listening. */
	async function banner(host: string, machine: Machine) {
		const app = new LabApp({
			label: 'lab 01',
			servers: await lab01(),
			host,
			port: 8792,
			origins: [],
			token: null,
			adminSecret: 'secret',
			adminOpen: false,
			machine
		});
		await app.close();
		return bannerLines({
			app,
			skipped: [],
			token: null,
			tokenGenerated: false,
			slowMs: 2000,
			keys: false,
			warnings: hostWarnings(host, false, false)
		});
	}

	it('prints the LAN URLs learners paste when bound to every interface', async () => {
		const lines = await banner('0.0.0.0', LAN_MACHINE);
		expect(lines.slice(0, 7)).toEqual([
			'MCP Lab server ready: http://127.0.0.1:8792/',
			'Warning: listening on 0.0.0.0, not 127.0.0.1: anyone who can reach this address can use these servers. Consider --token auto.',
			'On the network, learners use http://192.0.2.2:8792/ (also http://198.51.100.7:8792/, http://[fd00::2]:8792/): the URLs to paste below start with it.',
			"Serving lab 01 (3 servers). Paste a server's URL into the lab's live mode:",
			'  filesystem    http://192.0.2.2:8792/filesystem/mcp',
			'  internal-api  http://192.0.2.2:8792/internal-api/mcp',
			'  realtime      http://192.0.2.2:8792/realtime/mcp'
		]);
		expect(lines).toContain('  not an MCP endpoint     http://192.0.2.2:8792/not-mcp');
		// The admin endpoints answer this machine: 127.0.0.1 is the address to use there.
		expect(lines).toContain(
			'Admin: POST http://127.0.0.1:8792/_lab/faults with header "x-mcp-lab-admin: secret" from this machine; GET http://127.0.0.1:8792/_lab/status'
		);

		const offline = await banner('::', { addresses: ['127.0.0.1', '::1'], lan: [], name: 'x' });
		expect(offline[2]).toBe(
			'No network address on this machine yet: only it can connect (http://127.0.0.1:8792/).'
		);
		expect(offline[4]).toBe('  filesystem    http://127.0.0.1:8792/filesystem/mcp');

		// Bound to one LAN address, every URL already carries it.
		const one = await banner('192.0.2.2', LAN_MACHINE);
		expect(one.slice(2, 4)).toEqual([
			"Serving lab 01 (3 servers). Paste a server's URL into the lab's live mode:",
			'  filesystem    http://192.0.2.2:8792/filesystem/mcp'
		]);
	});

	it('refuses bad arguments and a taken port with one clear sentence', async () => {
		const bad = run(['--port', 'x']);
		expect(await bad.done).toBe(2);
		expect(bad.err).toEqual([
			'--port must be a whole number from 0 to 65535 (0 picks a free one), not "x".'
		]);

		const taken = createServer();
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
		const { port } = taken.address() as AddressInfo;
		const busy = run(['--port', String(port)]);
		expect(await busy.done).toBe(1);
		expect(busy.err).toEqual([
			`Port ${port} is in use. Start with --port <another port>, or --port 0 for a free one.`
		]);
		taken.close();

		const help = run(['--help']);
		expect(await help.done).toBe(0);
		expect(help.out[0]).toMatch(/^Usage: npm run lab:server -- \[options\]/);
	});
});
