#!/usr/bin/env node
// Gzipped bytes of the JavaScript each built route loads at start (its modulepreload links and
// the entry scripts in its HTML). Run after `npm run build`; prints a table, or JSON with --json.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const build = new URL('../build/', import.meta.url).pathname;
export const routes = {
	home: 'index.html',
	lab: 'labs/01-connection-isolation.html',
	// The one page that loads the world editor (its form included) at start: its own budget.
	sandbox: 'sandbox.html',
	embed: 'embed/01-connection-isolation.html',
	'embed-sandbox': 'embed/sandbox.html'
};

export function jsOf(htmlFile) {
	const html = readFileSync(join(build, htmlFile), 'utf8');
	const found = new Set();
	for (const match of html.matchAll(/(?:href|src)="([^"]+\.js)"/g)) found.add(match[1]);
	for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(match[1]);
	return [...found].map((rel) => join(dirname(join(build, htmlFile)), rel));
}

// Run as a script (scripts/route-modules.mjs imports the routes and jsOf).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
	const rows = Object.entries(routes).map(([route, file]) => {
		if (!existsSync(join(build, file)))
			throw new Error(`build/${file} is missing: run npm run build`);
		const files = jsOf(file);
		const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
		const raw = files.reduce((sum, f) => sum + readFileSync(f).length, 0);
		return { route, files: files.length, raw, gzip: gz };
	});

	if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
	else
		for (const r of rows)
			console.log(
				`${r.route.padEnd(14)} ${String(r.files).padStart(3)} files  ${(r.raw / 1024).toFixed(1).padStart(7)} KiB  ${(r.gzip / 1024).toFixed(1).padStart(6)} KiB gz`
			);
}
