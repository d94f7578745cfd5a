// A Vite plugin for the browser build only: zod's JSON Schema generation (its processors and
// `toJSONSchema`, ≈4.9 KiB gz) stands out of every page's start-up. Zod's classic schemas
// import it eagerly, yet nothing in the browser turns a zod schema into JSON Schema: the
// simulated servers are the SDK's low-level `Server` with the scenario's own JSON Schemas (the
// SDK's `McpServer`, which would convert, is not used), and the lab's JSON Schema is made at
// build and test time (lab-json-schema.ts), where this plugin does not apply. The stand-in
// module has the real module's export names; calling any of them throws, saying why.
import { readFileSync } from 'node:fs';

const STUBBED = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * The names a module exports (`export function x`, `export const x`, `export { a as x }`).
 * @param {string} source
 * @returns {string[]}
 */
export function exportNames(source) {
	const names = /** @type {Set<string>} */ (new Set());
	for (const m of source.matchAll(
		/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm
	))
		names.add(m[1]);
	for (const m of source.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm))
		for (const part of m[1].split(',')) {
			const name = part
				.trim()
				.split(/\s+as\s+/)
				.pop();
			if (name) names.add(name);
		}
	return [...names];
}

/**
 * The stand-in for one of zod's JSON Schema modules.
 * @param {string} path the real module's file
 * @returns {string}
 */
export function stubSource(path) {
	const names = exportNames(readFileSync(path, 'utf8'));
	const lines = [
		'const unavailable = (name) => () => {',
		'\tthrow new Error(`zod JSON Schema generation (${name}) is not in the browser build: see scripts/zod-json-schema-stub.mjs`);',
		'};'
	];
	for (const name of names)
		lines.push(
			// Schemas build these two at construction (`~standard`, `.toJSONSchema`): they must
			// return a method, which throws only when called.
			/^create\w*JSONSchemaMethod$/.test(name)
				? `export const ${name} = () => unavailable(${JSON.stringify(name)});`
				: `export const ${name} = unavailable(${JSON.stringify(name)});`
		);
	return lines.join('\n') + '\n';
}

/** @returns {import('vite').Plugin} */
export function zodJsonSchemaStub() {
	let stubbed = 0;
	return {
		name: 'mcp-lab:zod-json-schema-stub',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		/** @param {string} id */
		load(id) {
			const path = id.split('?')[0];
			if (!STUBBED.test(path)) return null;
			stubbed++;
			return stubSource(path);
		},
		buildEnd() {
			// A zod update that moves these files would bring the weight back silently.
			if (stubbed === 0)
				this.error('zod-json-schema-stub: no zod JSON Schema module was seen: check the paths.');
		}
	};
}
