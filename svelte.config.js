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
		// Every page is prerendered, so the policy travels as a <meta http-equiv> tag with the
		// sha256 of each inline script SvelteKit writes (`mode: 'hash'`; a nonce would be the same
		// for every visitor of a static file). tests/csp.e2e.ts fails on any violation.
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				// No 'unsafe-eval' (the SDK's ajv needs it, hence CfWorkerJsonSchemaValidator and the
				// ajv alias in vite.config.ts) and no 'unsafe-inline': SvelteKit adds its hashes here.
				'script-src': ['self'],
				// Svelte and CodeMirror inject <style> elements and style="" attributes at run time
				// (transitions, editor themes, measured sizes), which hashes cannot cover. Styles cannot
				// run script, and server text is never rendered as HTML, so this stays safe.
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:'],
				// Simulated servers talk in memory, but live mode connects the page to a learner's own
				// MCP server (Streamable HTTP, any host and port, http://localhost included), whose
				// origin a static policy cannot know: so any http(s) origin, and no other scheme.
				'connect-src': ['self', 'http:', 'https:'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'object-src': ['none']
				// No frame-ancestors: browsers ignore it in a <meta> policy (SvelteKit drops it there
				// anyway), and /embed/* must stay frameable by any docs site. A host that serves the
				// site with headers can add frame-ancestors for non-embed routes.
			}
		},
		typescript: {
			// Lab tests live beside the lab data, and the lab server (server/) beside the site;
			// type-check them with everything else.
			config: (tsconfig) => {
				tsconfig.include.push('../labs/**/*.ts', '../server/**/*.ts');
			}
		}
	}
};

export default config;
