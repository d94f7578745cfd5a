import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Addresses only this machine can reach (IPv4-mapped IPv6 included, as Node reports them). */
export function isLoopback(address: string | undefined): boolean {
	if (!address) return false;
	const bare = address.replace(/^::ffff:/i, '');
	return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** `host:port` as a Host header carries it (IPv6 literals in brackets). */
export function hostWithPort(host: string, port: number): string {
	return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The Host values a request may carry: the loopback names and the address listened on. */
export function allowedHosts(host: string, port: number): string[] {
	const names = ['127.0.0.1', 'localhost', host].map((h) => hostWithPort(h, port).toLowerCase());
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
