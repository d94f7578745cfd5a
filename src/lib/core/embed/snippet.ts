/**
 * What the /embed page writes for a docs author: the embed URL's query and the HTML snippet.
 * Pure (the page supplies its own origin and base path), so the exact text is unit-tested.
 */
import { addressSpace } from '../live/local-network';
import { PANELS, type PanelName } from './protocol';

export type Theme = '' | 'light' | 'dark';

export interface EmbedChoice {
	/** Panels to show; none means the default `all` (every panel, with narration). */
	views: readonly PanelName[];
	/** '' follows the reader's system setting. */
	theme: Theme;
	lang: string;
	controls: boolean;
	/** A caption bar with the latest narrated line (`captions=1`); optional, off by default. */
	captions?: boolean;
	/** 0-based lab step; 0 is where a lab opens anyway. */
	step: number;
	/** Already normalised by parseOriginParam; null for none. */
	origin: string | null;
}

// `:`, `/` and `,` are legal in a query value: keeping them makes the URL readable in docs
// (`view=servers,log`, `origin=https://docs.example.com`) and the frame parses it the same.
const readable = (value: string) =>
	encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');

/** The query string (with its `?`, or '') naming only what differs from the embed's defaults. */
export function embedQuery(choice: EmbedChoice): string {
	const params: Array<[string, string]> = [];
	if (choice.lang && choice.lang !== 'en') params.push(['lang', choice.lang]);
	if (choice.theme) params.push(['theme', choice.theme]);
	// In PANELS order whatever the click order, so the same choice always gives the same URL.
	const views = PANELS.filter((panel) => choice.views.includes(panel));
	if (views.length) params.push(['view', views.join(',')]);
	if (Number.isInteger(choice.step) && choice.step > 0) params.push(['step', String(choice.step)]);
	if (!choice.controls) params.push(['controls', '0']);
	if (choice.captions) params.push(['captions', '1']);
	if (choice.origin) params.push(['origin', choice.origin]);
	return params.length ? `?${params.map(([k, v]) => `${k}=${readable(v)}`).join('&')}` : '';
}

const attr = (value: string) =>
	value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface SnippetInput {
	src: string;
	title: string;
	height: number;
	/** The loader's URL, or null to leave the loader out. */
	loader: string | null;
	/** The lab's own features for `allow` (frameAllow), or null for none; see iframeSnippet. */
	allow?: string | null;
}

/**
 * The permissions a lab's frame needs from the page embedding it: a live server on the reader's
 * machine or network is reached only when the frame may ask the reader (Chrome's Local Network
 * Access). `local-network-access` is the one feature of Chrome 142–144; later ones split it.
 */
export function frameAllow(liveUrls: readonly string[]): string | null {
	const spaces = new Set(
		liveUrls.flatMap((url) => (URL.canParse(url) ? [addressSpace(new URL(url).hostname)] : []))
	);
	const features = [
		...(spaces.has('loopback') ? ['loopback-network'] : []),
		...(spaces.has('local') ? ['local-network'] : [])
	];
	return features.length ? [...features, 'local-network-access'].join('; ') : null;
}

/**
 * Every embed's Share → Copy link writes to the clipboard, which a cross-origin frame may do only
 * when its page allows it (the builder's same-origin preview never shows the refusal).
 */
const CLIPBOARD = 'clipboard-write';

/**
 * The iframe a docs page pastes. No `sandbox`: the lab must run its scripts with its own origin
 * (module scripts, and the origin checks of postMessage on both sides), which a sandbox without
 * `allow-same-origin` breaks and one with both flags would not restrict anyway. Its `allow` is
 * clipboard-write, then the lab's own features (input.allow) when it has any.
 */
export function iframeSnippet(input: SnippetInput): string {
	const height = Math.round(input.height);
	const allow = [CLIPBOARD, ...(input.allow ? [input.allow] : [])].join('; ');
	const lines = [
		'<iframe',
		`\tsrc="${attr(input.src)}"`,
		`\ttitle="${attr(input.title)}"`,
		`\tstyle="width: 100%; height: ${height}px; border: 0"`,
		`\tallow="${attr(allow)}"`,
		'\tloading="lazy"',
		...(input.loader ? ['\tdata-mcp-lab'] : []),
		'></iframe>'
	];
	if (input.loader) lines.push(`<script src="${attr(input.loader)}"></script>`);
	return lines.join('\n');
}
