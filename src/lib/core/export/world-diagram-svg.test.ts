import { describe, expect, it } from 'vitest';
import { startedWorlds } from '../world/test-world';
import { worldSnapshot, type WorldSnapshot } from '../world/snapshot';
import {
	MAX_ENTRIES,
	MAX_SERVERS,
	fitText,
	worldDiagramSvg,
	type DiagramText
} from './world-diagram-svg';
import { elements, parseXml, textOf, type XmlElement } from './xml-tree';

const text: DiagramText = {
	title: 'MCP Lab: Connection isolation',
	harness: 'Harness',
	servers: 'Servers',
	registry: (n) => `Tool registry, snapshot #${n}`,
	noRegistry: 'No registry yet',
	noServers: 'No servers',
	emptyRegistry: 'The registry is empty',
	link: (transport, state) => `Transport: ${transport} · Connection: ${state}`,
	process: (state) => `process ${state}`,
	more: (count) => `… and ${count} more`,
	legendConnected: 'connected',
	legendNotConnected: 'not connected',
	legendAvailable: 'available to the model',
	legendUnavailable: 'unavailable: server not connected'
};

const texts = (svg: string) =>
	elements(parseXml(svg))
		.filter((e) => e.name === 'text')
		.map((e) => [textOf(e), e] as [string, XmlElement]);

const findText = (svg: string, content: string) => texts(svg).find(([t]) => t === content)?.[1];

function snapshotOf(
	servers: Array<Partial<WorldSnapshot['servers'][number]> & { name: string }>,
	registry: Array<{ name: string; available: boolean }> = []
): WorldSnapshot {
	return {
		version: 1,
		lab: 'x',
		profile: 'openharness',
		step: 0,
		servers: servers.map((s) => ({
			transport: 'stdio',
			state: 'connected',
			detail: '',
			process: 'running',
			tools: [],
			resources: [],
			...s
		})),
		registry: registry.map((e) => ({ ...e, server: 's', tool: 't', readOnly: false })),
		calls: []
	};
}

