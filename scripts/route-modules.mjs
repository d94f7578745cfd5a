#!/usr/bin/env node
// What a route's start-up JavaScript holds, module by module: each start-up file's gzipped bytes
// shared out among the source modules its source map gives its bytes to (an estimate: gzip does
// not compress modules separately). Also the cost of the split itself: the files gzipped one by
// one against all of them gzipped together. Needs a build with source maps:
//
//   SOURCEMAP=1 BASE_PATH=/mcp-lab npx vite build && node scripts/route-modules.mjs embed [--top 40]
//
// Routes as in scripts/route-size.mjs (home, lab, sandbox, embed, embed-sandbox).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { jsOf, routes } from './route-size.mjs';

const route = process.argv[2] ?? 'embed';
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 40;
if (!routes[route]) throw new Error(`unknown route ${route}: one of ${Object.keys(routes)}`);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Source-map v3 `mappings` → per generated line, [column, source index] segments. */
function decode(mappings) {
	let source = 0;
	return mappings.split(';').map((line) => {
		let column = 0;
		const segments = [];
		for (const segment of line.split(',')) {
			if (!segment) continue;
			const fields = [];
			let value = 0;
			let shift = 0;
			for (const char of segment) {
				const digit = B64.indexOf(char);
				value += (digit & 31) << shift;
				if (digit & 32) shift += 5;
				else {
					fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
					value = shift = 0;
				}
			}
			column += fields[0];
			if (fields.length > 1) source += fields[1];
			segments.push([column, fields.length > 1 ? source : -1]);
		}
		return segments;
	});
}

const gz = (text) => gzipSync(text, { level: 9 }).length;
const name = (source) =>
	source
		.replace(/^(\.\.\/)+/, '')
		.replace(/^.*node_modules\//, '')
		.replace(/^.*\.svelte-kit\//, '.svelte-kit/');
const UNMAPPED = '(unmapped: imports, exports, bundler glue)';

const modules = new Map();
const texts = [];
for (const file of jsOf(routes[route])) {
	const text = readFileSync(file, 'utf8').replace(/\n?\/\/# sourceMappingURL=.*\s*$/, '');
	texts.push(text);
	const bytes = gz(text);
	const share = new Map();
	if (!existsSync(`${file}.map`))
		share.set(`(no source map) ${file.split('/').pop()}`, text.length);
	else {
		const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
		const lines = text.split('\n');
		decode(map.mappings).forEach((segments, l) => {
			const line = lines[l] ?? '';
			let mapped = 0;
			segments.forEach(([column, source], i) => {
				const end = segments[i + 1]?.[0] ?? line.length;
				const key = source < 0 ? UNMAPPED : name(map.sources[source]);
				share.set(key, (share.get(key) ?? 0) + end - column);
				mapped += end - column;
			});
			share.set(UNMAPPED, (share.get(UNMAPPED) ?? 0) + line.length - mapped);
		});
	}
	const total = [...share.values()].reduce((a, b) => a + b, 0) || 1;
	for (const [key, length] of share)
		modules.set(key, (modules.get(key) ?? 0) + (bytes * length) / total);
}

const separately = texts.reduce((sum, text) => sum + gz(text), 0);
const together = gz(texts.join('\n'));
console.log(
	`${route}: ${texts.length} files, ${separately} B gz one by one, ${together} B gz together ` +
		`(the split costs ${separately - together} B)\n`
);
const packageOf = (key) =>
	key.startsWith('src/')
		? key.split('/').slice(0, 3).join('/')
		: key.startsWith('@')
			? key.split('/').slice(0, 2).join('/')
			: key.split('/')[0];
const groups = new Map();
for (const [key, bytes] of modules)
	groups.set(packageOf(key), (groups.get(packageOf(key)) ?? 0) + bytes);
const table = (rows) =>
	rows
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([key, bytes]) => `${String(Math.round(bytes)).padStart(7)}  ${key}`)
		.join('\n');
console.log(`By package or folder:\n${table([...groups])}\n\nBy module:\n${table([...modules])}`);
