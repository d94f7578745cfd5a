import type { WorldSnapshot } from '../world/snapshot';

/** The words of the diagram, in the learner's language (the core has no messages of its own). */
export interface DiagramText {
	title: string;
	harness: string;
	servers: string;
	/** The registry's heading for snapshot n. */
	registry: (n: number) => string;
	noRegistry: string;
	noServers: string;
	emptyRegistry: string;
	/** The transport and the connection state (in the profile's words), on one line. */
	link: (transport: string, state: string) => string;
	process: (state: string) => string;
	more: (count: number) => string;
	legendConnected: string;
	legendNotConnected: string;
	legendAvailable: string;
	legendUnavailable: string;
}

/** Slides have room for this many servers and registry lines; the rest is counted. */
export const MAX_SERVERS = 24;
export const MAX_ENTRIES = 40;

const WIDTH = 1040;
const TOP = 72;
const HARNESS = { x: 24, w: 200, h: 72 };
const SERVER = { x: 288, w: 360, h: 92, gap: 12 };
const REGISTRY = { x: 688, w: 328, row: 20 };
const FONT =
	"system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";
const INK = '#0f172a';
const MUTED = '#475569';
const CONNECTED = '#15803d';
const NOT_CONNECTED = '#b91c1c';

/**
 * Characters XML forbids even as references (C0 controls, lone surrogates, U+FFFE/U+FFFF), and
 * invisible ones (bidi controls, zero-width marks) that would reorder or hide part of a name on
 * a slide: each is shown as U+FFFD, so the reader sees something is there.
 */
const UNSHOWABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\uFFFE\uFFFF]/gu;

/** East Asian wide and full-width characters (and emoji) take about two columns of a Latin font. */
const WIDE: Array<[number, number]> = [
	[0x1100, 0x115f],
	[0x2e80, 0xa4cf],
	[0xac00, 0xd7a3],
	[0xf900, 0xfaff],
	[0xfe30, 0xfe4f],
	[0xff00, 0xff60],
	[0xffe0, 0xffe6],
	[0x1f300, 0x1faff],
	[0x20000, 0x3fffd]
];
const columns = (ch: string) => {
	const code = ch.codePointAt(0)!;
	return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
};

/** Server text made safe to draw and cut to `max` columns with an ellipsis. */
export function fitText(text: string, max: number): string {
	// Bounded before anything else: a 10 MB name must not be walked character by character.
	const clean = text.slice(0, max * 2 + 2).replace(UNSHOWABLE, '\uFFFD');
	const chars = [...clean];
	const width = chars.reduce((sum, ch) => sum + columns(ch), 0);
	if (clean.length === text.length && width <= max) return clean;
	let used = 1;
	let out = '';
	for (const ch of chars) {
		used += columns(ch);
		if (used > max) break;
		out += ch;
	}
	return `${out}…`;
}

export function escapeXml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');
}

interface TextOptions {
	size?: number;
	bold?: boolean;
	fill?: string;
	struck?: boolean;
}

function label(x: number, y: number, text: string, options: TextOptions = {}): string {
	const { size = 13, bold = false, fill = INK, struck = false } = options;
	const weight = bold ? ' font-weight="700"' : '';
	const decoration = struck ? ' text-decoration="line-through"' : '';
	return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${weight}${decoration}>${escapeXml(text)}</text>`;
}

function box(x: number, y: number, w: number, h: number, stroke: string, dashed = false): string {
	const dash = dashed ? ' stroke-dasharray="6 4"' : '';
	return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#ffffff" stroke="${stroke}" stroke-width="2"${dash}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, connected: boolean): string {
	const stroke = connected ? CONNECTED : NOT_CONNECTED;
	const dash = connected ? '' : ' stroke-dasharray="6 4"';
	return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="2"${dash}/>`;
}