describe('the world as an SVG diagram', () => {
	const started = startedWorlds();

	it('draws lab 01 after a kill and a reconnect: states, process, stale registry entries', async () => {
		const world = await started();
		await world.kill('filesystem');
		await world.reconnectAll();
		const n = world.registryHistory.at(-1)!.n;
		const svg = worldDiagramSvg(worldSnapshot(world, { lab: 'x', step: 0 }), n, text);
		const root = parseXml(svg);
		expect(root.name).toBe('svg');
		expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
		expect(textOf(elements(root).find((e) => e.name === 'title')!)).toBe(text.title);

		const all = texts(svg).map(([t]) => t);
		expect(all).toEqual(
			expect.arrayContaining([
				text.title,
				'Harness',
				'openharness',
				'filesystem',
				'Transport: stdio · Connection: failed',
				'process killed',
				'Connection closed',
				'internal-api',
				'Transport: http · Connection: connected',
				'realtime',
				'Unsupported MCP transport in current build: ws',
				`Tool registry, snapshot #${n}`,
				'✕ mcp__filesystem__read_file',
				'✓ mcp__internal-api__search_orders'
			])
		);
		const stale = findText(svg, '✕ mcp__filesystem__read_file')!;
		expect(stale.attributes['text-decoration']).toBe('line-through');
		expect(stale.attributes.fill).toBe('#475569');
		const live = findText(svg, '✓ mcp__internal-api__search_orders')!;
		expect(live.attributes['text-decoration']).toBeUndefined();
		expect(findText(svg, 'process killed')!.attributes['font-weight']).toBe('700');
		// The legend explains both marks.
		expect(all).toContain('✓ available to the model');
		expect(all).toContain('✕ unavailable: server not connected');
	});

	it('reads on a white slide: a white background, a font family, a fill on every text', () => {
		const svg = worldDiagramSvg(snapshotOf([{ name: 'a' }]), null, text);
		const nodes = elements(parseXml(svg));
		const background = nodes.find((e) => e.name === 'rect')!;
		expect(background.attributes).toMatchObject({ fill: '#ffffff', width: '1040' });
		expect(nodes.find((e) => e.name === 'g')!.attributes['font-family']).toMatch(/sans-serif$/);
		for (const node of nodes.filter((e) => e.name === 'text'))
			expect(node.attributes.fill).toMatch(/^#[0-9a-f]{6}$/);
		expect(texts(svg).map(([t]) => t)).toContain('No registry yet');
	});

	it('keeps hostile server text as text, escaped, visible and bounded', () => {
		const long = 'x'.repeat(10_000);
		const hostile = [
			'<script>alert(1)</script>',
			`Tom & "Jerry" 'quoted'`,
			'\u202eelif\u200b.exe',
			`\u0000bell\u0007`,
			'lone\ud800half',
			long
		];
		const svg = worldDiagramSvg(
			snapshotOf(
				hostile.map((name) => ({ name, detail: name, transport: name, state: name })),
				hostile.map((name, i) => ({ name, available: i % 2 === 0 }))
			),
			3,
			{ ...text, title: '</title><script>x</script>' }
		);
		const root = parseXml(svg);
		expect(svg).not.toMatch(/<script/i);
		expect(elements(root).map((e) => e.name)).not.toContain('script');
		expect(textOf(elements(root).find((e) => e.name === 'title')!)).toBe(
			'</title><script>x</script>'
		);
		const all = texts(svg).map(([t]) => t);
		expect(all).toContain('<script>alert(1)</script>');
		expect(all).toContain(`Tom & "Jerry" 'quoted'`);
		// Invisible and bidi characters show as U+FFFD instead of reordering or hiding text.
		expect(all).toContain('\ufffdelif\ufffd.exe');
		expect(all).toContain('\ufffdbell\ufffd');
		expect(all).toContain('lone\ufffdhalf');
		expect(all).toContain(`✕ ${'x'.repeat(43)}…`);
		expect(all).toContain(`${'x'.repeat(39)}…`);
		expect(all.every((t) => t.length < 200)).toBe(true);
		expect(svg.length).toBeLessThan(20_000);
	});

	it('shows the first servers and registry entries and counts the rest', () => {
		const many = Array.from({ length: MAX_SERVERS + 6 }, (_, i) => ({ name: `s${i}` }));
		const entries = Array.from({ length: MAX_ENTRIES + 5 }, (_, i) => ({
			name: `mcp__s__t${i}`,
			available: true
		}));
		const svg = worldDiagramSvg(snapshotOf(many, entries), 1, text);
		const all = texts(svg).map(([t]) => t);
		expect(all).toContain(`s${MAX_SERVERS - 1}`);
		expect(all).not.toContain(`s${MAX_SERVERS}`);
		expect(all).toContain('… and 6 more');
		expect(all).toContain('… and 5 more');
		const height = Number(parseXml(svg).attributes.height);
		const lowest = Math.max(...texts(svg).map(([, e]) => Number(e.attributes.y)));
		expect(lowest).toBeLessThan(height);
	});

	it('says when there are no servers, and when the registry is empty', () => {
		const all = texts(worldDiagramSvg(snapshotOf([]), 2, text)).map(([t]) => t);
		expect(all).toContain('No servers');
		expect(all).toContain('Tool registry, snapshot #2');
		expect(all).toContain('The registry is empty');
	});
});

describe('fitText', () => {
	it('keeps text that fits and cuts the rest with an ellipsis, counting wide characters twice', () => {
		expect(fitText('filesystem', 10)).toBe('filesystem');
		expect(fitText('filesystem!', 10)).toBe('filesyste…');
		expect(fitText('文件系统服务器', 10)).toBe('文件系统…');
		expect(fitText('😀'.repeat(20), 6)).toBe('😀😀…');
		expect(fitText('ＡＢＣ', 6)).toBe('ＡＢＣ');
		// A replaced invisible character is one column, like the Latin text around it.
		expect(fitText('\u202eevil\u200b!', 7)).toBe('\ufffdevil\ufffd!');
		expect(fitText('\u202eevil\u200b!?', 7)).toBe('\ufffdevil\ufffd…');
	});
});
