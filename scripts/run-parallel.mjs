#!/usr/bin/env node
// Runs npm scripts side by side and fails when any of them fails: `npm test` runs the format and
// lint check, the type check and the unit tests this way. Each is mostly one thread, so on two
// cores the three take about 85 s together where one after another took 130 s. Each script's
// output is printed whole when it ends, under its name, so the logs do not interleave.
//
//   node scripts/run-parallel.mjs <npm script> [<npm script> ...]

import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
	console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]');
	process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} name */
function run(name) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(npm, ['run', name], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' }
		});
		/** @type {Buffer[]} */
		const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		let done = false;
		const finish = (/** @type {number | null} */ code, /** @type {string} */ why = '') => {
			if (done) return; // 'error' can be followed by 'close'
			done = true;
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			const outcome = code === 0 ? 'passed' : `FAILED (${why || `exit code ${code}`})`;
			process.stdout.write(`\n==> npm run ${name}: ${outcome} in ${seconds} s\n`);
			process.stdout.write(Buffer.concat(output));
			resolve(code === 0);
		};
		child.once('error', (error) => finish(null, error.message));
		child.once('close', (code, signal) => finish(code, signal ? `signal ${signal}` : ''));
	});
}

const results = await Promise.all(names.map(run));
const failed = names.filter((_, i) => !results[i]);
if (failed.length) {
	console.error(`\n==> failed: ${failed.map((name) => `npm run ${name}`).join(', ')}`);
	process.exit(1);
}
