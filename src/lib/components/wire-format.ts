import type { WireEntry } from '$lib/core';
import type { HttpExchange } from '$lib/core/world/wire';
import { boundJson, boundText, clipped } from '$lib/core/text/bound';

/**
 * The protocol log's reading of each wire entry: which JSON-RPC shape it is and a one-line
 * summary in protocol words (method names, ids, result keys, error codes), which stay as they
 * are in every language.
 */
export type WireKind = 'request' | 'response' | 'notification' | 'transport';

export interface WireInfo {
	kind: WireKind;
	method?: string;
	id?: string | number;
	/** For a response: the method of the request it answers, when that request is still in the log. */
	answers?: string;
	error?: { code: number; message: string };
	/** A result that carries `isError: true` (a tool error, which OpenHarness ignores). */
	toolError?: boolean;
	summary: string;
}

export interface ClassifiedEntry {
	entry: WireEntry;
	info: WireInfo;
}

const SUMMARY_MAX = 200;
const VALUE_MAX = 40;

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** `tools[3], isError: true`: the shape of a result at a glance. */
function describeResult(result: unknown): string {
	if (!isObject(result)) return boundJson(result, VALUE_MAX, 0).text;
	const parts = Object.entries(result).map(([key, value]) => {
		if (Array.isArray(value)) return `${key}[${value.length}]`;
		if (isObject(value)) return `${key}: {…}`;
		if (typeof value === 'string') {
			const b = boundText(value, VALUE_MAX);
			return `${key}: ${JSON.stringify(b.text)}${b.omitted ? '…' : ''}`;
		}
		return `${key}: ${String(value)}`;
	});
	return parts.length ? parts.join(', ') : '{}';
}

const HEADERS_SUMMARY_MAX = 380;

const cut = (text: string) => clipped(text, SUMMARY_MAX);

/**
 * A live connection's HTTP exchange in protocol words (`POST initialize → 200, text/event-stream,
 * mcp-session-id`), or the runtime's own words when no answer came (`→ ✕ Failed to fetch`).
 */
