import { describe, expect, it } from 'vitest';
import { connectionMachine } from '$lib/core';
import {
	BOXES,
	CHART_HEIGHT,
	CHART_WIDTH,
	EDGE_FONT,
	LINE_HEIGHT,
	NODE_FONT,
	ROUTES,
	activeStates,
	chartEdges,
	chartNodes,
	eventLabel,
	knownGuards,
	layoutChart,
	nodeLabelAt,
	type Box,
	type MachineNode
} from './statechart-layout';

const root = connectionMachine.root;

// Label geometry as the browser draws it in a monospace font: 0.6 em a character (the fonts of
// Tailwind's font-mono stack, and the fallbacks, all advance about that), ascent 0.8 em above
// an alphabetic baseline and 0.2 em below it.
const ADVANCE = 0.6;
type Anchor = 'start' | 'middle' | 'end';
function textBox(text: string, x: number, top: number, font: number, anchor: Anchor): Box {
	const w = text.length * ADVANCE * font;
	const left = anchor === 'start' ? x : anchor === 'middle' ? x - w / 2 : x - w;
	return { x: left, y: top, w, h: font };
}
const overlaps = (a: Box, b: Box) =>
	a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Box, b: Box, pad = 0) =>
	a.x >= b.x + pad && a.y >= b.y && a.x + a.w <= b.x + b.w - pad && a.y + a.h <= b.y + b.h;
const CHART: Box = { x: 0, y: 0, w: CHART_WIDTH, h: CHART_HEIGHT };
const CHARTS = ['stdio', 'http', 'ws'].flatMap((transport) =>
	[false, true].map((toolsOnly) => ({
		name: `${transport}${toolsOnly ? ' tools-only' : ''}`,
		...layoutChart(transport, root, toolsOnly)
	}))
);

const labelsOf = (transport: string) =>
	Object.fromEntries(chartEdges(root, knownGuards(transport)).map((e) => [e.id, e.labels]));

