import type { NewWorldEvent, WorldEvent } from './events';
import type { WireLog } from './wire';

export const TOOLS_CHANGED = 'notifications/tools/list_changed';

/**
 * A server's notifications/tools/list_changed becomes a world event, so the live region and the
 * narration say it arrived and whether anything acts on it (OpenHarness does not, §1; lab 09's
 * pin tracker does). It is read off the wire, not through a notification handler: the SDK keeps
 * one handler per method, and the pin tracker's must stay the one that answers. A flood says it
 * once: a notice from the server whose notice is already the world's latest event is not repeated.
 */
export function watchToolsChanged(
	wire: WireLog,
	heeded: (server: string) => boolean,
	latest: () => WorldEvent | undefined,
	emit: (event: NewWorldEvent) => void
): void {
	wire.tap((entry) => {
		if (entry.kind !== 'message' || entry.dir !== 'to-host') return;
		const message = entry.message;
		if (!('method' in message) || message.method !== TOOLS_CHANGED || 'id' in message) return;
		const last = latest();
		if (last?.kind === 'toolsChanged' && last.server === entry.server) return;
		emit({ kind: 'toolsChanged', server: entry.server, heeded: heeded(entry.server) });
	});
}
