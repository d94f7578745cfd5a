import { describe, expect, it } from 'vitest';
import { connectionMachine } from '$lib/core';
import {
	BOXES,
	CHART_HEIGHT,
	CHART_WIDTH,
	ROUTES,
	activeStates,
	chartEdges,
	chartNodes,
	eventLabel,
	knownGuards,
	layoutChart,
	type MachineNode
} from './statechart-layout';

const root = connectionMachine.root;
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
