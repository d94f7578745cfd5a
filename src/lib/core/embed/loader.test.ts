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

const LAB = 'https://lab.example';
let listeners: Set<Listener>;
let posted: Array<{ message: Record<string, unknown>; target: string }>;
let frame: { src: string; style: { height: string }; contentWindow: object };
let MCPLab: Loader;

function fromFrame(data: unknown, origin = LAB, source: unknown = frame.contentWindow) {
	for (const listener of listeners) listener({ source, origin, data });
}

beforeEach(() => {
	listeners = new Set();
	posted = [];
	frame = {
		src: `${LAB}/mcp-lab/embed/01-connection-isolation?view=servers`,
		style: { height: '' },
		contentWindow: {
			postMessage: (message: Record<string, unknown>, target: string) =>
				posted.push({ message, target })
		}
	};
	const win: Record<string, unknown> = {
		addEventListener: (_type: string, l: Listener) => listeners.add(l),
		removeEventListener: (_type: string, l: Listener) => listeners.delete(l),
		document: { readyState: 'complete', querySelectorAll: () => [frame] }
	};
	new Function('window', source)(win);
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
		// The probe for a frame that was ready before the attach (see below) goes first.
		expect(posted).toHaveLength(1);
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
	});

	it('is ready, attached after the frame said so, once the frame answers its getState probe', async () => {
		const lab = MCPLab.attach(frame);
		expect(posted).toHaveLength(1);
		const probe = parseMessage(posted[0].message);
		expect(probe).toMatchObject({ kind: 'command', command: { command: 'getState', args: {} } });
		expect(posted[0].target).toBe(LAB);
		// No ready message ever comes: the probe's result is enough.
		fromFrame({
			type: 'mcp-lab:result',
			id: posted[0].message.id,
			ok: true,
			snapshot: { lab: '05-x' }
		});
		await expect(lab.ready).resolves.toEqual({ type: 'mcp-lab:ready', version: 1, lab: '05-x' });
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
});
