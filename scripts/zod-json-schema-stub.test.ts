import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stubSource } from './zod-json-schema-stub.mjs';

// The browser build's stand-ins for zod's JSON Schema modules must export every name the real
// modules export (a missing one fails the build, or leaves an import undefined), and a schema
// must still be made and used with them: only generating JSON Schema throws.
const dir = mkdtempSync(join(tmpdir(), 'zod-stub-'));
const zodCore = new URL('../node_modules/zod/v4/core/', import.meta.url);

async function stubOf(file: string) {
	const path = join(dir, file);
	writeFileSync(path, stubSource(new URL(file, zodCore).pathname));
	return (await import(/* @vite-ignore */ pathToFileURL(path).href)) as Record<string, unknown>;
}

describe('zod JSON Schema stand-ins (browser build)', () => {
	for (const file of ['json-schema-processors.js', 'to-json-schema.js'])
		it(`${file}: the real module's exports, each throwing when used`, async () => {
			const real = (await import(/* @vite-ignore */ new URL(file, zodCore).href)) as Record<
				string,
				unknown
			>;
			const stub = await stubOf(file);
			expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
			for (const [name, value] of Object.entries(stub)) {
				expect(typeof value, name).toBe('function');
				const call = /^create\w*JSONSchemaMethod$/.test(name)
					? (value as () => () => unknown)()
					: (value as () => unknown);
				expect(call, name).toThrow(/zod JSON Schema generation .* is not in the browser build/);
			}
		});
});
