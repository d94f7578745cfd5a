import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMessage } from './protocol';

// The host-side loader (static/embed/mcp-lab-embed.js) is a plain script for docs pages. It is
// run here against a fake window and frame; its commands must be what the frame's parser accepts.
const source = readFileSync(
	new URL('../../../../static/embed/mcp-lab-embed.js', import.meta.url),
	'utf8'
);

type Listener = (event: { source: unknown; origin: string; data: unknown }) => void;
interface Loader {
	attach(frame: unknown): Handle;
	attachAll(): Handle[];
}
interface Handle {
	ready: Promise<{ lab: string }>;
	command(name: string, args?: unknown): Promise<{ ok: boolean; snapshot?: unknown }>;
	on(type: string, handler: (data: unknown) => void): () => void;
	detach(): void;
}
interface FakeFrame {
	src: string;
	isConnected?: boolean;
	style: { height: string };
	contentWindow: { postMessage(message: Record<string, unknown>, target: string): void };
	matches(selector: string): boolean;
	querySelectorAll(selector: string): unknown[];
	addEventListener(type: string, listener: () => void): void;
	removeEventListener(type: string, listener: () => void): void;
	fire(type: string): void;
}

const LAB = 'https://lab.example';
const SELECTOR = 'iframe[data-mcp-lab]';
let listeners: Set<Listener>;
let posted: Array<{ message: Record<string, unknown>; target: string; to: FakeFrame }>;
let frame: FakeFrame;
let inDocument: FakeFrame[];
let computedStyle: Record<string, string> | null;
let observers: Array<{ callback: (records: unknown[]) => void; target: unknown; on: boolean }>;
let win: Record<string, unknown>;
let MCPLab: Loader;

/** A marked iframe (as the snippet writes it) whose window records what is posted to it. */
function makeFrame(src = `${LAB}/mcp-lab/embed/01-connection-isolation?view=servers`): FakeFrame {
	const events = new Map<string, Set<() => void>>();
	const made: FakeFrame = {
		src,
		style: { height: '' },
		contentWindow: {
			postMessage: (message, target) => posted.push({ message, target, to: made })
		},
		matches: (selector) => selector === SELECTOR,
		querySelectorAll: () => [],
		addEventListener: (type, l) => events.set(type, (events.get(type) ?? new Set()).add(l)),
		removeEventListener: (type, l) => events.get(type)?.delete(l),
		fire: (type) => events.get(type)?.forEach((l) => l())
	};
	return made;
}

function fromFrame(data: unknown, origin = LAB, source: unknown = frame.contentWindow) {
	for (const listener of listeners) listener({ source, origin, data });
}

