import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import type { NewWorldEvent, WorldEvent } from './events';
import { watchToolsChanged } from './list-changed';
import { WireLog } from './wire';

/** A wire log watched as the world watches it, with its own event list. */
function watched() {
	const clock = new SimClock();
	const wire = new WireLog(clock, () => {});
	const events: WorldEvent[] = [];
	watchToolsChanged(
		wire,
		(server) => server === 'pinned',
		() => events.at(-1),
		(event: NewWorldEvent) => events.push({ ...event, seq: events.length + 1, t: 0 } as WorldEvent)
	);
	const notice = (server: string) =>
		wire.append({
			server,
			kind: 'message',
			dir: 'to-host',
			message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }
		});
	return { wire, events, notice };
}

describe('watchToolsChanged', () => {
	it('says servers flooding side by side once each, until something else happens', () => {
		const { events, notice } = watched();
		for (let i = 0; i < 50; i++) {
			notice('a');
			notice('b');
		}
		expect(events.map((e) => e.kind === 'toolsChanged' && e.server)).toEqual(['a', 'b']);
		events.push({ seq: 99, t: 0, kind: 'roots', count: 1 });
		notice('b');
		notice('a');
		notice('b');
		expect(events.slice(-2).map((e) => e.kind === 'toolsChanged' && e.server)).toEqual(['b', 'a']);
	});

	it('hears only a server’s notification: not the host’s, nor a request of that name', () => {
		const { wire, events, notice } = watched();
		wire.append({
			server: 'a',
			kind: 'message',
			dir: 'to-server',
			message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }
		});
		wire.append({
			server: 'a',
			kind: 'message',
			dir: 'to-host',
			message: { jsonrpc: '2.0', id: 1, method: 'notifications/tools/list_changed' }
		});
		expect(events).toEqual([]);
		notice('pinned');
		expect(events).toMatchObject([{ kind: 'toolsChanged', server: 'pinned', heeded: true }]);
	});
});