function serverBoxes(
	snapshot: WorldSnapshot,
	text: DiagramText
): { svg: string[]; bottom: number } {
	const svg = [label(SERVER.x, TOP - 12, text.servers, { size: 15, bold: true })];
	const shown = snapshot.servers.slice(0, MAX_SERVERS);
	let y = TOP;
	if (!shown.length) svg.push(label(SERVER.x, y + 18, text.noServers, { fill: MUTED }));
	const harnessMiddle = TOP + HARNESS.h / 2;
	for (const server of shown) {
		const connected = server.state === 'connected';
		const down = server.process !== 'running';
		svg.push(
			line(HARNESS.x + HARNESS.w, harnessMiddle, SERVER.x, y + SERVER.h / 2, connected),
			box(SERVER.x, y, SERVER.w, SERVER.h, connected ? CONNECTED : NOT_CONNECTED, !connected),
			label(SERVER.x + 12, y + 22, fitText(server.name, 40), { size: 15, bold: true }),
			label(
				SERVER.x + 12,
				y + 42,
				text.link(fitText(server.transport, 12), fitText(server.state, 16))
			),
			label(SERVER.x + 12, y + 61, text.process(server.process), {
				fill: down ? NOT_CONNECTED : INK,
				bold: down
			})
		);
		if (server.detail)
			svg.push(label(SERVER.x + 12, y + 80, fitText(server.detail, 52), { size: 12, fill: MUTED }));
		y += SERVER.h + SERVER.gap;
	}
	const hidden = snapshot.servers.length - shown.length;
	if (hidden > 0) {
		svg.push(label(SERVER.x, y + 14, text.more(hidden), { fill: MUTED }));
		y += 24;
	}
	return { svg, bottom: Math.max(y, TOP + 32) };
}

function registryList(
	snapshot: WorldSnapshot,
	n: number | null,
	text: DiagramText
): { svg: string[]; bottom: number } {
	const heading = n === null ? text.noRegistry : text.registry(n);
	const svg = [label(REGISTRY.x, TOP - 12, heading, { size: 15, bold: true })];
	const shown = snapshot.registry.slice(0, MAX_ENTRIES);
	let y = TOP + 16;
	if (n !== null && !shown.length)
		svg.push(label(REGISTRY.x, y, text.emptyRegistry, { fill: MUTED }));
	for (const entry of shown) {
		const mark = entry.available ? '✓' : '✕';
		svg.push(
			label(REGISTRY.x, y, `${mark} ${fitText(entry.name, 44)}`, {
				fill: entry.available ? INK : MUTED,
				struck: !entry.available
			})
		);
		y += REGISTRY.row;
	}
	const hidden = snapshot.registry.length - shown.length;
	if (hidden > 0) {
		svg.push(label(REGISTRY.x, y, text.more(hidden), { fill: MUTED }));
		y += REGISTRY.row;
	}
	return { svg, bottom: y };
}

function legend(y: number, text: DiagramText): string[] {
	return [
		line(24, y - 4, 64, y - 4, true),
		label(72, y, text.legendConnected),
		line(24, y + 20, 64, y + 20, false),
		label(72, y + 24, text.legendNotConnected),
		label(REGISTRY.x, y, `✓ ${text.legendAvailable}`),
		label(REGISTRY.x, y + 24, `✕ ${text.legendUnavailable}`, { fill: MUTED, struck: true })
	];
}

/**
 * The world as a standalone SVG for slides: the harness, each server (name, transport,
 * connection state in the profile's words, process) and the registry the model sees, with a
 * title and a legend. Explicit fills and fonts, so it reads on a white slide in any viewer.
 */
export function worldDiagramSvg(
	snapshot: WorldSnapshot,
	registryN: number | null,
	text: DiagramText
): string {
	const servers = serverBoxes(snapshot, text);
	const registry = registryList(snapshot, registryN, text);
	const legendY = Math.max(servers.bottom, registry.bottom, TOP + HARNESS.h) + 28;
	const height = legendY + 44;
	const title = fitText(text.title, 90);
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="diagram-title">`,
		`<title id="diagram-title">${escapeXml(title)}</title>`,
		`<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
		`<g font-family="${escapeXml(FONT)}">`,
		label(24, 40, title, { size: 22, bold: true }),
		box(HARNESS.x, TOP, HARNESS.w, HARNESS.h, INK),
		label(HARNESS.x + 12, TOP + 28, fitText(text.harness, 24), { size: 15, bold: true }),
		label(HARNESS.x + 12, TOP + 52, fitText(snapshot.profile, 24)),
		...servers.svg,
		...registry.svg,
		...legend(legendY, text),
		'</g>',
		'</svg>',
		''
	].join('\n');
}
