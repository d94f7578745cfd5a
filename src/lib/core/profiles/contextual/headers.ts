import { pyRepr } from '../../naming/python-str';
import { pyStripSpace } from '../../python/strip';
import { compareNames } from '../../registry/registry';
import type { ServerConfig } from '../../scenario/schema';
import { headerSecrets, MASK } from '../../live/secret-mask';
import { SECRET_NAME } from '../../world/mask';
import type { ContextualServer, HeaderBinding } from './config';

/**
 * a13n's ContextualMCP (`a13n_harness/mcp`): a URL server whose headers are its static headers
 * plus headers resolved once per logical run from trusted context. Every sentence below is the
 * source's own text; only the `ContextualMCP '<id>': ` prefix naming the server is the lab's.
 */
export const URL_BLANK = 'Contextual MCP url must be a non-blank string.';
export const URL_NOT_HTTP = 'Contextual MCP url must be an HTTP(S) URL.';
export const ID_INVALID = "Contextual MCP id must be a non-blank string without ':'.";
export const SOURCE_UNSUPPORTED = 'MCP context header source is unsupported.';
export const NAME_BLANK = 'MCP context header names must be non-blank strings.';
export const BOUND_NOT_UNIQUE = 'MCP context header names must be unique case-insensitively.';
export const STATIC_NOT_UNIQUE = 'MCP static header names must be unique case-insensitively.';
/** A TypeError's text in the source, raised for a blank static header name. */
export const STATIC_NOT_STRINGS = 'MCP static headers must map non-blank strings to strings';
export const OVERLAP = 'Static and resolved MCP header names must not overlap case-insensitively.';
export const missingRequired = (source: string) =>
	`Required MCP context header source ${pyRepr(source)} is missing.`;

/** The lab's prefix: the source's sentences do not say which server they are about. */
export const aboutServer = (server: string, sentence: string) =>
	`ContextualMCP ${pyRepr(server)}: ${sentence}`;

/** What one logical run knows: the identity's claims, the run and thread, the run's metadata. */
export interface RunContext {
	identity: Readonly<Record<string, unknown>>;
	run_id?: string;
	thread_id?: string;
	metadata?: Readonly<Record<string, unknown>>;
}

const EXACT_SOURCES = new Set([
	'identity.issuer',
	'identity.subject',
	'instance.agent_instance_id',
	'instance.parent_agent_instance_id',
	'instance.delegation_id',
	'instance.actor',
	'context.run_id',
	'context.thread_id'
]);

/** `_is_supported_source`: the exact selectors, one identity claim, one metadata key. */
export function supportedSource(source: string): boolean {
	if (!pyStripSpace(source)) return false;
	if (EXACT_SOURCES.has(source)) return true;
	if (source.startsWith('identity.')) return source.length > 'identity.'.length;
	if (source.startsWith('context.metadata.')) return source.length > 'context.metadata.'.length;
	return false;
}

/**
 * Python's `str.casefold`, as near as header names need: a round trip through upper case folds
 * what lower case alone does not (`ß` and `SS`, `ς` and `σ`, `ſ` and `s`).
 */
const fold = (name: string) => name.toUpperCase().toLowerCase();

/** Each name in turn, as the source's loops check them: blank, then seen before (folded). */
function namesError(names: readonly string[], blank: string, duplicate: string): string | null {
	const seen = new Set<string>();
	for (const name of names) {
		if (!pyStripSpace(name)) return blank;
		if (seen.has(fold(name))) return duplicate;
		seen.add(fold(name));
	}
	return null;
}

/**
 * What `ContextualMCP(...)` and its bindings raise when the definition is built, or null. Only
 * URL servers qualify (a stdio server has no URL; a ws URL is not HTTP(S)); the server's name is
 * its `id`. A definition error fails every run that selects the server.
 */
