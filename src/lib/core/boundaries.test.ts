import { describe, expect, it } from 'vitest';

// The core is the framework-free simulation: no Svelte, no SvelteKit, no DOM, no UI layers,
// no wall-clock timers, and only the SDK's browser-safe modules.
const sources = import.meta.glob<string>(['./**/*.ts', '!./**/*.test.ts'], {
	eager: true,
	query: '?raw',
	import: 'default'
});

const imports = (source: string) =>
	[...source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
		(m) => m[1]
	);

const browserUnsafeSdk = [
	'client/stdio',
	'server/stdio',
	'server/streamableHttp',
	'server/sse',
	'server/express'
];

describe('core boundaries', () => {
	it('has sources to check', () => {
		expect(Object.keys(sources).length).toBeGreaterThan(10);
	});

	for (const [file, raw] of Object.entries(sources)) {
		// Comments may talk about the DOM; code may not.
		const source = raw.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
		it(`${file} stays framework-free`, () => {
			for (const spec of imports(source)) {
				expect(spec, `${file} imports ${spec}`).not.toMatch(
					/^(svelte|\$app|\$lib\/(components|state|i18n|paraglide))/
				);
				expect(spec, `${file} imports ${spec}`).not.toMatch(/\.svelte$/);
				if (spec.startsWith('@modelcontextprotocol/sdk'))
					for (const unsafe of browserUnsafeSdk) expect(spec, file).not.toContain(unsafe);
			}
			expect(source, `${file} uses the DOM`).not.toMatch(/\b(document|window|localStorage)\./);
			expect(source, `${file} reads wall-clock time`).not.toMatch(
				/\b(setTimeout|setInterval|Date\.now|performance\.now)\(/
			);
		});
	}
});