describe('statechart layout of the connection machine', () => {
	it('reads every state of the machine, nested ones with their dotted id', () => {
		expect(chartNodes(root).map((n) => n.id)).toEqual([
			'pending',
			'connecting',
			'connecting.opening',
			'connecting.initializing',
			'connecting.listingTools',
			'connecting.listingResources',
			'closingAfterFailure',
			'connected',
			'failed',
			'closing',
			'closed'
		]);
	});

	it('places every state by hand, inside the chart, with no unused positions', () => {
		const ids = chartNodes(root).map((n) => n.id);
		expect(Object.keys(BOXES).sort()).toEqual([...ids].sort());
		for (const box of Object.values(BOXES)) {
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.y).toBeGreaterThanOrEqual(0);
			expect(box.x + box.w).toBeLessThanOrEqual(CHART_WIDTH);
			expect(box.y + box.h).toBeLessThanOrEqual(CHART_HEIGHT);
		}
	});

	it('writes every label at its size inside the chart, state names in their boxes (▶ and bold when current), arrow labels on no state and no other label', () => {
		for (const chart of CHARTS) {
			const nodeLabels = chart.nodes.map((node) => {
				const at = nodeLabelAt(node);
				// Middle baseline for a state's name; the current state's name gains `▶ `.
				const box = textBox(`▶ ${node.key}`, at.x, at.y - NODE_FONT / 2, NODE_FONT, at.anchor);
				expect(inside(box, node.box, 3), `${chart.name}: ${node.id}`).toBe(true);
				return box;
			});
			const leaves = chart.nodes.filter((n) => !n.compound).map((n) => n.box);
			const placed: Box[] = [];
			for (const edge of chart.edges) {
				const [x, y] = edge.route.label;
				edge.labels.forEach((line, i) => {
					const top = y + i * LINE_HEIGHT - 0.8 * EDGE_FONT;
					const box = textBox(line, x, top, EDGE_FONT, edge.route.anchor ?? 'start');
					const where = `${chart.name}: ${edge.id} "${line}"`;
					expect(inside(box, CHART), where).toBe(true);
					for (const other of [...leaves, ...nodeLabels, ...placed])
						expect(overlaps(box, other), `${where} overlaps ${JSON.stringify(other)}`).toBe(false);
					placed.push(box);
				});
			}
		}
	});

	it('draws substates inside their parent', () => {
		for (const node of chartNodes(root).filter((n) => n.parent)) {
			const inner = BOXES[node.id];
			const outer = BOXES[node.parent!];
			expect(inner.x).toBeGreaterThan(outer.x);
			expect(inner.y).toBeGreaterThan(outer.y);
			expect(inner.x + inner.w).toBeLessThan(outer.x + outer.w);
			expect(inner.y + inner.h).toBeLessThan(outer.y + outer.h);
		}
	});

	it('routes every transition of every transport and connect sequence by hand, with no unused routes', () => {
		const ids = new Set(
			['stdio', 'http', 'ws'].flatMap((t) =>
				[false, true].flatMap((toolsOnly) =>
					chartEdges(root, knownGuards(t, toolsOnly)).map((e) => e.id)
				)
			)
		);
		expect([...ids].sort()).toEqual(Object.keys(ROUTES).sort());
	});

	it('draws the tools-only arrow only for a harness that lists tools only (MiniHarness, contextual)', () => {
		const from = (toolsOnly: boolean) =>
			layoutChart('stdio', root, toolsOnly)
				.edges.filter((e) => e.from === 'connecting.listingTools')
				.map((e) => `${e.to} ${e.labels.join(' ')}`);
		expect(from(false)).toEqual(['connecting.listingResources done']);
		expect(from(true)).toEqual(['connected done [toolsOnly]']);
		// A tools-only harness never lists resources: no arrow leaves that step.
		const leaving = (toolsOnly: boolean) =>
			layoutChart('stdio', root, toolsOnly).edges.filter(
				(e) => e.from === 'connecting.listingResources'
			).length;
		expect(leaving(false)).toBeGreaterThan(0);
		expect(leaving(true)).toBe(0);
	});

	it('labels arrows with the event; invoked steps finish with done or error', () => {
		expect(eventLabel('xstate.done.actor.open')).toBe('done');
		expect(eventLabel('xstate.error.actor.0.connection.closing')).toBe('error');
		expect(eventLabel('CONNECT')).toBe('CONNECT');
	});

	it('shows the OpenHarness lifecycle for a stdio server', () => {
		const labels = labelsOf('stdio');
		expect(labels['pending->connecting']).toEqual(['CONNECT']);
		expect(labels['connecting.opening->connecting.initializing']).toEqual(['done']);
		expect(labels['connecting.listingResources->connected']).toEqual([
			'done',
			'error [isMethodNotFound]'
		]);
		// Every step's failure closes the stack first: drawn once, from the parent state.
		expect(labels['connecting->closingAfterFailure']).toEqual(['error']);
		expect(labels['connecting.opening->closingAfterFailure']).toBeUndefined();
		expect(labels['closingAfterFailure->failed']).toEqual(['done', 'error']);
		expect(labels['connected->closing']).toEqual(['CLOSE']);
		expect(labels['closing->closed']).toEqual(['done', 'error']);
		// A stdio server never takes the ws guard.
		expect(labels['pending->failed']).toBeUndefined();
	});

	it('for a ws server, CONNECT goes straight to failed and connecting is never entered', () => {
		const labels = labelsOf('ws');
		expect(labels['pending->failed']).toEqual(['CONNECT [isWs]']);
		expect(labels['failed->failed']).toEqual(['CONNECT [isWs]']);
		expect(labels['pending->connecting']).toBeUndefined();
		expect(labels['closed->connecting']).toBeUndefined();
		// Never entered, so no arrow leaves connecting or its steps (their boxes stay drawn).
		const edges = layoutChart('ws').edges;
		expect(edges.filter((e) => e.from.startsWith('connecting'))).toEqual([]);
		expect(edges.some((e) => e.from === 'connected')).toBe(false);
		expect(layoutChart('ws').nodes.map((n) => n.id)).toContain('connecting.opening');
	});

	it('keeps unknown guards (they may go either way) and the transitions after them', () => {
		const machine: MachineNode = {
			path: [],
			key: 'm',
			on: {},
			states: {
				a: {
					path: ['a'],
					key: 'a',
					states: {},
					on: { GO: [{ target: [{ path: ['b'] }], guard: 'maybe' }, { target: [{ path: ['c'] }] }] }
				},
				b: { path: ['b'], key: 'b', states: {}, on: {} },
				c: { path: ['c'], key: 'c', states: {}, on: {} }
			}
		};
		expect(chartEdges(machine).map((e) => [e.id, e.labels])).toEqual([
			['a->b', ['GO [maybe]']],
			['a->c', ['GO']]
		]);
		// A state the hand layout forgot is still drawn, in the fallback row.
		const { nodes, edges } = layoutChart('stdio', machine);
		expect(nodes.map((n) => n.box.y)).toEqual([
			CHART_HEIGHT - 30,
			CHART_HEIGHT - 30,
			CHART_HEIGHT - 30
		]);
		expect(edges[0].route.points.split(' ')).toHaveLength(2);
	});

	it('highlights a substate together with its parent', () => {
		expect([...activeStates('connecting.initializing')]).toEqual([
			'connecting',
			'connecting.initializing'
		]);
		expect([...activeStates('connected')]).toEqual(['connected']);
		expect(activeStates('').size).toBe(0);
	});
});