// Mutation records come in a microtask, as in a browser.
function notify(target: unknown, record: Record<string, unknown>) {
	for (const observer of observers)
		if (observer.on && observer.target === target)
			queueMicrotask(() => observer.callback([record]));
}
/** A router inserting a node into the document. */
function insert(node: unknown) {
	notify(win.document, { type: 'childList', addedNodes: [node] });
}
/** A router taking a node out of the document. */
function remove(node: { isConnected?: boolean }) {
	node.isConnected = false;
	notify(win.document, { type: 'childList', addedNodes: [], removedNodes: [node] });
}
/** A frame whose window shows the initial about:blank until `loaded` (then a cross-origin page). */
function withBlank(target: FakeFrame) {
	const state = { blank: false };
	Object.defineProperty(target.contentWindow, 'location', {
		get() {
			if (!state.blank) throw new DOMException('Blocked a frame', 'SecurityError');
			return { href: 'about:blank' };
		}
	});
	return state;
}
function setSrc(target: FakeFrame, src: string) {
	target.src = src;
	notify(target, { type: 'attributes', attributeName: 'src' });
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** How a promise ends, handled at once (a command rejected before it is read is not unhandled). */
const ending = (promise: Promise<unknown>) =>
	promise.then(
		() => 'resolved',
		(error: Error) => `rejected: ${error.message}`
	);
/** How a promise stands once the queued work has run (a hang shows as 'pending'). */
async function outcome(promise: Promise<unknown>) {
	let result = 'pending';
	ending(promise).then((ended) => (result = ended));
	await tick();
	return result;
}
/** The loader's console errors, from now on. */
function consoleErrors(): string[] {
	const errors: string[] = [];
	win.console = { error: (message: string) => errors.push(message) };
	return errors;
}
const runLoader = () => new Function('window', source)(win);

beforeEach(() => {
	listeners = new Set();
	posted = [];
	observers = [];
	computedStyle = null;
	frame = makeFrame();
	inDocument = [frame];
	win = {
		addEventListener: (_type: string, l: Listener) => listeners.add(l),
		removeEventListener: (_type: string, l: Listener) => listeners.delete(l),
		document: { readyState: 'complete', querySelectorAll: () => inDocument },
		getComputedStyle: () => computedStyle ?? { boxSizing: 'content-box' },
		MutationObserver: class {
			entry = { callback: (_records: unknown[]) => {}, target: null as unknown, on: false };
			constructor(callback: (records: unknown[]) => void) {
				this.entry.callback = callback;
				observers.push(this.entry);
			}
			observe(target: unknown) {
				Object.assign(this.entry, { target, on: true });
			}
			disconnect() {
				this.entry.on = false;
			}
		}
	};
	runLoader();
	MCPLab = win.MCPLab as Loader;
});

describe('embed loader', () => {
	it('attaches to marked frames once, and resolves ready on the frame’s ready message', async () => {
		const lab = MCPLab.attach(frame);
		expect(MCPLab.attachAll()).toEqual([lab]);
		expect(listeners.size).toBe(1);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		await expect(lab.ready).resolves.toMatchObject({ lab: '01-connection-isolation' });
	});

	it('sizes the frame only from its own window at its own origin', () => {
		MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:resize', height: 812.2 }, 'https://evil.example');
		fromFrame({ type: 'mcp-lab:resize', height: 812.2 }, LAB, {});
		expect(frame.style.height).toBe('');
		fromFrame({ type: 'mcp-lab:resize', height: 812.2 });
		expect(frame.style.height).toBe('813px');
	});

	it('sends commands after ready, to the frame’s origin, and settles on the matching result', async () => {
		const lab = MCPLab.attach(frame);
		const heard: unknown[] = [];
		lab.on('mcp-lab:ready', (message: unknown) => heard.push(message));
		// The probe for a frame that was ready before the attach (see below) goes first.
		expect(posted).toHaveLength(1);
		const probeId = posted[0].message.id;
		posted.length = 0;
		const killed = lab.command('kill', { server: 'filesystem' });
		const state = lab.command('getState');
		await Promise.resolve();
		expect(posted).toEqual([]);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		await lab.ready;
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(posted.map((p) => p.target)).toEqual([LAB, LAB]);
		const [kill, get] = posted.map((p) => parseMessage(p.message));
		expect(kill).toMatchObject({
			kind: 'command',
			command: { command: 'kill', args: { server: 'filesystem' } }
		});
		expect(get).toMatchObject({ kind: 'command', command: { command: 'getState', args: {} } });
		const [killId, getId] = posted.map((p) => p.message.id);
		expect(killId).not.toBe(getId);

		fromFrame({ type: 'mcp-lab:result', id: getId, ok: true, snapshot: { lab: 'x' } });
		fromFrame({ type: 'mcp-lab:result', id: killId, ok: false, error: 'No server "nope".' });
		await expect(state).resolves.toMatchObject({ ok: true, snapshot: { lab: 'x' } });
		await expect(killed).rejects.toThrow('No server "nope".');
		// The probe, held by the frame until it was up, is answered too: ready is heard once.
		fromFrame({ type: 'mcp-lab:result', id: probeId, ok: true, snapshot: { lab: 'x' } });
		expect(heard).toEqual([{ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' }]);
	});

	it('is ready, attached after the frame said so, once the frame answers its getState probe', async () => {
		const lab = MCPLab.attach(frame);
		// A host that listens rather than awaits hears it too (an embed audit: it never did).
		const heard: unknown[] = [];
		lab.on('ready', (message: unknown) => heard.push(message));
		expect(posted).toHaveLength(1);
		const probe = parseMessage(posted[0].message);
		expect(probe).toMatchObject({ kind: 'command', command: { command: 'getState', args: {} } });
		// To any origin: it carries nothing, and an answer from another one is refused (below).
		expect(posted[0].target).toBe('*');
		// No ready message ever comes: the probe's result is enough.
		fromFrame({
			type: 'mcp-lab:result',
			id: posted[0].message.id,
			ok: true,
			snapshot: { lab: '05-x' }
		});
		await expect(lab.ready).resolves.toEqual({ type: 'mcp-lab:ready', version: 1, lab: '05-x' });
		expect(heard).toEqual([{ type: 'mcp-lab:ready', version: 1, lab: '05-x' }]);
		const state = lab.command('getState');
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(posted).toHaveLength(2);
		fromFrame({ type: 'mcp-lab:result', id: posted[1].message.id, ok: true, snapshot: {} });
		await expect(state).resolves.toMatchObject({ ok: true });
	});

	it('passes messages to on() handlers by short or full type, until off()', () => {
		const lab = MCPLab.attach(frame);
		const seen: unknown[] = [];
		const off = lab.on('state', (m) => seen.push(m));
		lab.on('mcp-lab:state', (m) => seen.push(m));
		fromFrame({ type: 'mcp-lab:state', snapshot: {} });
		off();
		fromFrame({ type: 'mcp-lab:state', snapshot: {} });
		fromFrame({ type: 'someone-else:state' });
		expect(seen).toHaveLength(3);
	});

	it('rejects pending commands on detach and stops listening', async () => {
		const lab = MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' });
		const pending = lab.command('reconnectAll');
		await new Promise((resolve) => setTimeout(resolve, 0));
		lab.detach();
		await expect(pending).rejects.toThrow('MCP Lab: detached');
		expect(listeners.size).toBe(0);
		expect(MCPLab.attach(frame)).not.toBe(lab);
	});

	it('attaches, once each, to marked frames a router inserts later, also inside a subtree', async () => {
		const late = makeFrame();
		const nested = makeFrame();
		const section = { matches: () => false, querySelectorAll: () => [nested] };
		insert(late);
		insert(section);
		insert({ nodeName: '#text' });
		await tick();
		expect(listeners.size).toBe(3);
		expect(MCPLab.attachAll()).toHaveLength(1);
		// Each is driven: its resize messages size it.
		fromFrame({ type: 'mcp-lab:resize', height: 300 }, LAB, nested.contentWindow);
		expect(nested.style.height).toBe('300px');
		// Moved by the router (inserted again): still one handle; detached by the page: stays so.
		insert(late);
		await tick();
		expect(listeners.size).toBe(3);
		MCPLab.attach(late).detach();
		insert(late);
		await tick();
		expect(listeners.size).toBe(2);
	});

	it('does not probe a frame still on its initial about:blank, but once its page loads', () => {
		const blank = makeFrame();
		let location: { href: string } | null = { href: 'about:blank' };
		Object.defineProperty(blank.contentWindow, 'location', {
			get() {
				// A cross-origin page's location cannot be read.
				if (!location) throw new DOMException('Blocked a frame', 'SecurityError');
				return location;
			}
		});
		posted.length = 0;
		MCPLab.attach(blank);
		expect(posted).toEqual([]);
		location = null;
		blank.fire('load');
		expect(posted).toHaveLength(1);
		expect(posted[0]).toMatchObject({ target: '*', message: { command: 'getState' } });
	});

	it('loaded twice, keeps the first copy, which also serves the frames added later', async () => {
		const first = win.MCPLab;
		const lab = MCPLab.attach(frame);
		runLoader();
		expect(win.MCPLab).toBe(first);
		expect(listeners.size).toBe(1);
		expect(posted).toHaveLength(1);
		const late = makeFrame();
		insert(late);
		await tick();
		expect(listeners.size).toBe(2);
		expect(MCPLab.attach(frame)).toBe(lab);
	});

	it('never shows a probe’s result to on() handlers, its own late one or another loader’s', async () => {
		const lab = MCPLab.attach(frame);
		const probeId = posted[0].message.id;
		const seen: unknown[] = [];
		lab.on('result', (m) => seen.push(m));
		// The frame loads another page: the probe is no longer pending when its answer comes.
		setSrc(frame, `${LAB}/mcp-lab/embed/02-naming`);
		await tick();
		fromFrame({ type: 'mcp-lab:result', id: probeId, ok: true, snapshot: {} });
		fromFrame({ type: 'mcp-lab:result', id: 'mcp-lab:k3x9q1:probe:4', ok: true, snapshot: {} });
		fromFrame({ type: 'mcp-lab:result', id: 'mine-1', ok: true, snapshot: {} });
		expect(seen).toEqual([{ type: 'mcp-lab:result', id: 'mine-1', ok: true, snapshot: {} }]);
	});

	it('sizes a border-box frame with its vertical border and padding', () => {
		MCPLab.attach(frame);
		computedStyle = {
			boxSizing: 'border-box',
			borderTopWidth: '1px',
			borderBottomWidth: '1px',
			paddingTop: '0px',
			paddingBottom: '0.5px'
		};
		fromFrame({ type: 'mcp-lab:resize', height: 812.2 });
		expect(frame.style.height).toBe('815px');
		computedStyle = { boxSizing: 'content-box', borderTopWidth: '1px', borderBottomWidth: '1px' };
		fromFrame({ type: 'mcp-lab:resize', height: 812.2 });
		expect(frame.style.height).toBe('813px');
	});

	it('keeps a captioned frame (captions=1) within the window, so its caption bar is in view', () => {
		(win as { innerHeight?: number }).innerHeight = 700;
		const captioned = makeFrame(`${LAB}/mcp-lab/embed/01-connection-isolation?captions=1`);
		MCPLab.attach(captioned);
		fromFrame({ type: 'mcp-lab:resize', height: 4881 }, LAB, captioned.contentWindow);
		expect(captioned.style.height).toBe('700px');
		fromFrame({ type: 'mcp-lab:resize', height: 420 }, LAB, captioned.contentWindow);
		expect(captioned.style.height).toBe('420px');
		// Without captions, the frame is as tall as its content.
		MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:resize', height: 4881 });
		expect(frame.style.height).toBe('4881px');
	});

	it('on detach, rejects the commands still waiting for ready, and any command after it', async () => {
		const lab = MCPLab.attach(frame);
		const queued = lab.command('kill', { server: 'filesystem' });
		await tick();
		const justCalled = lab.command('getState');
		lab.detach();
		expect(await Promise.all([outcome(queued), outcome(justCalled)])).toEqual([
			'rejected: MCP Lab: detached',
			'rejected: MCP Lab: detached'
		]);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' });
		posted.length = 0;
		expect(await outcome(lab.command('reset'))).toBe('rejected: MCP Lab: detached');
		await tick();
		expect(posted).toEqual([]);
	});

	it('rejects commands queued for the old page when the src changes; later ones wait for the new', async () => {
		const lab = MCPLab.attach(frame);
		const old = lab.command('kill', { server: 'filesystem' });
		setSrc(frame, `${LAB}/mcp-lab/embed/02-naming`);
		const next = lab.command('getState');
		expect(await outcome(old)).toBe('rejected: MCP Lab: the frame loaded another page');
		posted.length = 0;
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '02-naming' });
		await tick();
		expect(posted.map((p) => p.message.command)).toEqual(['getState']);
		fromFrame({ type: 'mcp-lab:result', id: posted[0].message.id, ok: true, snapshot: {} });
		expect(await outcome(next)).toBe('resolved');
	});

	it('taken out of the page, rejects what was asked and stops listening; put back, is driven again', async () => {
		const lab = MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' });
		await lab.ready;
		const asked = lab.command('reconnectAll');
		await tick();
		remove(frame);
		expect(await outcome(asked)).toBe('rejected: MCP Lab: the frame was removed from the page');
		// Nothing keeps the dropped frame alive: the page's listener is gone.
		expect(listeners.size).toBe(0);
		// A command now waits for the frame's return and its new page's ready.
		const later = lab.command('getState');
		frame.isConnected = true;
		insert(frame);
		await tick();
		expect(listeners.size).toBe(1);
		expect(await outcome(later)).toBe('pending');
		posted.length = 0;
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' });
		await tick();
		expect(posted.map((p) => p.message.command)).toEqual(['getState']);
		fromFrame({ type: 'mcp-lab:result', id: posted[0].message.id, ok: true, snapshot: {} });
		expect(await outcome(later)).toBe('resolved');
	});

	it('moved within the page, rejects what its reloaded page lost, but not what a kept page answers', async () => {
		const page = withBlank(frame);
		const lab = MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' });
		await lab.ready;
		// Moved with moveBefore: the same page, still answering.
		posted.length = 0;
		const kept = lab.command('getState');
		await tick();
		frame.isConnected = true;
		notify(win.document, { type: 'childList', addedNodes: [frame], removedNodes: [frame] });
		await tick();
		fromFrame({ type: 'mcp-lab:result', id: posted[0].message.id, ok: true, snapshot: {} });
		expect(await outcome(kept)).toBe('resolved');
		// Removed and inserted in one task: the frame reloads, back on its initial about:blank.
		const lost = lab.command('kill', { server: 'filesystem' });
		await tick();
		page.blank = true;
		notify(win.document, { type: 'childList', addedNodes: [frame], removedNodes: [frame] });
		expect(await outcome(lost)).toBe('rejected: MCP Lab: the frame loaded another page');
		expect(listeners.size).toBe(1);
	});

	it('attached before it is inserted, sends what was asked once its page is ready', async () => {
		const made = makeFrame();
		made.isConnected = false;
		withBlank(made).blank = true;
		const lab = MCPLab.attach(made);
		const asked = lab.command('getState');
		made.isConnected = true;
		insert(made);
		await tick();
		expect(await outcome(asked)).toBe('pending');
		posted.length = 0;
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: 'sandbox' }, LAB, made.contentWindow);
		await tick();
		expect(posted.map((p) => p.message.command)).toEqual(['getState']);
	});

	it('a src that redirects to another origin: ready and commands are rejected with what to change', async () => {
		const errors = consoleErrors();
		setSrc(frame, 'http://lab.example/mcp-lab/embed/01-connection-isolation');
		const lab = MCPLab.attach(frame);
		const asked = lab.command('kill', { server: 'filesystem' });
		const settled = ending(asked);
		await tick();
		// The lab's page answers from where the redirect took it: https, not the src's http.
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		fromFrame({ type: 'mcp-lab:resize', height: 600 });
		const said =
			"MCP Lab: the frame's page is at https://lab.example, not at http://lab.example as its src says (a redirect?): set the iframe's src to the lab's own address";
		expect(await outcome(lab.ready)).toBe(`rejected: ${said}`);
		expect(await settled).toBe(`rejected: ${said}`);
		expect(await outcome(lab.command('getState'))).toBe(`rejected: ${said}`);
		expect(errors).toEqual([said]);
		expect(frame.style.height).toBe('');
		// The src set to the lab's own address: driven as usual.
		setSrc(frame, `${LAB}/mcp-lab/embed/01-connection-isolation`);
		const next = lab.command('getState');
		await tick();
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		await expect(lab.ready).resolves.toMatchObject({ lab: '01-connection-isolation' });
		await tick();
		const sent = posted.filter(
			(p) => p.message.command === 'getState' && !/probe/.test(String(p.message.id))
		);
		expect(sent.map((p) => p.target)).toEqual([LAB]);
		fromFrame({ type: 'mcp-lab:result', id: sent[0].message.id, ok: true, snapshot: {} });
		expect(await outcome(next)).toBe('resolved');
	});

	it('attached after a redirected page said ready: its answer to the probe says where it is', async () => {
		const errors = consoleErrors();
		setSrc(frame, 'http://lab.example/mcp-lab/embed/01-connection-isolation');
		await tick();
		const lab = MCPLab.attach(frame);
		const asked = ending(lab.command('kill', { server: 'filesystem' }));
		// Posted to the src's origin, the probe would never reach the page at https.
		expect(posted.map((p) => p.target)).toEqual(['*']);
		fromFrame({ type: 'mcp-lab:result', id: posted[0].message.id, ok: true, snapshot: {} });
		const said =
			"MCP Lab: the frame's page is at https://lab.example, not at http://lab.example as its src says (a redirect?): set the iframe's src to the lab's own address";
		expect(await outcome(lab.ready)).toBe(`rejected: ${said}`);
		expect(await asked).toBe(`rejected: ${said}`);
		expect(errors).toEqual([said]);
		// Only the probe went out: the command was never posted anywhere.
		expect(posted).toHaveLength(1);
	});

	it('a frame that shows the 404 page: ready and commands are rejected with its reason, and a right src is driven', async () => {
		const errors = consoleErrors();
		const lab = MCPLab.attach(frame);
		const asked = ending(lab.command('getState'));
		await tick();
		const said = 'MCP Lab: there is no lab named "nope"; the lab ids are 00-protocol-basics';
		fromFrame({ type: 'mcp-lab:missing', version: 1, lab: 'nope', suggestion: null, error: said });
		expect(await outcome(lab.ready)).toBe(`rejected: ${said}`);
		expect(await asked).toBe(`rejected: ${said}`);
		expect(errors).toEqual([said]);
		// Said once, however often the page says it.
		fromFrame({ type: 'mcp-lab:missing', version: 1, lab: 'nope', suggestion: null, error: said });
		expect(errors).toEqual([said]);
		// The host fixes the src and reads ready at once, before the page's observer has run: the
		// new page's promise, not the old page's rejection.
		frame.src = `${LAB}/mcp-lab/embed/01-connection-isolation`;
		const ready = lab.ready;
		expect(await outcome(ready)).toBe('pending');
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		expect(await outcome(ready)).toBe('resolved');
	});

	it('attached after the 404 page said `missing`: its answer to the probe rejects ready with the reason', async () => {
		const errors = consoleErrors();
		const lab = MCPLab.attach(frame);
		const asked = ending(lab.command('getState'));
		const said = 'MCP Lab: there is no lab named "nope"; the lab ids are 00-protocol-basics';
		fromFrame({ type: 'mcp-lab:result', id: posted[0].message.id, ok: false, error: said });
		expect(await outcome(lab.ready)).toBe(`rejected: ${said}`);
		expect(await asked).toBe(`rejected: ${said}`);
		expect(errors).toEqual([said]);
		// A probe the loader itself gives up on (the frame loads another page) fails nothing.
		const other = makeFrame();
		const second = MCPLab.attach(other);
		setSrc(other, `${LAB}/mcp-lab/embed/02-naming`);
		await tick();
		expect(await outcome(second.ready)).toBe('pending');
		expect(errors).toEqual([said]);
	});

	it('a ready frame that loads again (reloaded from inside, same src) rejects what its old page was asked', async () => {
		const lab = MCPLab.attach(frame);
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		await lab.ready;
		const asked = lab.command('callTool', { name: 'mcp__filesystem__read_file' });
		await tick();
		frame.fire('load');
		expect(await outcome(asked)).toBe('rejected: MCP Lab: the frame loaded another page');
		// The new page: later commands wait for it (its ready, or the answer to the load's probe).
		const next = lab.command('getState');
		await tick();
		expect(await outcome(next)).toBe('pending');
		fromFrame({ type: 'mcp-lab:ready', version: 1, lab: '01-connection-isolation' });
		await tick();
		const sent = posted.filter(
			(p) => p.message.command === 'getState' && !/probe/.test(String(p.message.id))
		);
		fromFrame({ type: 'mcp-lab:result', id: sent.at(-1)!.message.id, ok: true, snapshot: {} });
		expect(await outcome(next)).toBe('resolved');
	});
});
