import { connectionMachine } from '$lib/core';

/**
 * The connection machine drawn as a chart: nodes and arrows are read from the machine itself,
 * only their positions are hand-placed here (keyed by state id and `from->to`), so the chart
 * cannot drift from the machine and the tests notice a state or transition without a place.
 */

/** The parts of an XState state node the chart reads. */
export interface MachineNode {
	path: string[];
	key: string;
	states: Record<string, MachineNode>;
	on: Record<string, ReadonlyArray<MachineTransition> | undefined>;
	/** A compound state's initial substate (XState's `initial.target`). */
	initial?: { target: ReadonlyArray<{ path: string[] }> };
}

interface MachineTransition {
	target?: ReadonlyArray<{ path: string[] }>;
	guard?: unknown;
}

export interface ChartNode {
	/** Dotted path below the root, as in `ServerView.machineState`: `connecting.opening`. */
	id: string;
	key: string;
	parent: string | null;
	compound: boolean;
}

export interface ChartEdge {
	id: string;
	from: string;
	to: string;
	/** One line per event, e.g. `done`, `error [isMethodNotFound]`. */
	labels: string[];
}

export interface Box {
	x: number;
	y: number;
	w: number;
	h: number;
}

export type Point = [number, number];

export interface Route {
	/** SVG polyline points: `x,y x,y …`, ending at the target. */
	points: string;
	/** Where the first label line sits; further lines go below it. */
	label: Point;
	anchor?: 'start' | 'middle' | 'end';
}

export const CHART_WIDTH = 380;
export const CHART_HEIGHT = 360;
export const LINE_HEIGHT = 12;
/**
 * Label sizes in chart units. At 1280 px a lab page puts two charts side by side at about one
 * unit a pixel, so these are about the pixels a learner reads there (they were 10 and 9, hard to
 * read on a projector). The layout test checks every label still fits these sizes.
 */
export const NODE_FONT = 11;
export const EDGE_FONT = 10;

const id = (node: { path: string[] }) => node.path.join('.');

function guardName(guard: unknown): string | null {
	if (typeof guard === 'string') return guard;
	if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
	return guard ? 'guard' : null;
}

/** `xstate.done.actor.open` is the invoked step finishing: the chart says `done`. */
export function eventLabel(event: string): string {
	if (event.startsWith('xstate.done.')) return 'done';
	if (event.startsWith('xstate.error.')) return 'error';
	return event;
}

