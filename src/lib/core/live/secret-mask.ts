import { SECRET_NAME } from '../world/mask';

/** What stands in for a secret wherever the world would otherwise keep it. */
export const MASK = '••••';

/**
 * Hides given secret values (a live server's token and header values) in everything a world
 * keeps: wire entries, messages the harness reads, error texts. Unlike `maskSecrets` (which
 * guesses secrets by their names and shapes), it knows the exact values, so it hides them
 * wherever they appear, even inside other text.
 */
export interface Masker {
	text(text: string): string;
	/** A copy of a JSON value with every secret hidden (the value itself when there is none). */
	value<T>(value: T): T;
	/** The same error with its message masked (its class and code stay, for classification). */
	error<T>(error: T): T;
}

const MAX_DEPTH = 64;

export function masker(secrets: ReadonlyArray<string | undefined>): Masker {
	// Longest first, so a secret that contains another is hidden whole.
	const values = [...new Set(secrets.filter((s): s is string => !!s))].sort(
		(a, b) => b.length - a.length
	);
	const has = (input: string) => values.some((secret) => input.includes(secret));
	const text = (input: string) =>
		has(input) ? values.reduce((out, secret) => out.split(secret).join(MASK), input) : input;
	// Secrets JSON writes as they are can be looked for in one serialisation first (the common
	// case: nothing to hide, nothing copied).
	const plain = values.every((s) => JSON.stringify(s) === `"${s}"`);
	const walk = (value: unknown, depth: number): unknown => {
		if (typeof value === 'string') return text(value);
		if (value === null || typeof value !== 'object') return value;
		// Deeper than any real message: hidden whole rather than walked.
		if (depth > MAX_DEPTH) return has(JSON.stringify(value) ?? '') ? MASK : value;
		if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v, depth + 1)]));
	};
	return {
		text,
		value: <T>(value: T): T => {
			if (!values.length || (plain && !has(JSON.stringify(value) ?? ''))) return value;
			return walk(value, 0) as T;
		},
		error: <T>(error: T): T => {
			if (error instanceof Error && has(error.message)) error.message = text(error.message);
			return error;
		}
	};
}

/** A header value this long is hidden whatever its header's name (a tenant id, a team key). */
export const HIDDEN_VALUE_MIN = 8;

/**
 * The values of these headers worth hiding: all of them (`all`: the page's own secrets), or
 * those whose name says secret and every other one of at least HIDDEN_VALUE_MIN characters (a
 * scenario's `X-Version: 2` must not mask every 2 in the log; `X-Tenant: acme-prod-9f3k2` is
 * hidden). Each as typed and as sent: `Headers.set` trims the spaces around a value, and a
 * server repeats what it received. A credential after `Bearer ` or `Basic ` is hidden on its own
 * too, as servers echo it bare.
 */
export function headerSecrets(headers: Record<string, string>, all: boolean): string[] {
	return Object.entries(headers).flatMap(([name, value]) => {
		const sent = value.trim();
		if (!all && !SECRET_NAME.test(name) && sent.length < HIDDEN_VALUE_MIN) return [];
		const credential = /^(?:bearer|basic)\s+(\S+)$/i.exec(sent)?.[1];
		return [...new Set([value, sent, ...(credential ? [credential] : [])])].filter(Boolean);
	});
}
