#!/usr/bin/env node
// Starts the lab server (server/lab-server.ts) without a TypeScript runner: Vite, already a dev
// dependency, transforms the server's and the core's TypeScript on the fly (the same modules the
// site runs); packages in node_modules load natively. The minimal inline config keeps the
// project's plugins (SvelteKit, Tailwind, Paraglide) out, so it starts in about a second.
//
//   npm run lab:server -- --help

import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const vite = await createServer({
	configFile: false,
	envDir: false,
	root,
	logLevel: 'error',
	appType: 'custom',
	server: { middlewareMode: true, watch: null, hmr: false, ws: false },
	optimizeDeps: { noDiscovery: true, include: [] },
	// tsconfig.json extends .svelte-kit/tsconfig.json, which only exists after `svelte-kit sync`
	// (not after a clean `npm ci`). Stripping types needs none of its options, so none is read.
	oxc: { tsconfig: false }
});

let code = 1;
try {
	// Kept open while the server runs: the core loads some sim features with dynamic import().
	const { main } = await vite.ssrLoadModule('/server/lab-server.ts');
	code = await main(process.argv.slice(2));
} catch (error) {
	console.error(error);
} finally {
	await vite.close();
}
process.exit(code);
