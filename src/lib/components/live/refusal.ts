import { m } from '$lib/paraglide/messages';

/**
 * A command a live server cannot take (hang, delay) carries a message key and parameters (see
 * LiveCommandError): its sentence in the page's language, or null for any other failure.
 * Read by shape, not class, so the live I/O code need not load to recognise it.
 */
export function refusalText(error: unknown): string | null {
	if (typeof error !== 'object' || error === null || !('key' in error)) return null;
	const { key, params } = error as { key: unknown; params?: { server?: unknown } };
	const server = typeof params?.server === 'string' ? params.server : '';
	if (key === 'live_refuses_hang') return m.live_refuses_hang({ server });
	if (key === 'live_refuses_delay') return m.live_refuses_delay({ server });
	return null;
}
