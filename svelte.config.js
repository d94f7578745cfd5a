import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// BASE_PATH lets docs sites host the lab under a sub-path, e.g. BASE_PATH=/mcp-lab npm run build.
const base = process.env.BASE_PATH ?? '';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ pages: 'build', assets: 'build', fallback: undefined, strict: true }),
		paths: { base, relative: true },
		alias: { $labs: 'labs' },
		typescript: {
			// Lab tests live beside the lab data; type-check them with everything else.
			config: (tsconfig) => {
				tsconfig.include.push('../labs/**/*.ts');
			}
		}
	}
};

export default config;
