import { defineConfig } from 'vitest/config';
import projectConfig from '../vite.config.ts';

// The project's Vite config (for `$lib` and the SDK's ajv alias; the paraglide plugin is left
// out under Vitest), with a test section of its own: only the benchmark file, one worker, with
// `--expose-gc` for the memory figures. `npm run test:unit` never sees bench/ (its include is
// src/, labs/ and scripts/). Run it from the repository root (bench/run.mjs does): SvelteKit's
// plugin sets Vite's root to the working directory.
export default defineConfig({
	...projectConfig,
	test: {
		include: ['bench/**/*.bench.test.ts'],
		environment: 'node',
		execArgv: ['--expose-gc'],
		maxWorkers: 1,
		fileParallelism: false,
		testTimeout: 240_000,
		hookTimeout: 60_000
	}
});
