#!/usr/bin/env node
// npm records only the platform packages it could fetch. @lix-js/sdk (under Paraglide's
// compiler) names darwin-arm64, linux-arm64 and win32-x64 builds that the registry does not serve
// for its version, and `npm ci` then refuses the lock ("Missing: … from lock file"). This adds
// lock entries for them, marked optional and platform-bound, so `npm ci` skips them on any
// machine whose platform they do not match, without fetching anything.
// Run after any `npm install` that rewrites package-lock.json; `--check` only reports.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platforms = {
	'darwin-arm64': ['darwin', 'arm64'],
	'linux-arm64': ['linux', 'arm64'],
	'win32-x64': ['win32', 'x64'],
	'linux-x64': ['linux', 'x64']
};
const missing = [];
for (const entry of Object.values(lock.packages)) {
	for (const name of Object.keys(entry.optionalDependencies ?? {})) {
		const key = `node_modules/${name}`;
		const match = /^@lix-js\/sdk-(.+)$/.exec(name);
		if (lock.packages[key] || !match || !platforms[match[1]]) continue;
		const version = entry.optionalDependencies[name];
		const [os, cpu] = platforms[match[1]];
		missing.push(key);
		lock.packages[key] = {
			version,
			resolved: `https://registry.npmjs.org/${name}/-/${name.split('/')[1]}-${version}.tgz`,
			dev: entry.dev,
			optional: true,
			os: [os],
			cpu: [cpu]
		};
	}
}
if (process.argv.includes('--check')) {
	if (missing.length) {
		console.error(
			`package-lock.json lacks ${missing.join(', ')}: run node scripts/lock-platform-stubs.mjs`
		);
		process.exit(1);
	}
} else {
	writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
	console.log(missing.length ? `added ${missing.join(', ')}` : 'nothing to add');
}
