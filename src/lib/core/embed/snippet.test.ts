import { describe, expect, it } from 'vitest';
import { parseOriginParam, parseViews } from './protocol';
import { embedQuery, frameAllow, iframeSnippet, type EmbedChoice } from './snippet';

const defaults: EmbedChoice = {
	views: [],
	theme: '',
	lang: 'en',
	controls: true,
	step: 0,
	origin: null
};

describe('embed snippet', () => {
	it('leaves the defaults out of the URL', () => {
		expect(embedQuery(defaults)).toBe('');
	});

	it('names every choice, views in the panel order, readable and parsable by the frame', () => {
		const query = embedQuery({
			views: ['log', 'servers'],
			theme: 'dark',
			lang: 'zh-CN',
			controls: false,
			captions: true,
			step: 3,
			origin: 'https://docs.example.com'
		});
		expect(query).toBe(
			'?lang=zh-CN&theme=dark&view=servers,log&step=3&controls=0&captions=1&origin=https://docs.example.com'
		);
		const params = new URLSearchParams(query);
		expect(parseViews(params.get('view'))).toEqual(['servers', 'log']);
		expect(parseOriginParam(params.get('origin'))).toEqual({ origin: 'https://docs.example.com' });
	});

	it('ignores a step that is not a positive integer', () => {
		expect(embedQuery({ ...defaults, step: Number.NaN })).toBe('');
		expect(embedQuery({ ...defaults, step: -2 })).toBe('');
	});

	it('writes an iframe with a title, lazy loading, and the loader when asked', () => {
		const html = iframeSnippet({
			src: 'https://lab.example/embed/01-connection-isolation?view=servers&controls=0',
			title: 'MCP Lab: "Connection" isolation',
			height: 640.4,
			loader: 'https://lab.example/embed/mcp-lab-embed.js'
		});
		expect(html).toBe(
			[
				'<iframe',
				'\tsrc="https://lab.example/embed/01-connection-isolation?view=servers&amp;controls=0"',
				'\ttitle="MCP Lab: &quot;Connection&quot; isolation"',
				'\tstyle="width: 100%; height: 640px; border: 0"',
				'\tallow="clipboard-write"',
				'\tloading="lazy"',
				'\tdata-mcp-lab',
				'></iframe>',
				'<script src="https://lab.example/embed/mcp-lab-embed.js"></script>'
			].join('\n')
		);
		expect(html).not.toContain('sandbox');
	});

	it('leaves the loader out when not wanted', () => {
		const html = iframeSnippet({
			src: '/embed/sandbox',
			title: 'MCP Lab',
			height: 500,
			loader: null
		});
		expect(html).not.toContain('<script');
		expect(html).not.toContain('data-mcp-lab');
	});

	it('lets a frame whose lab reaches the reader’s machine ask for it, and no other', () => {
		expect(frameAllow(['http://127.0.0.1:8787/notes/mcp'])).toBe(
			'loopback-network; local-network-access'
		);
		expect(frameAllow(['http://localhost:8787/mcp', 'http://192.168.1.9/mcp'])).toBe(
			'loopback-network; local-network; local-network-access'
		);
		expect(frameAllow(['https://mcp.example.com/mcp'])).toBeNull();
		expect(frameAllow([])).toBeNull();
		const html = iframeSnippet({
			src: '/embed/08-live-mode',
			title: 'MCP Lab',
			height: 500,
			loader: null,
			allow: frameAllow(['http://127.0.0.1:8787/notes/mcp'])
		});
		expect(html.split('\n')).toContain(
			'\tallow="clipboard-write; loopback-network; local-network-access"'
		);
	});

	it('always lets the frame write to the clipboard (Share → Copy link on a foreign page)', () => {
		const lines = (allow: string | null) =>
			iframeSnippet({ src: '/embed/sandbox', title: 'MCP Lab', height: 500, loader: null, allow })
				.split('\n')
				.map((line) => line.trim().split('=')[0]);
		const order = ['<iframe', 'src', 'title', 'style', 'allow', 'loading', '></iframe>'];
		expect(lines(null)).toEqual(order);
		expect(lines(frameAllow(['http://192.168.1.9/mcp']))).toEqual(order);
		expect(
			iframeSnippet({ src: '/embed/sandbox', title: 'MCP Lab', height: 500, loader: null })
		).toContain('\n\tallow="clipboard-write"\n');
		expect(
			iframeSnippet({
				src: '/embed/08-live-mode',
				title: 'MCP Lab',
				height: 500,
				loader: null,
				allow: frameAllow(['http://192.168.1.9/mcp'])
			})
		).toContain('\n\tallow="clipboard-write; local-network; local-network-access"\n');
	});
});
