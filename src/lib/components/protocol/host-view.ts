import type { HostRequest, ProtocolResult, WireEntry } from '$lib/core';
import { capabilityNames } from './capabilities';

/** Requests waiting for a person, oldest first (answer in order), then the settled ones, newest first. */
export function pendingFirst(requests: readonly HostRequest[]): {
	pending: HostRequest[];
	answered: HostRequest[];
} {
	return {
		pending: requests.filter((r) => r.state === 'pending'),
		answered: requests.filter((r) => r.state !== 'pending').reverse()
	};
}

export interface Negotiated {
	/** The version the server answered (the client may have refused it). */
	version: string;
	capabilities: string[];
	server: string;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

/**
 * The server's side of its newest handshake, read from the wire: the answer to the last
 * `initialize` the host sent it. null before any answer (or once it left the log's window).
 */
export function negotiated(entries: readonly WireEntry[], server: string): Negotiated | null {
	let id: unknown;
	let found: Negotiated | null = null;
	for (const e of entries) {
		if (e.server !== server || e.kind !== 'message') continue;
		const message = e.message as Obj;
		if (e.dir === 'to-server' && message.method === 'initialize') {
			id = message.id;
			found = null;
		} else if (
			e.dir === 'to-host' &&
			id !== undefined &&
			message.id === id &&
			isObject(message.result)
		) {
			const result = message.result;
			const info = isObject(result.serverInfo) ? result.serverInfo : {};
			found = {
				version: str(result.protocolVersion),
				capabilities: capabilityNames(result.capabilities),
				server: `${str(info.name)} ${str(info.version)}`.trim()
			};
			id = undefined;
		}
	}
	return found;
}

/** The level last accepted by `logging/setLevel` for this server; '' for the server's default. */
export function logLevelOf(results: readonly ProtocolResult[], server: string): string {
	const set = results.findLast(
		(r) => r.server === server && r.method === 'logging/setLevel' && r.state === 'ok'
	);
	return set ? str(set.params.level) : '';
}
