import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [
		tailwindcss(),
		paraglideVitePlugin({
			project: './project.inlang',
			outdir: './src/lib/paraglide',
			strategy: ['globalVariable', 'baseLocale']
		}),
		sveltekit()
	],
	test: {
		include: ['src/**/*.test.ts', 'labs/**/*.test.ts', 'scripts/**/*.test.ts'],
		environment: 'node'
	}
});
