import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectionWithIo } from './connection.machine';
import { managerMachine } from './manager.machine';
import type { ConnectionIo, ToolInfo } from './types';

/** Scripted I/O for the manager's decisions alone (the world tests run the real SDK). */
function scriptedIo(fail: Record<string, string> = {}) {
	const calls: string[] = [];
	const pending: Array<() => void> = [];
	const step = <T>(label: string, value: () => T): Promise<T> =>
		new Promise((resolve, reject) => {
			calls.push(label);
			pending.push(() => (fail[label] ? reject(new Error(fail[label])) : resolve(value())));
		});
	const tool = (name: string): ToolInfo => ({
		name,
		description: '',
		inputSchema: { type: 'object', properties: {} }
	});
	const io: ConnectionIo = {
		open: (s) => step(`open:${s}`, () => undefined),
		initialize: (s) =>
			step(`initialize:${s}`, () => ({
				protocolVersion: '2025-11-25',
				serverName: s,
				serverVersion: '1',
				instructions: ''
			})),
		listTools: (s) => step(`listTools:${s}`, () => [tool('t')]),
		listResources: (s) => step(`listResources:${s}`, () => []),
		close: (s) => step(`close:${s}`, () => undefined)
	};
	/** Resolves I/O one step at a time until nothing is waiting. */
	const drain = async () => {
		for (let i = 0; i < 200; i++) {
			await Promise.resolve();
			await new Promise<void>((r) => queueMicrotask(r));
			const next = pending.shift();
			if (!next) {
				await new Promise((r) => setImmediate(r));
				if (!pending.length) return;
				continue;
			}
			next();
		}
	};
	return { io, calls, drain };
}

function start(servers: Array<[string, 'stdio' | 'http' | 'ws']>, fail?: Record<string, string>) {
	const scripted = scriptedIo(fail);
	const actor = createActor(
		managerMachine.provide({ actors: { connection: connectionWithIo(scripted.io) } }),
		{
			input: { servers: servers.map(([server, transport]) => ({ server, transport })) }
		}
	);
	actor.start();
	return { actor, ...scripted };
}

const statuses = (actor: ReturnType<typeof start>['actor']) =>
	Object.fromEntries(
		Object.entries(actor.getSnapshot().context.connections).map(([k, ref]) => [
			k,
			ref.getSnapshot().context.status
		])
	);

describe('manager machine', () => {
	it('connects one server at a time, in config order, then builds the registry once', async () => {
		const { actor, calls, drain } = start([
			['b', 'stdio'],
			['a', 'http'],
			['c', 'ws']
		]);
		actor.send({ type: 'START_SESSION' });
		await drain();
		expect(calls).toEqual([
			'open:b',
			'initialize:b',
			'listTools:b',
			'listResources:b',
			'open:a',
			'initialize:a',
			'listTools:a',
			'listResources:a'
		]);
		expect(statuses(actor)).toEqual({ b: 'connected', a: 'connected', c: 'failed' });
		expect(actor.getSnapshot().value).toBe('idle');
		// Sorted by server name, whatever the config order.
		expect(actor.getSnapshot().context.registry?.tools.map((t) => t.name)).toEqual([
			'mcp__a__t',
			'mcp__b__t'
		]);
		expect(actor.getSnapshot().context.sessions).toBe(1);
	});

	it('keeps going when one server fails: its failure is its own', async () => {
		const { actor, calls, drain } = start(
			[
				['a', 'stdio'],
				['b', 'stdio']
			],
			{ 'initialize:a': 'Connection closed' }
		);
		actor.send({ type: 'START_SESSION' });
		await drain();
		expect(calls).toContain('close:a');
		expect(calls.slice(-4)).toEqual(['open:b', 'initialize:b', 'listTools:b', 'listResources:b']);
		expect(statuses(actor)).toEqual({ a: 'failed', b: 'connected' });
		expect(actor.getSnapshot().context.registry?.tools.map((t) => t.name)).toEqual(['mcp__b__t']);
	});

	it('reconnect_all closes everything, connects all again, and does not rebuild the registry', async () => {
		const { actor, calls, drain } = start([
			['a', 'stdio'],
			['b', 'stdio']
		]);
		actor.send({ type: 'START_SESSION' });
		await drain();
		const registry = actor.getSnapshot().context.registry;
		calls.length = 0;
		actor.send({ type: 'RECONNECT_ALL' });
		await drain();
		expect(calls.slice(0, 2).sort()).toEqual(['close:a', 'close:b']);
		expect(calls.slice(2, 4)).toEqual(['open:a', 'initialize:a']);
		expect(actor.getSnapshot().context.registry).toBe(registry);
		expect(actor.getSnapshot().context.sessions).toBe(1);
	});

	it('close_session closes every connection and drops the registry', async () => {
		const { actor, drain } = start([['a', 'stdio']]);
		actor.send({ type: 'START_SESSION' });
		await drain();
		actor.send({ type: 'CLOSE_SESSION' });
		await drain();
		expect(statuses(actor)).toEqual({ a: 'pending' });
		expect(actor.getSnapshot().context.registry).toBeNull();
		expect(actor.getSnapshot().value).toBe('idle');
	});
});