function httpSummary(http: HttpExchange): string {
	const answer = http.status
		? [
				http.status,
				http.contentType,
				http.sessionId && 'mcp-session-id',
				http.wwwAuthenticate && `WWW-Authenticate: ${http.wwwAuthenticate}`,
				http.body
			]
		: [`✕ ${http.error ?? 'no answer'}`];
	const line = `${http.method}${http.rpc && ` ${http.rpc}`} → ${answer.filter(Boolean).join(', ')}`;
	// A simulated URL server's request headers (contextual profile), already masked: the point of
	// the line, so it may run longer than other summaries (the log bounds it at 400).
	const sent = Object.entries(http.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
	if (!sent.length) return cut(line);
	return clipped(`${line} · ${sent.join('; ')}`, HEADERS_SUMMARY_MAX);
}

/** One entry on its own (a response's `answers` needs the log: see `classifyEntries`). */
export function classify(entry: WireEntry): WireInfo {
	if (entry.kind === 'transport' && entry.event === 'http') {
		const { status } = entry.http;
		// A failed exchange (or none) shows among the errors.
		const failed = status === 0 || status >= 400;
		return {
			kind: 'transport',
			summary: httpSummary(entry.http),
			...(failed ? { error: { code: status, message: entry.http.error ?? '' } } : {})
		};
	}
	if (entry.kind === 'transport') return { kind: 'transport', summary: entry.event };
	const message = entry.message as Obj;
	const id = message.id as string | number | undefined;
	if (typeof message.method === 'string') {
		const method = message.method;
		if (id === undefined) return { kind: 'notification', method, summary: cut(method) };
		const params = isObject(message.params) ? message.params : {};
		const tool =
			method === 'tools/call' && typeof params.name === 'string' ? ` ${params.name}` : '';
		return { kind: 'request', method, id, summary: cut(`${method}${tool} id=${String(id)}`) };
	}
	if (isObject(message.error)) {
		const code = typeof message.error.code === 'number' ? message.error.code : 0;
		const text = typeof message.error.message === 'string' ? message.error.message : '';
		return {
			kind: 'response',
			id,
			error: { code, message: text },
			summary: cut(`id=${String(id)} error ${code}: ${text}`)
		};
	}
	const result = message.result;
	return {
		kind: 'response',
		id,
		toolError: isObject(result) && result.isError === true,
		summary: cut(`id=${String(id)} result: ${describeResult(result)}`)
	};
}

/**
 * Classifies a log in order, pairing each response with the latest earlier request of the same
 * id on the same server (ids restart with every new connection). It remembers what it saw: each
 * entry is classified once, and the same entry gets the same object on every later look, so a
 * view keyed by identity redraws only new rows (a long log is looked at after every message).
 */
export class WireClassifier {
	/** Requests not answered yet, by server and id; the oldest go first past the cap (hung servers). */
	static readonly OPEN_MAX = 10_000;
	#seen = new WeakMap<WireEntry, ClassifiedEntry>();
	#open = new Map<string, string>();
	#lastSeq = 0;

	classify(entries: readonly WireEntry[]): ClassifiedEntry[] {
		// A replaced world (reset, a move back in time) numbers its log from 1 again.
		const last = entries.at(-1);
		if (last && last.seq < this.#lastSeq) this.#open.clear();
		this.#lastSeq = last?.seq ?? 0;
		return entries.map((entry) => this.#seen.get(entry) ?? this.#first(entry));
	}

	#first(entry: WireEntry): ClassifiedEntry {
		const info = classify(entry);
		if (info.id !== undefined) {
			const key = `${entry.server}\u0000${String(info.id)}`;
			if (info.kind === 'request' && info.method) {
				this.#open.delete(key);
				this.#open.set(key, info.method);
				if (this.#open.size > WireClassifier.OPEN_MAX)
					this.#open.delete(this.#open.keys().next().value!);
			} else if (info.kind === 'response' && this.#open.has(key)) {
				info.answers = this.#open.get(key);
				this.#open.delete(key);
			}
		}
		const item = { entry, info };
		this.#seen.set(entry, item);
		return item;
	}
}

/** A log classified on its own, with nothing remembered. */
export function classifyEntries(entries: readonly WireEntry[]): ClassifiedEntry[] {
	return new WireClassifier().classify(entries);
}

export type KindFilter = 'all' | 'requests' | 'responses' | 'notifications' | 'errors';
export const KIND_FILTERS: readonly KindFilter[] = [
	'all',
	'requests',
	'responses',
	'notifications',
	'errors'
];

export function matchesKind(info: WireInfo, filter: KindFilter): boolean {
	switch (filter) {
		case 'all':
			return true;
		case 'requests':
			return info.kind === 'request';
		case 'responses':
			return info.kind === 'response';
		case 'notifications':
			return info.kind === 'notification';
		case 'errors':
			return info.error !== undefined || info.toolError === true;
	}
}

export const SHOWN_MAX = 300;

/** The newest `limit` entries that match, oldest first, and how many earlier matches are hidden. */
export function visibleEntries(
	items: readonly ClassifiedEntry[],
	server: string,
	kind: KindFilter,
	limit = SHOWN_MAX
): { shown: ClassifiedEntry[]; hidden: number } {
	const matching = items.filter(
		(item) => (server === '' || item.entry.server === server) && matchesKind(item.info, kind)
	);
	const hidden = Math.max(0, matching.length - limit);
	return { shown: matching.slice(hidden), hidden };
}

/** The full message, pretty and bounded, for the expanded row. */
export function messageJson(entry: WireEntry, max = 8000) {
	return entry.kind === 'message' ? boundJson(entry.message, max) : { text: '', omitted: 0 };
}
