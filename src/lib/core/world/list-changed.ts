import type { NewWorldEvent, WorldEvent } from './events';
import type { WireLog } from './wire';

export const TOOLS_CHANGED = 'notifications/tools/list_changed';

/**
 * A server's notifications/tools/list_changed becomes a world event, so the live region and the
 * narration say it arrived and whether anything acts on it (OpenHarness does not, §1; lab 09's
 * pin tracker does). It is read off the wire, not through a notification handler: the SDK keeps
 * one handler per method, and the pin tracker's must stay the one that answers. A flood says it
 * once: a server's notice is not said again until something else has happened in the world, so
 * servers flooding side by side are said once each (the audit's hostile server sent 2,000 a second).
 */
export function watchToolsChanged(
	wire: WireLog,
	heeded: (server: string) => boolean,
	latest: () => WorldEvent | undefined,
	emit: (event: NewWorldEvent) => void
): void {
	/** Servers whose notice was said since the world's last other event. */
	const said = new Set<string>();
	wire.tap((entry) => {
		if (entry.kind !== 'message' || entry.dir !== 'to-host') return;
		const message = entry.message;
		if (!('method' in message) || message.method !== TOOLS_CHANGED || 'id' in message) return;
		if (latest()?.kind !== 'toolsChanged') said.clear();
		if (said.has(entry.server)) return;
		said.add(entry.server);
		emit({ kind: 'toolsChanged', server: entry.server, heeded: heeded(entry.server) });
	});
}
