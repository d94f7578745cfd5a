#!/usr/bin/env node
// A tiny, dependency-free static server for the prerendered site in build/ (adapter-static).
//
//   node scripts/serve-static.mjs
//
// Environment:
//   PORT            port to listen on (default 4173)
//   HOST            interface to bind (default 127.0.0.1)
//   BASE_PATH       serve the site under this prefix, e.g. /mcp-lab (same as the build's BASE_PATH)
//   BUILD_DIR       directory to serve (default <repo>/build)
//   SERVE_FIXTURES  when "1", also serve tests/fixtures/ under /__fixtures__/ (e2e embedding pages)
//   FIXTURES_DIR    directory served as fixtures (default <repo>/tests/fixtures)
//
// URL mapping (inside BASE_PATH): "/" -> index.html, "/foo" -> foo.html, "/foo/" -> foo/index.html.
// "/foo" redirects to "/foo/" when only foo/index.html exists (and vice versa), so that the
// relative asset paths SvelteKit writes into each page resolve against the right URL.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(repoRoot, process.env.BUILD_DIR || 'build');
const fixturesDir = path.resolve(repoRoot, process.env.FIXTURES_DIR || 'tests/fixtures');
const port = Number(process.env.PORT || 4173);
const host = process.env.HOST || '127.0.0.1';
const serveFixtures = process.env.SERVE_FIXTURES === '1';
const base = normaliseBase(process.env.BASE_PATH);
const FIXTURES_PREFIX = '/__fixtures__/';

const CONTENT_TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.map': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.gif': 'image/gif',
	'.webp': 'image/webp',
	'.ico': 'image/x-icon',
	'.woff': 'font/woff',
	'.woff2': 'font/woff2',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.wasm': 'application/wasm'
};

/** @param {string | undefined} value */
function normaliseBase(value) {
	const trimmed = (value ?? '').trim().replace(/\/+$/, '');
	if (!trimmed) return '';
	return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Resolve a URL path inside a root directory; null when it would escape the root.
 * @param {string} root
 * @param {string} urlPath decoded path starting with "/"
 */
function resolveInside(root, urlPath) {
	const file = path.resolve(root, `.${urlPath}`);
	return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** @param {string | null} file */
async function isFile(file) {
	if (!file) return false;
	try {
		return (await stat(file)).isFile();
	} catch {
		return false;
	}
}

/**
 * Find the file for a path inside root, or a redirect to the canonical URL.
 * @param {string} root
 * @param {string} rel decoded path starting with "/"
 * @returns {Promise<{ file: string } | { redirect: string } | null>}
 */
async function lookup(root, rel) {
	if (rel.endsWith('/')) {
		const index = resolveInside(root, `${rel}index.html`);
		if (await isFile(index)) return { file: /** @type {string} */ (index) };
		if (rel !== '/' && (await isFile(resolveInside(root, `${rel.slice(0, -1)}.html`)))) {
			return { redirect: rel.slice(0, -1) };
		}
		return null;
	}
	const exact = resolveInside(root, rel);
	if (await isFile(exact)) return { file: /** @type {string} */ (exact) };
	const html = resolveInside(root, `${rel}.html`);
	if (await isFile(html)) return { file: /** @type {string} */ (html) };
	if (await isFile(resolveInside(root, `${rel}/index.html`))) return { redirect: `${rel}/` };
	return null;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} location
 */
function redirect(res, status, location) {
	res.writeHead(status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8' });
	res.end(`Redirecting to ${location}\n`);
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} file
 * @param {number} [status]
 */
async function sendFile(req, res, file, status = 200) {
	const { size } = await stat(file);
	res.writeHead(status, {
		'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
		'Content-Length': size,
		'Cache-Control': 'no-cache',
		'X-Content-Type-Options': 'nosniff'
	});
	if (req.method === 'HEAD') {
		res.end();
		return;
	}
	const stream = createReadStream(file);
	stream.on('error', () => res.destroy());
	stream.pipe(res);
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function notFound(req, res) {
	const page = path.join(buildDir, '404.html');
	if (await isFile(page)) return sendFile(req, res, page, 404);
	res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
	res.end(req.method === 'HEAD' ? undefined : 'Not found\n');
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function handle(req, res) {
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
		res.end('Method not allowed\n');
		return;
	}

	const url = new URL(req.url ?? '/', 'http://localhost');
	let pathname;
	try {
		pathname = decodeURIComponent(url.pathname);
	} catch {
		pathname = null;
	}
	if (pathname === null || pathname.includes('\0')) {
		res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
		res.end('Bad request\n');
		return;
	}

	// Test fixtures (only on request), at the root or under the base path.
	if (serveFixtures) {
		for (const prefix of new Set([FIXTURES_PREFIX, `${base}${FIXTURES_PREFIX}`])) {
			if (pathname.startsWith(prefix)) {
				const found = await lookup(fixturesDir, pathname.slice(prefix.length - 1));
				if (found && 'file' in found) return sendFile(req, res, found.file);
				if (found)
					return redirect(res, 308, `${prefix.slice(0, -1)}${found.redirect}${url.search}`);
				return notFound(req, res);
			}
		}
	}

	let rel = pathname;
	if (base) {
		if (pathname === '/' || pathname === base) return redirect(res, 302, `${base}/${url.search}`);
		// Browsers ask for /favicon.ico at the origin root whatever the page says.
		if (pathname === '/favicon.ico') rel = pathname;
		else if (!pathname.startsWith(`${base}/`)) return notFound(req, res);
		else rel = pathname.slice(base.length);
	}

	const found = await lookup(buildDir, rel);
	if (!found) return notFound(req, res);
	if ('redirect' in found) return redirect(res, 308, `${base}${found.redirect}${url.search}`);
	return sendFile(req, res, found.file);
}

const server = createServer((req, res) => {
	handle(req, res).catch((error) => {
		console.error(error);
		if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
		res.end();
	});
});

server.on('error', (error) => {
	console.error(`serve-static: ${error.message}`);
	process.exit(1);
});

server.listen(port, host, () => {
	const rel = path.relative(repoRoot, buildDir);
	const dir = rel && !rel.startsWith('..') ? `${rel}/` : buildDir;
	const fixtures = serveFixtures ? `, fixtures at ${FIXTURES_PREFIX}` : '';
	console.log(`serve-static: serving ${dir} at http://${host}:${port}${base}/${fixtures}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		server.closeAllConnections();
		server.close();
		process.exit(0);
	});
}