function descendants(node: MachineNode): MachineNode[] {
	return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

export function chartNodes(root: MachineNode): ChartNode[] {
	return descendants(root).map((node) => ({
		id: id(node),
		key: node.key,
		parent: node.path.length > 1 ? node.path.slice(0, -1).join('.') : null,
		compound: Object.keys(node.states).length > 0
	}));
}

interface RawEdge {
	from: string;
	to: string;
	label: string;
}

/**
 * The transitions one server can take. `known` gives guards whose outcome is fixed for this
 * server (`isWs`): a transition behind a false guard is left out, and once a transition is
 * sure to be taken the later ones for that event are unreachable.
 */
function rawEdges(node: MachineNode, known: Record<string, boolean>): RawEdge[] {
	const edges: RawEdge[] = [];
	for (const [event, transitions] of Object.entries(node.on)) {
		for (const t of transitions ?? []) {
			const guard = guardName(t.guard);
			if (guard !== null && known[guard] === false) continue;
			const label = eventLabel(event) + (guard ? ` [${guard}]` : '');
			for (const target of t.target ?? []) edges.push({ from: id(node), to: id(target), label });
			if (guard === null || known[guard] === true) break;
		}
	}
	return edges;
}

const edgeKey = (e: RawEdge) => `${e.to}\u0000${e.label}`;

/** A transition every substate shares (its own error exit) is drawn once, from the parent. */
function collapse(node: MachineNode, known: Record<string, boolean>): RawEdge[] {
	const children = Object.values(node.states);
	const own = rawEdges(node, known);
	if (children.length === 0) return own;
	const perChild = children.map((child) => collapse(child, known));
	const direct = children.map((child) => new Set(rawEdges(child, known).map(edgeKey)));
	const inside = (to: string) => to.startsWith(`${id(node)}.`);
	const shared = [...direct[0]].filter(
		(key) => direct.every((keys) => keys.has(key)) && !inside(key.split('\u0000')[0])
	);
	const lifted = shared.map((key) => {
		const [to, label] = key.split('\u0000');
		return { from: id(node), to, label };
	});
	const rest = perChild.flatMap((edges, i) =>
		edges.filter((e) => e.from !== id(children[i]) || !shared.includes(edgeKey(e)))
	);
	return [...own, ...lifted, ...rest];
}

export function chartEdges(root: MachineNode, known: Record<string, boolean> = {}): ChartEdge[] {
	const merged = new Map<string, ChartEdge>();
	for (const child of Object.values(root.states)) {
		for (const e of collapse(child, known)) {
			const key = `${e.from}->${e.to}`;
			const edge = merged.get(key) ?? { id: key, from: e.from, to: e.to, labels: [] };
			if (!edge.labels.includes(e.label)) edge.labels.push(e.label);
			merged.set(key, edge);
		}
	}
	const edges = [...merged.values()];
	const reached = reachable(root, edges);
	return reached ? edges.filter((e) => reached.has(e.from)) : edges;
}

/**
 * The states this server can be in, from the machine's initial state along the arrows left (a
 * state entered is in its parent, and entering a compound state enters its initial substate):
 * arrows out of a state it can never reach are left out too (a ws server never connects; a
 * tools-only harness never lists resources). Null when the machine does not say where it starts.
 */
function reachable(root: MachineNode, edges: readonly ChartEdge[]): Set<string> | null {
	const start = root.initial?.target[0];
	if (!start) return null;
	const nodes = new Map(descendants(root).map((n) => [id(n), n]));
	const reached = new Set<string>();
	const enter = (target: string) => {
		for (let at = nodes.get(target); at && !reached.has(id(at));) {
			reached.add(id(at));
			at = at.initial?.target[0] && nodes.get(id(at.initial.target[0]));
		}
		// Being in a substate is being in each of its ancestors.
		const parts = target.split('.');
		for (let i = 1; i < parts.length; i++) reached.add(parts.slice(0, i).join('.'));
	};
	enter(id(start));
	for (let grew = true; grew;) {
		grew = false;
		for (const e of edges)
			if (reached.has(e.from) && !reached.has(e.to)) {
				enter(e.to);
				grew = true;
			}
	}
	return reached;
}

/** `connecting.initializing` is in `connecting` and in `connecting.initializing`. */
export function activeStates(machineState: string): Set<string> {
	const parts = machineState.split('.').filter(Boolean);
	return new Set(parts.map((_, i) => parts.slice(0, i + 1).join('.')));
}

export const BOXES: Record<string, Box> = {
	pending: { x: 20, y: 24, w: 110, h: 26 },
	closed: { x: 240, y: 24, w: 110, h: 26 },
	connecting: { x: 8, y: 76, w: 160, h: 180 },
	'connecting.opening': { x: 22, y: 98, w: 132, h: 24 },
	'connecting.initializing': { x: 22, y: 138, w: 132, h: 24 },
	'connecting.listingTools': { x: 22, y: 178, w: 132, h: 24 },
	'connecting.listingResources': { x: 22, y: 218, w: 132, h: 24 },
	closingAfterFailure: { x: 200, y: 128, w: 148, h: 26 },
	failed: { x: 219, y: 204, w: 110, h: 26 },
	connected: { x: 33, y: 320, w: 110, h: 26 },
	closing: { x: 240, y: 320, w: 110, h: 26 }
};

export const ROUTES: Record<string, Route> = {
	'pending->connecting': {
		points: '75,50 75,76',
		label: [80, 67]
	},
	'pending->closed': {
		points: '130,37 240,37',
		label: [185, 32],
		anchor: 'middle'
	},
	'pending->failed': {
		points: '120,50 186,64 186,217 219,217',
		label: [190, 100]
	},
	'connecting->closing': {
		points: '168,248 320,248 320,320',
		label: [324, 300]
	},
	'connecting->closingAfterFailure': {
		points: '168,141 200,141',
		label: [184, 136],
		anchor: 'middle'
	},
	'connecting.opening->connecting.initializing': {
		points: '88,122 88,138',
		label: [93, 133]
	},
	'connecting.initializing->connecting.listingTools': {
		points: '88,162 88,178',
		label: [93, 173]
	},
	'connecting.listingTools->connecting.listingResources': {
		points: '88,202 88,218',
		label: [93, 213]
	},
	'connecting.listingResources->connected': {
		points: '88,242 88,320',
		label: [93, 272]
	},
	// Tools-only harnesses (MiniHarness, contextual): around listingResources, into its arrow.
	'connecting.listingTools->connected': {
		points: '154,190 161,190 161,250 88,250 88,320',
		label: [166, 264]
	},
	'closingAfterFailure->failed': {
		points: '274,154 274,204',
		label: [269, 174],
		anchor: 'end'
	},
	'connected->connecting': {
		points: '48,320 48,256',
		label: [43, 300],
		anchor: 'end'
	},
	'connected->closing': {
		points: '143,338 240,338',
		label: [192, 352],
		anchor: 'middle'
	},
	'failed->connecting': {
		points: '219,213 168,213',
		label: [193, 208],
		anchor: 'middle'
	},
	'failed->failed': {
		points: '329,211 347,211 347,223 329,223',
		label: [352, 240],
		anchor: 'end'
	},
	'failed->closing': {
		points: '260,230 260,320',
		label: [264, 300]
	},
	'closing->closed': {
		points: '350,333 370,333 370,37 350,37',
		label: [366, 270],
		anchor: 'end'
	},
	'closed->connecting': {
		points: '262,50 168,100',
		label: [222, 86]
	},
	'closed->failed': {
		points: '340,50 340,64 362,64 362,190 310,190 310,204',
		label: [358, 182],
		anchor: 'end'
	},
	'closed->closed': {
		points: '280,24 280,10 310,10 310,24',
		label: [316, 14]
	}
};

/** The guards whose outcome a server's transport and the world's harness fix. */
export function knownGuards(transport: string, toolsOnly = false): Record<string, boolean> {
	return { isWs: transport === 'ws', toolsOnly };
}

const center = (b: Box): Point => [b.x + b.w / 2, b.y + b.h / 2];

/** A place for anything the hand layout forgot: a row along the bottom, a straight line. */
function fallbackBox(index: number): Box {
	return { x: 8 + (index % 3) * 124, y: CHART_HEIGHT - 30, w: 116, h: 24 };
}

export interface PlacedNode extends ChartNode {
	box: Box;
}

/** Where a state's name is written: centred in its box, or at the top left of a compound one. */
export function nodeLabelAt(node: PlacedNode): {
	x: number;
	y: number;
	anchor: 'start' | 'middle';
} {
	const { box } = node;
	return node.compound
		? { x: box.x + 8, y: box.y + 14, anchor: 'start' }
		: { x: box.x + box.w / 2, y: box.y + box.h / 2, anchor: 'middle' };
}

export interface PlacedEdge extends ChartEdge {
	route: Route;
}

export function layoutChart(
	transport: string,
	root: MachineNode = connectionMachine.root,
	toolsOnly = false
) {
	const nodes: PlacedNode[] = chartNodes(root).map((node, i) => ({
		...node,
		box: BOXES[node.id] ?? fallbackBox(i)
	}));
	const boxOf = new Map(nodes.map((n) => [n.id, n.box]));
	const edges: PlacedEdge[] = chartEdges(root, knownGuards(transport, toolsOnly)).map((edge) => {
		const route = ROUTES[edge.id];
		if (route) return { ...edge, route };
		const [ax, ay] = center(boxOf.get(edge.from)!);
		const [bx, by] = center(boxOf.get(edge.to)!);
		return {
			...edge,
			route: { points: `${ax},${ay} ${bx},${by}`, label: [(ax + bx) / 2, (ay + by) / 2] }
		};
	});
	return { nodes, edges };
}
