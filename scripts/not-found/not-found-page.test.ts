import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { notFoundHtml, notFoundMiddleware, readLabs, readText } from './not-found-page.mjs';

const root = path.resolve(__dirname, '../..');
const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
const policyOf = (html: string) =>
	/http-equiv="content-security-policy" content="([^"]+)"/.exec(html)![1];
const inline = (html: string, tag: string) =>
	new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)![1];

describe('build/404.html', () => {
	const page = (overrides: Partial<Parameters<typeof notFoundHtml>[0]> = {}) =>
		notFoundHtml({ base: '/mcp-lab', labs: readLabs(root), text: readText(root), ...overrides });

	it('lists every lab folder by id and English title, linked under the base path', () => {
		const labs = readLabs(root);
		const folders = readdirSync(path.join(root, 'labs'), { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name)
			.sort();
		expect(labs.map((lab) => lab.id)).toEqual(folders);
		expect(labs[1].title).toEqual({
			en: 'Connection isolation: when one MCP server breaks',
			'zh-CN': '连接隔离：当一个 MCP 服务器出故障时'
		});
		const html = page();
		expect(html).toContain(
			'<a data-lab="01-connection-isolation" href="/mcp-lab/labs/01-connection-isolation"><code>01-connection-isolation</code></a> · <span data-title>Connection isolation: when one MCP server breaks</span>'
		);
		expect(html).toContain('<a id="home" href="/mcp-lab/">All labs, on the home page</a>');
	});

	it('allows exactly its own script and style, and nothing else', () => {
		const html = page();
		expect(policyOf(html)).toBe(
			[
				"default-src 'none'",
				`script-src ${hash(inline(html, 'script'))}`,
				`style-src ${hash(inline(html, 'style'))}`,
				"img-src 'self'",
				"base-uri 'none'",
				"form-action 'none'"
			].join('; ')
		);
		expect(html.match(/<script/g)).toHaveLength(1);
	});

	it('keeps a title or message from ending its markup or its script', () => {
		const hostile = '</script><script>alert(1)</script>"><img src=x>';
		const text = readText(root);
		const html = page({
			labs: [{ id: '01-x', title: { en: hostile, 'zh-CN': hostile } }],
			text: {
				...text,
				en: { ...text.en, heading: hostile },
				'zh-CN': { ...text['zh-CN'], labs: hostile }
			}
		});
		expect(html.match(/<script/g)).toHaveLength(1);
		expect(html.match(/<img/g)).toBeNull();
		expect(html).toContain(
			'&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x&gt;'
		);
		// Inside the script the same text is JSON with `<` escaped.
		expect(inline(html, 'script')).toContain('\\u003c/script>\\u003cscript>');
	});

	describe('messages', () => {
		let dir = '';
		afterEach(() => rmSync(dir, { recursive: true, force: true }));

		it('names a message missing from either language', () => {
			dir = mkdtempSync(path.join(tmpdir(), 'not-found-'));
			mkdirSync(path.join(dir, 'messages'));
			const en = readText(root).en;
			const full = {
				not_found_title: en.title,
				not_found_heading: en.heading,
				not_found_no_lab: en.no_lab,
				not_found_nothing: en.nothing,
				not_found_did_you_mean: en.did_you_mean,
				not_found_labs: en.labs,
				not_found_home: en.home,
				not_found_embed_page: en.embed_page
			};
			writeFileSync(path.join(dir, 'messages', 'en.json'), JSON.stringify(full));
			const { not_found_did_you_mean: _, ...short } = full;
			writeFileSync(path.join(dir, 'messages', 'zh-CN.json'), JSON.stringify(short));
			expect(() => readText(dir)).toThrow('messages/zh-CN.json: no not_found_did_you_mean');
		});
	});
});

describe('the dev server', () => {
	const answer = (url: string) => {
		const res = {
			statusCode: 200,
			headers: {} as Record<string, string>,
			body: '',
			setHeader(name: string, value: string) {
				this.headers[name] = value;
			},
			end(body: string) {
				this.body = body;
			}
		};
		let passed = false;
		notFoundMiddleware({ base: '/mcp-lab', root })(
			{ method: 'GET', url },
			res as never,
			() => (passed = true)
		);
		return passed
			? 'next'
			: `${res.statusCode} ${res.body.includes('<h1 id="heading">') ? 'page' : ''}`;
	};

	it('answers a misspelt lab or embed name with the page, and leaves the rest to SvelteKit', () => {
		expect(answer('/mcp-lab/labs/connection-isolation?speed=instant')).toBe('404 page');
		expect(answer('/mcp-lab/embed/1')).toBe('404 page');
		expect(answer('/mcp-lab/labs/sandbox')).toBe('404 page');
		expect(answer('/mcp-lab/labs/01-connection-isolation')).toBe('next');
		expect(answer('/mcp-lab/labs/01-connection-isolation/notes')).toBe('next');
		expect(answer('/mcp-lab/embed/sandbox?views=registry')).toBe('next');
		expect(answer('/mcp-lab/embed/01-connection-isolation')).toBe('next');
		expect(answer('/mcp-lab/embed')).toBe('next');
		expect(answer('/mcp-lab/')).toBe('next');
		expect(answer('/labs/nope')).toBe('next');
		expect(answer('/mcp-lab/_app/immutable/x.js')).toBe('next');
	});
});