export function definitionError(
	server: string,
	config: ServerConfig,
	contextual: ContextualServer | undefined
): string | null {
	// In the order Python meets them: the bindings and their config are built first (they are
	// arguments of `ContextualMCP(...)`), then its own checks run, static headers last.
	const bound = Object.entries(contextual?.headers ?? {});
	if (bound.some(([, binding]) => !supportedSource(binding.source))) return SOURCE_UNSUPPORTED;
	const names = namesError(
		bound.map(([name]) => name),
		NAME_BLANK,
		BOUND_NOT_UNIQUE
	);
	if (names) return names;
	const url = config.type === 'stdio' ? '' : config.url;
	if (!pyStripSpace(url)) return URL_BLANK;
	if (!isHttpUrl(url)) return URL_NOT_HTTP;
	if (!pyStripSpace(server) || server.includes(':')) return ID_INVALID;
	if (config.type === 'stdio') return null;
	return namesError(Object.keys(config.headers), STATIC_NOT_STRINGS, STATIC_NOT_UNIQUE);
}

/**
 * `urlparse(url)`: an `http` or `https` scheme and a network location. Python 3.11's `urlsplit`
 * first drops leading C0 controls and spaces, and every tab and line break.
 */
function isHttpUrl(url: string): boolean {
	// eslint-disable-next-line no-control-regex -- C0 controls are what urlsplit drops
	const cleaned = url.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
	const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(cleaned);
	return !!match && /^https?$/i.test(match[1]) && match[2] !== '';
}

function sourceValue(context: RunContext, source: string): unknown {
	if (source === 'context.run_id') return context.run_id;
	if (source === 'context.thread_id') return context.thread_id;
	if (source.startsWith('context.metadata.'))
		return own(context.metadata, source.slice('context.metadata.'.length));
	if (source.startsWith('identity.'))
		return own(context.identity, source.slice('identity.'.length));
	// `instance.*`: the lab's runs have no Host-managed agent instance.
	return undefined;
}

function own(record: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
	return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Compact JSON with sorted keys (`dump_json_text(value, sort_keys=True)`). Written out by hand:
 * a JavaScript object puts integer-like keys first whatever order they are added in, and
 * Python sorts every key as a string, by code point (`"10"` before `"2"` before `"b"`).
 */
export function sortedJson(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
	if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
	const record = value as Record<string, unknown>;
	const keys = Object.keys(record)
		.filter((k) => record[k] !== undefined)
		.sort(compareNames);
	return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(record[k])}`).join(',')}}`;
}

export type Resolved = { ok: true; headers: Record<string, string> } | { ok: false; error: string };

/**
 * `MCPContextHeaders.__call__`: each binding in order; a missing (or null) value fails the run
 * when required and is left out when optional; a string goes as is, anything else as compact
 * JSON with sorted keys.
 */
export function resolveBindings(
	bindings: Readonly<Record<string, HeaderBinding>>,
	context: RunContext
): Resolved {
	const headers: Record<string, string> = {};
	for (const [name, binding] of Object.entries(bindings)) {
		const value = sourceValue(context, binding.source);
		if (value === undefined || value === null) {
			if (binding.required) return { ok: false, error: missingRequired(binding.source) };
			continue;
		}
		headers[name] = typeof value === 'string' ? value : sortedJson(value);
	}
	return { ok: true, headers };
}

/** `for_run`: resolve, refuse an overlap with the static headers, then merge (static first). */
export function runHeaders(
	staticHeaders: Readonly<Record<string, string>>,
	bindings: Readonly<Record<string, HeaderBinding>>,
	context: RunContext
): Resolved {
	const resolved = resolveBindings(bindings, context);
	if (!resolved.ok) return resolved;
	const names = new Set(Object.keys(staticHeaders).map(fold));
	if (Object.keys(resolved.headers).some((name) => names.has(fold(name))))
		return { ok: false, error: OVERLAP };
	return { ok: true, headers: { ...staticHeaders, ...resolved.headers } };
}

/**
 * The error the HTTP client under pydantic-ai raises for a header value it cannot send. httpx
 * encodes header values as ASCII (`_normalize_header_value`: `value.encode(encoding or
 * "ascii")`) when the client is made, before any request, while a13n's `dump_json_text` keeps
 * non-ASCII characters (`ensure_ascii=False`): so a claim such as `José`, or `{"name":"张三"}`,
 * fails the run. The text is Python's `str(UnicodeEncodeError)`: the run of characters the ASCII
 * codec stops at, positions counted in code points. Null when every value is ASCII. The stack may
 * report it wrapped (an exception group around the connection's tasks): this is the error inside.
 * Python's text does not say which header; `header` is for the lab's own note.
 */
