import { fileURLToPath } from 'node:url';
import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import { notFoundPagePlugin } from './scripts/not-found/not-found-page.mjs';
import { zodJsonSchemaStub } from './scripts/zod-json-schema-stub.mjs';

export default defineConfig({
	plugins: [
		tailwindcss(),
		// Under Vitest the messages are compiled beforehand (`npm run test:unit` runs `npm run i18n`);
		// the plugin's project watcher would otherwise keep Vitest from exiting.
		...(process.env.VITEST
			? []
			: [
					paraglideVitePlugin({
						project: './project.inlang',
						outdir: './src/lib/paraglide',
						strategy: ['globalVariable', 'baseLocale']
					})
				]),
		sveltekit(),
		// The browser never turns a zod schema into JSON Schema; see the file.
		zodJsonSchemaStub(),
		// build/404.html, for a misspelt lab address (an embed's above all); see the file. The base
		// path is svelte.config.js's.
		notFoundPagePlugin({
			base: process.env.BASE_PATH ?? '',
			root: fileURLToPath(new URL('.', import.meta.url))
		})
	],
	// SOURCEMAP=1 (npm run size:modules): maps for scripts/route-modules.mjs, never in a release.
	build: { sourcemap: process.env.SOURCEMAP === '1' },
	resolve: {
		alias: [
			{
				// The SDK's Client and Server import their ajv default statically; see the file.
				find: /^\.\.\/validation\/ajv-provider\.js$/,
				replacement: fileURLToPath(new URL('./src/lib/sdk/ajv-free-provider.ts', import.meta.url))
			}
		]
	},
	test: {
		include: [
			'src/**/*.test.ts',
			'labs/**/*.test.ts',
			'scripts/**/*.test.ts',
			'server/**/*.test.ts'
		],
		environment: 'node',
		// Files share one module graph per worker: importing the SDK, zod and XState afresh for
		// each of ~190 files took two thirds of the suite's time. The setup file puts back what a
		// file may leave behind (the locale, fake timers); stubbed globals are undone after each test.
		isolate: false,
		unstubGlobals: true,
		// A hang guard, not a measure: at Vitest's 5 s, CPU-heavy tests (every path of the call
		// machine, the property runs) timed out at a load average of 11 on two cores while
		// browsers ran beside them, and passed alone.
		testTimeout: 15_000,
		setupFiles: ['src/lib/test-support/vitest-setup.ts'],
		// The messages in the form the tests import them (see the file).
		globalSetup: ['src/lib/test-support/messages-setup.ts']
	}
});
