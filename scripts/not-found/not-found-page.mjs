// build/404.html: the page a static host serves for an address it has no file for (GitHub Pages,
// Netlify, Cloudflare Pages and scripts/serve-static.mjs all look for 404.html). Without it, a
// misspelt lab id in a docs page's <iframe src=".../embed/<id>"> showed the host's own 404, or
// nothing, and a loader's `ready` waited for ever.
//
// Not a SvelteKit page: the site's asset paths are relative (paths.relative), and this one file
// is served at every depth, so it carries its own style and script, with absolute links built
// from the base path, and a policy naming their hashes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { notFoundPage } from './page-script.js';

const KEYS = {
	title: 'not_found_title',
	heading: 'not_found_heading',
	no_lab: 'not_found_no_lab',
	nothing: 'not_found_nothing',
	did_you_mean: 'not_found_did_you_mean',
	labs: 'not_found_labs',
	home: 'not_found_home',
	embed_page: 'not_found_embed_page'
};
const LOCALES = ['en', 'zh-CN'];

/** @param {string} value */
const escapeHtml = (value) =>
	value.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c
	);
/** @param {string} value */
const sha256 = (value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;

/**
 * The labs as their folders hold them: id from lab.json, title from each narration's heading.
 * @param {string} root
 */
export function readLabs(root) {
	const dir = path.join(root, 'labs');
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'lab.json')))
		.map((entry) => {
			const { id } = JSON.parse(readFileSync(path.join(dir, entry.name, 'lab.json'), 'utf8'));
			/** @param {string} locale */
			const title = (locale) => {
				const file = path.join(dir, entry.name, `${locale}.md`);
				const heading = existsSync(file) && /^#\s+(.+)$/m.exec(readFileSync(file, 'utf8'));
				return heading ? heading[1].trim() : id;
			};
			return { id: String(id), title: { en: title('en'), 'zh-CN': title('zh-CN') } };
		})
		.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The messages this page says, per locale, from messages/<locale>.json.
 * @param {string} root
 */
export function readText(root) {
	/** @type {Record<string, Record<string, string>>} */
	const text = {};
	for (const locale of LOCALES) {
		const messages = JSON.parse(
			readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8')
		);
		text[locale] = Object.fromEntries(
			Object.entries(KEYS).map(([short, key]) => {
				if (typeof messages[key] !== 'string')
					throw new Error(`messages/${locale}.json: no ${key}`);
				return [short, messages[key]];
			})
		);
	}
	return text;
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1.5rem; background: Canvas; color: CanvasText; }
main { max-width: 42rem; margin: 0 auto; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.125rem; margin: 1.5rem 0 0.5rem; }
ul { padding-inline-start: 1.25rem; }
li { margin: 0.25rem 0; }
a { color: LinkText; }
a:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
code { font-family: ui-monospace, monospace; }
`;

/**
 * The whole page for a site served under `base` ('' or '/mcp-lab').
 * @param {{ base: string, labs: ReturnType<typeof readLabs>, text: ReturnType<typeof readText> }} page
 */
export function notFoundHtml({ base, labs, text }) {
	const en = text.en;
	const data = { base, labs: labs.map(({ id }) => ({ id })), text };
	// `<` escaped so no message or title can end the script element early.
	const script = `(${notFoundPage.toString()})(${JSON.stringify(data).replace(/</g, '\\u003c')}, window);`;
	const policy = [
		"default-src 'none'",
		`script-src ${sha256(script)}`,
		`style-src ${sha256(STYLE)}`,
		"img-src 'self'",
		"base-uri 'none'",
		"form-action 'none'"
	].join('; ');
	const items = labs
		.map(
			({ id, title }) =>
				`<li data-en="${escapeHtml(title.en)}" data-zh="${escapeHtml(title['zh-CN'])}">` +
				`<a data-lab="${escapeHtml(id)}" href="${escapeHtml(`${base}/labs/${id}`)}"><code>${escapeHtml(id)}</code></a>` +
				` · <span data-title>${escapeHtml(title.en)}</span></li>`
		)
		.join('\n');
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="content-security-policy" content="${policy}">
<meta name="robots" content="noindex">
<title>${escapeHtml(en.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1 id="heading">${escapeHtml(en.heading)}</h1>
<p id="what">${escapeHtml(en.nothing)}</p>
<p id="guess" hidden></p>
<h2 id="labs-heading">${escapeHtml(en.labs)}</h2>
<ul id="labs">
${items}
</ul>
<p><a id="home" href="${escapeHtml(`${base}/`)}">${escapeHtml(en.home)}</a></p>
</main>
<script>${script}</script>
</body>
</html>
`;
}

/**
 * For the dev server (`npm run dev`, what a workshop runs): a lab or embed address whose name is
 * no lab gets the same page, with a 404, before SvelteKit's bare error page would answer it.
 * Read afresh on each request, so a lab added meanwhile is known.
 * @param {{ base: string, root: string }} options
 * @returns {(req: { method?: string, url?: string }, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export function notFoundMiddleware({ base, root }) {
	return (req, res, next) => {
		const url = new URL(req.url ?? '/', 'http://dev');
		const match =
			req.method === 'GET' && url.pathname.startsWith(`${base}/`)
				? /^(labs|embed)\/([^/]+)\/?$/.exec(url.pathname.slice(base.length + 1))
				: null;
		if (!match) return next();
		const labs = readLabs(root);
		let name = match[2];
		try {
			name = decodeURIComponent(name);
		} catch {
			// Not a lab's name either.
		}
		const known =
			labs.some((lab) => lab.id === name) || (match[1] === 'embed' && name === 'sandbox');
		if (known) return next();
		res.statusCode = 404;
		res.setHeader('content-type', 'text/html; charset=utf-8');
		res.end(notFoundHtml({ base, labs, text: readText(root) }));
	};
}

/**
 * The Vite plugin: adds 404.html to the client build's output, which the adapter copies into
 * build/ with the rest of the client's files; in dev, answers misspelt lab addresses with it.
 * @param {{ base: string, root: string }} options
 * @returns {import('vite').Plugin}
 */
export function notFoundPagePlugin({ base, root }) {
	let ssr = false;
	return {
		name: 'mcp-lab-not-found-page',
		configResolved(config) {
			ssr = !!config.build.ssr;
		},
		configureServer(server) {
			server.middlewares.use(notFoundMiddleware({ base, root }));
		},
		generateBundle() {
			if (ssr) return;
			const source = notFoundHtml({ base, labs: readLabs(root), text: readText(root) });
			this.emitFile({ type: 'asset', fileName: '404.html', source });
		}
	};
}
