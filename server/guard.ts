import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4 } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

/** Addresses only this machine can reach (IPv4-mapped IPv6 included, as Node reports them). */
export function isLoopback(address: string | undefined): boolean {
	if (!address) return false;
	const bare = address.replace(/^::ffff:/i, '');
	return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** Listening on every interface: other machines reach it by this machine's own addresses. */
export function isWildcard(host: string): boolean {
	return host === '0.0.0.0' || host === '::';
}

/** `host:port` as a Host header carries it (IPv6 literals in brackets). */
export function hostWithPort(host: string, port: number): string {
	return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** This machine as the network knows it: `machineOf(os.networkInterfaces(), os.hostname())`. */
export interface Machine {
	/** Every address of its interfaces, bare (no brackets), loopback and link-local included. */
	addresses: string[];
	/**
	 * The addresses another machine can put in a URL: not internal, and no IPv6 link-local one
	 * (a browser cannot open it without its zone). IPv4 first: the one a room types most easily.
	 */
	lan: string[];
	/** Its host name, lower-cased as Host values are compared. */
	name: string;
}

const linkLocal = (address: string) => /^fe[89ab]/i.test(address);

/** Read once at start; the interfaces are a parameter so tests need not be on a network. */
export function machineOf(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, name: string): Machine {
	const all = Object.values(interfaces).flatMap((list) => list ?? []);
	const rank = (i: NetworkInterfaceInfo) =>
		i.internal ? 2 : linkLocal(i.address) ? 3 : isIPv4(i.address) ? 0 : 1;
	const sorted = [...all].sort((a, b) => rank(a) - rank(b));
	const addresses = [...new Set(sorted.map((i) => i.address.toLowerCase()))];
	const lan = [...new Set(sorted.filter((i) => rank(i) < 2).map((i) => i.address.toLowerCase()))];
	return { addresses, lan, name: name.toLowerCase() };
}

/**
 * Whether a peer is this machine: loopback, or one of its own addresses (a request from this
 * machine to its own LAN address comes from that address, IPv4-mapped when the listener is IPv6).
 */
export function isThisMachine(address: string | undefined, machine: Machine): boolean {
	if (!address) return false;
	if (isLoopback(address)) return true;
	const bare = address
		.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
		.replace(/%.*$/, '')
		.toLowerCase();
	return machine.addresses.includes(bare);
}

/**
 * The Host values a request may carry: the loopback names and the address listened on. Bound
 * beyond loopback (0.0.0.0, ::, a LAN address), learners reach it by any of this machine's
 * addresses or its name, so those pass too; any other name is still refused (a rebinding page
 * sends its own).
 */
export function allowedHosts(host: string, port: number, machine?: Machine): string[] {
	const hosts = ['127.0.0.1', 'localhost', host];
	if (machine && !isLoopback(host)) hosts.push(...machine.addresses, machine.name);
	const names = hosts.filter(Boolean).map((h) => hostWithPort(h, port).toLowerCase());
	return [...new Set(names)];
}

export type Refusal = { header: 'Host' | 'Origin'; value: string };

/**
 * DNS-rebinding protection: a page on an attacker's name that resolves to 127.0.0.1 sends its own
 * Host and Origin, so both are checked. Requests without Origin (curl, Node clients) are not
 * from a page and pass when their Host is right.
 */
export function checkHostAndOrigin(
	headers: IncomingHttpHeaders,
	hosts: readonly string[],
	origins: readonly string[]
): Refusal | null {
	const host = headers.host ?? '';
	if (!hosts.includes(host.toLowerCase())) return { header: 'Host', value: host };
	const origin = headers.origin;
	if (origin !== undefined && !origins.includes(origin)) return { header: 'Origin', value: origin };
	return null;
}

/** Constant-time comparison of secrets of any length (hashing first equalises the lengths). */
export function sameSecret(given: string | undefined, expected: string): boolean {
	if (given === undefined) return false;
	const digest = (s: string) => createHash('sha256').update(s).digest();
	return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request carries `Authorization: Bearer <token>` (the scheme is case-insensitive). */
export function hasBearer(headers: IncomingHttpHeaders, token: string): boolean {
	const match = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '');
	return sameSecret(match?.[1], token);
}
