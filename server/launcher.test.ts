import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm run lab:server (the real launcher)', () => {
	it('starts, prints its URL, serves, and stops on SIGTERM', async () => {
		// Its own process group, so the signal reaches node under npm's shell too.
		const child = spawn(
			'npm',
			['run', '--silent', 'lab:server', '--', '--port', '0', '--admin-open'],
			{
				cwd: root,
				detached: true,
				stdio: ['ignore', 'pipe', 'pipe']
			}
		);
		let out = '';
		let err = '';
		child.stderr.on('data', (chunk) => (err += chunk));
		// 'close', not 'exit': npm can exit on the group's SIGTERM before node (which holds the
		// same pipes) has written its last line; 'close' fires once every writer is gone.
		const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
		try {
			const base = await new Promise<string>((resolve, reject) => {
				child.stdout.on('data', (chunk) => {
					out += chunk;
					const ready = /^MCP Lab server ready: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
					if (ready) resolve(ready[1]);
				});
				void exited.then(() => reject(new Error(`exited early:\n${out}\n${err}`)));
			});
			const index = await (await fetch(base)).json();
			expect(index.servers.map((s: { name: string }) => s.name)).toEqual([
				'filesystem',
				'internal-api',
				'realtime'
			]);
			const status = await fetch(`${base}_lab/status`);
			expect(status.status).toBe(200);
		} finally {
			process.kill(-child.pid!, 'SIGTERM');
		}
		await exited;
		expect(out).toContain('Shutting down: closing 0 sessions.');
		expect(err).toBe('');
	}, 20_000);
});