export function asciiRefusal(
	headers: Readonly<Record<string, string>>
): { header: string; error: string; part: 'name' | 'value' } | null {
	// httpx normalises each header in turn, its name before its value (`_normalize_header_key`
	// encodes names the same way).
	for (const [header, value] of Object.entries(headers)) {
		const name = asciiError(header);
		if (name) return { header, error: name, part: 'name' };
		const error = asciiError(value);
		if (error) return { header, error, part: 'value' };
	}
	return null;
}

function asciiError(text: string): string | null {
	const chars = Array.from(text);
	const start = chars.findIndex((c) => c.codePointAt(0)! > 0x7f);
	if (start < 0) return null;
	let end = start + 1;
	while (end < chars.length && chars[end].codePointAt(0)! > 0x7f) end++;
	const codec = "'ascii' codec can't encode";
	const reason = 'ordinal not in range(128)';
	if (end - start > 1) return `${codec} characters in position ${start}-${end - 1}: ${reason}`;
	const code = chars[start].codePointAt(0)!;
	const hex = code.toString(16);
	const escaped =
		code <= 0xff
			? `\\x${hex.padStart(2, '0')}`
			: code <= 0xffff
				? `\\u${hex.padStart(4, '0')}`
				: `\\U${hex.padStart(8, '0')}`;
	return `${codec} character '${escaped}' in position ${start}: ${reason}`;
}

/** h11's field-name: an HTTP token. */
const TOKEN = /^[-!#$%&'*+.^_`|~0-9a-zA-Z]+$/;
/**
 * h11's field-value (its `_abnf.py`): no NUL and no whitespace (a line break above all, which
 * would start another header), but spaces and tabs between visible characters; may be empty.
 */
// eslint-disable-next-line no-control-regex -- NUL and the ASCII whitespace are what h11 refuses
const FIELD_VALUE = /^(?:[^\x00 \t\n\r\v\f]+(?:[ \t]+[^\x00 \t\n\r\v\f]+)*)?$/;

/**
 * What h11, under httpx, raises when the run's first request would carry a header it cannot
 * write (`normalize_and_validate`, each header in turn, name then value), or null. Run after
 * asciiRefusal: the names and values are ASCII by then, so Python's bytes repr is `b` and the
 * str repr. A secret header's value is not quoted: the lab shows the mask where Python would
 * print the value.
 */
export function protocolRefusal(
	headers: Readonly<Record<string, string>>,
	secret: ReadonlySet<string>
): { header: string; error: string; part: 'name' | 'value' } | null {
	for (const [header, value] of Object.entries(headers)) {
		if (!TOKEN.test(header))
			return { header, error: `Illegal header name b${pyRepr(header)}`, part: 'name' };
		if (!FIELD_VALUE.test(value)) {
			const shown = secret.has(fold(header)) ? MASK : `b${pyRepr(value)}`;
			return { header, error: `Illegal header value ${shown}`, part: 'value' };
		}
	}
	return null;
}

/**
 * The names of a server's headers whose values are secret: any whose name says so
 * (`Authorization`, `X-Api-Key`…), and any binding marked `secret`. Lowercased.
 */
export function secretNames(
	headers: Readonly<Record<string, string>>,
	bindings: Readonly<Record<string, HeaderBinding>>
): Set<string> {
	const names = Object.keys(headers).filter(
		(name) => SECRET_NAME.test(name) || (Object.hasOwn(bindings, name) && bindings[name].secret)
	);
	return new Set(names.map(fold));
}

/** Headers as the lab shows them anywhere: a secret value is hidden. */
export function shownHeaders(
	headers: Readonly<Record<string, string>>,
	secret: ReadonlySet<string>
): Record<string, string> {
	return Object.fromEntries(
		Object.entries(headers).map(([name, value]) => [name, secret.has(fold(name)) ? MASK : value])
	);
}

/**
 * The secret values themselves, for hiding them inside other text (a server that repeats a
 * token back): each value, and the credential after `Bearer `/`Basic ` on its own.
 */
export function secretValues(
	headers: Readonly<Record<string, string>>,
	secret: ReadonlySet<string>
): string[] {
	const chosen = Object.fromEntries(
		Object.entries(headers).filter(([name]) => secret.has(fold(name)))
	);
	return headerSecrets(chosen, true);
}
